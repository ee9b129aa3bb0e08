// Resigning from the game's page, on a phone (issue 31): "Resign…" asks first ("No" keeps the game
// going), then the game is over, the page says who won, and the log says the player resigned.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, signUp, tokenOf, type Player } from './support/browser.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let player: Player;

beforeAll(async () => {
  player = await openBrowser({ phone: true });
});
afterAll(async () => {
  await player?.close();
});

test('a player resigns at 375 px: asked first, then the game is over and the page says who won', async () => {
  const { page } = player;
  await signUp(page, t.base, 'resign');
  const token = await tokenOf(page);
  const game = await callApi<{ id: string }>(t.base, 'POST', '/v1/games', token, {
    game: 'helter-skelter',
    seat: 0,
    options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine', bot: true }] },
  });
  await page.goto(`${t.base}/games/${game.id}`);
  await page.getByRole('group', { name: /The board/ }).waitFor();

  await page.getByRole('button', { name: 'Resign…' }).tap();
  await page.getByRole('group', { name: 'Confirm resignation' }).getByText('Resign this game?').waitFor();
  await page.getByRole('button', { name: 'No' }).tap();
  await expect(page.getByRole('button', { name: 'Yes, resign' }).count()).resolves.toBe(0);
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: 'Resign…' }).tap();
  await page.getByRole('button', { name: 'Yes, resign' }).tap();
  await page.getByRole('status').filter({ hasText: /^Game over: .+ wins\./ }).waitFor();
  await page.getByRole('list', { name: 'Event log' }).getByText(/resigns\.$/).waitFor();
  await expect(page.getByRole('button', { name: 'Resign…' }).count()).resolves.toBe(0);
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
});
