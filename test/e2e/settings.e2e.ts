// The settings the web client gained beside the table chat, through the page only:
// - a seat's standing orders changed from the game page (the API then holds them for that seat);
// - the time zone deadlines are shown in, chosen in the settings, named beside the deadline;
// - the standing orders new games start with, for every game that has them (Miniatures' push-back too);
// - a per-game webhook, subscribed from the settings for one of the player's games.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, signUp, tokenOf, type Player } from './support/browser.ts';

// Webhooks to a local address, which the default policy refuses: nothing is delivered in this test.
const t = useTestApp({ webhookPolicy: { allowHttp: true, allowPrivate: true } });
let player: Player;

beforeAll(async () => {
  player = await openBrowser();
});
afterAll(async () => {
  await player?.close();
});

const api = <T>(method: string, path: string, token: string, body?: unknown) => callApi<T>(t.base, method, path, token, body);

test('seat orders from the game page, the time zone of deadlines, a per-game webhook', async () => {
  const { page } = player;
  await signUp(page, t.base, 'prefs');
  const token = await tokenOf(page);
  const game = await api<{ id: string }>('POST', '/v1/games', token, {
    game: 'helter-skelter',
    options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine', bot: true }] },
  });
  await api('POST', `/v1/games/${game.id}/seats/0/claim`, token);

  // Standing orders for this seat, in this game.
  await page.goto(`${t.base}/games/${game.id}`);
  await page.getByText('Standing orders in this game').click();
  await page.getByLabel('Defences').selectOption('never');
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  expect(await api<{ defence: string }>('GET', `/v1/games/${game.id}/seats/0/orders`, token)).toMatchObject({ defence: 'never' });

  // The set-up awaits the player: its deadline is named in the player's zone (UTC, the default).
  await page.locator('.deadline').first().waitFor();
  expect(await page.locator('.deadline').first().textContent()).toMatch(/\(by .+ \(UTC\)\)/);

  await page.goto(`${t.base}/settings`);
  await page.getByLabel('Time zone for deadlines').selectOption('Asia/Tokyo');
  await page.getByRole('status').filter({ hasText: 'Saved.' }).first().waitFor();
  expect((await api<{ timeZone: string }>('GET', '/v1/me/preferences', token)).timeZone).toBe('Asia/Tokyo');

  // Every game's standing orders, one group each: Miniatures' push-back beside Helter Skelter's answers.
  await page.getByRole('group', { name: 'Helter Skelter' }).getByLabel('Defences').waitFor();
  await page.getByRole('group', { name: 'Miniatures' }).getByLabel('Push-backs after a won Melee').selectOption('always');
  await expect.poll(async () => (await api<{ orders: Record<string, string> }>('GET', '/v1/me/preferences', token)).orders).toMatchObject({ pushBack: 'always', defence: 'always' });

  // A webhook for every event of that one game.
  await page.getByLabel('URL').fill('http://127.0.0.1:9/hook');
  await page.getByLabel('For', { exact: true }).selectOption(game.id);
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await page.getByText('Its signing secret, shown this once').waitFor();
  await page.locator('ul.tokens li').filter({ hasText: 'every event of Helter Skelter: The Judges v Sláine' }).waitFor();
  const hooks = await api<{ webhooks: { gameId: string | null; url: string }[] }>('GET', '/v1/webhooks', token);
  expect(hooks.webhooks).toEqual([expect.objectContaining({ gameId: game.id, url: 'http://127.0.0.1:9/hook' })]);

  // Back at the game, its deadline in the zone chosen.
  await page.goto(`${t.base}/games/${game.id}`);
  await page.locator('.deadline').filter({ hasText: 'Asia/Tokyo' }).first().waitFor();
});
