// A rematch offered and accepted (issue 31, "Rematch"), each player in a phone-sized browser of
// their own: a Block War game between them, arranged and ended through the API; one offers a
// rematch from the ended game's page, the other's page shows the offer without a reload and
// accepts it, and both land in the new game, where the seats have turned.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { blockWar, surrender, toFirstTurn } from '../api/players-support.ts';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { openBrowser, signUp, tokenOf, type Player } from './support/browser.ts';
import { callApi } from './support/api.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let anna: Player;
let bill: Player;

beforeAll(async () => {
  [anna, bill] = await Promise.all([openBrowser({ phone: true, confirm: false }), openBrowser({ phone: true, confirm: false })]);
});
afterAll(async () => {
  await Promise.all([anna?.close(), bill?.close()]);
});

const noSidewaysScroll = (player: Player) => player.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a rematch is offered on one phone, accepted on the other, and both land in the new game', async () => {
  const a = { handle: await signUp(anna.page, t.base, 'ra'), token: await tokenOf(anna.page) };
  const b = { handle: await signUp(bill.page, t.base, 'rb'), token: await tokenOf(bill.page) };
  const id = await blockWar(t.base, a, [a, b]);
  await toFirstTurn(t.base, id, [a, b]);
  await surrender(t.base, id, [a]);

  await Promise.all([anna.page.goto(`${t.base}/games/${id}`), bill.page.goto(`${t.base}/games/${id}`)]);
  await anna.page.locator('main.game-page[data-status="finished"]').waitFor();
  await bill.page.locator('main.game-page[data-status="finished"]').waitFor();

  await anna.page.getByRole('button', { name: 'Offer a rematch' }).click();
  await anna.page.getByText(/offered a rematch; waiting for/).waitFor();
  // Bill's open page learns of the offer by itself, and he accepts.
  await bill.page.getByRole('button', { name: 'Accept' }).click();
  await bill.page.getByRole('link', { name: 'Play the rematch' }).click();
  await bill.page.locator('main.game-page[data-status="active"]').waitFor();
  const rematch = new URL(bill.page.url()).pathname.split('/').pop()!;
  expect(rematch).not.toBe(id);
  // Anna's page shows the new game too, without a reload.
  await anna.page.getByRole('link', { name: 'Play the rematch' }).click();
  await anna.page.waitForURL(`${t.base}/games/${rematch}`);
  await anna.page.locator('main.game-page[data-status="active"]').waitFor();

  // Anna sat at seat 0 and Bill at seat 1: now Bill is at 0 and Anna at 1.
  const game = await callApi<{ seats: { player: string | null }[] }>(t.base, 'GET', `/v1/games/${rematch}`, a.token);
  expect(game.seats.map((seat) => seat.player)).toEqual([b.handle, a.handle]);
  expect(await noSidewaysScroll(anna)).toBe(true);
  expect(await noSidewaysScroll(bill)).toBe(true);
});
