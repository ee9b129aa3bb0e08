// An email's link (/games/{id}) followed while signed out: the page shows the game to a spectator
// with a log-in link, and logging in lands on that game, now as the player's seat.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { openBrowser, type Player } from './support/browser.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let visitor: Player;

beforeAll(async () => {
  visitor = await openBrowser();
});
afterAll(async () => {
  await visitor?.close();
});

test('a signed-out visitor following a game link lands on the game after logging in', async () => {
  const handle = `link${Date.now().toString(36)}`;
  const password = 'correct horse battery staple';
  const post = async (route: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${t.base}${route}`, {
      method: 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(response.ok, route).toBe(true);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const { token } = (await post('/v1/accounts', null, { handle, email: `${handle}@example.com`, password })) as { token: string };
  const game = (await post('/v1/games', token, { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine', bot: true }] } })) as { id: string };
  await post(`/v1/games/${game.id}/seats/0/claim`, token);

  const { page } = visitor;
  await page.goto(`${t.base}/games/${game.id}`);
  await page.getByText('You are watching.').waitFor();
  expect(await page.locator('.hand').count()).toBe(0);
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Handle or email').fill(handle);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await page.waitForURL(`${t.base}/games/${game.id}`);
  await page.locator('main.game-page[data-awaiting-me="yes"]').waitFor();
  expect(await page.getByText('You are watching.').count()).toBe(0);
  await page.getByRole('heading', { name: /Your hand/ }).waitFor();
});
