// A private game, an invite link and a friend who has no account yet (issue 31, "Tables and
// invitations"), each player in a browser of their own:
// - the creator makes a private Helter Skelter game with a seat for a player who joins, from the
//   lobby's form, makes an invite link on the game's page and copies it;
// - the game is in no lobby, and its page shows a stranger nothing;
// - the friend opens the link, chooses "Take this seat", signs up, comes back to the same link
//   and the same seat, takes it, and the game starts on both pages.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { openBrowser, signUp, type Player } from './support/browser.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let host: Player;
let friend: Player;

beforeAll(async () => {
  [host, friend] = await Promise.all([openBrowser(), openBrowser()]);
  await host.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.base });
});
afterAll(async () => {
  await Promise.all([host?.close(), friend?.close()]);
});

test('a friend takes a seat in a private game from its invite link, signing up on the way', async () => {
  await signUp(host.page, t.base, 'host');
  const { page } = host;
  await page.goto(`${t.base}/lobby`);
  await page.getByLabel('Game', { exact: true }).selectOption('helter-skelter');
  // I play seat 1 (the Judges); seat 2 is for a player who joins, not a bot.
  await page.locator('.seat-row').nth(1).getByLabel('Bot').uncheck();
  await page.getByLabel('Private: not in the lobby, by invite link only').check();
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.waitForURL(/\/games\/[0-9a-f-]{36}$/);
  const gameId = new URL(page.url()).pathname.split('/').pop()!;
  await page.locator('main.game-page[data-status="open"]').waitFor();

  await page.getByRole('button', { name: 'Make an invite link' }).click();
  const link = await page.getByLabel('Invite link').inputValue();
  expect(link).toMatch(new RegExp(`^${t.base}/invite\\?token=[A-Za-z0-9_-]{43}$`));
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // Not in the lobby, and its page shows a stranger (the friend, before following the link) nothing.
  await friend.page.goto(`${t.base}/lobby`);
  await friend.page.getByRole('heading', { name: 'Open games' }).waitFor();
  expect(await friend.page.locator(`a[href="/games/${gameId}"]`).count()).toBe(0);
  await friend.page.goto(`${t.base}/games/${gameId}`);
  await friend.page.getByRole('alert').waitFor();
  expect(await friend.page.locator('main.game-page').count()).toBe(0);

  // The link: the game, who invites, and the free seat; taking it asks for an account first.
  await friend.page.goto(link);
  await friend.page.getByText(/invites you to/).waitFor();
  await friend.page.getByRole('button', { name: /Take this seat/ }).click();
  await friend.page.waitForURL(/\/signup\?next=/);
  const handle = `friend${Date.now().toString(36)}`;
  await friend.page.getByLabel('Handle').fill(handle);
  await friend.page.getByLabel('Email').fill(`${handle}@example.com`);
  await friend.page.getByLabel('Password').fill('correct horse battery staple');
  await friend.page.getByRole('button', { name: 'Create account' }).click();

  // Back on the same link with the same seat chosen: it is taken, and the game starts.
  await friend.page.waitForURL(`${t.base}/games/${gameId}`);
  await friend.page.locator('main.game-page[data-status="active"]').waitFor();
  expect(await friend.page.getByText('You are watching.').count()).toBe(0);
  // The start appends no event, so the creator's open page learns of it when it next reads the game.
  await page.reload();
  await page.locator('main.game-page[data-status="active"]').waitFor();
});
