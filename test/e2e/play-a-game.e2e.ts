// The whole way a new player goes, in a real browser and through the page only: sign up, create a
// 2-player game against a bot in the lobby, play it to the end by tapping cards, figures and spaces,
// and see the result. Saves the screenshots the README shows (docs/screenshots/).

import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { openBrowser, screenshot, signUp, type Player } from './support/browser.ts';
import { playToTheEnd, waitForMyMove } from './support/play.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let player: Player;

beforeAll(async () => {
  player = await openBrowser({ confirm: false });
});
afterAll(async () => {
  await player?.close();
});

test('sign up, create a game against a bot in the lobby, play it to the end through the page, see the result', async () => {
  const { page } = player;
  const handle = await signUp(page, t.base, 'e2e');
  await expect(page.getByText(`${handle}`).first().isVisible()).resolves.toBe(true);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lobby' }).click();
  await page.getByRole('heading', { name: 'Create a game' }).waitFor();
  await page.getByLabel('Map').selectOption('dan-tanna-enid-blyton');
  await page.getByRole('img', { name: /Preview of/ }).waitFor();
  await page.getByLabel('Clock').selectOption('live');
  await page.getByLabel('Seat 1').selectOption('judges');
  await page.getByLabel('Seat 2').selectOption('slaine');
  await screenshot(page, 'lobby');
  await page.getByRole('button', { name: 'Create game' }).click();

  await page.waitForURL(/\/games\/[0-9a-f-]{36}$/);
  const gameId = page.url().split('/').pop()!;
  await page.getByRole('group', { name: /The board/ }).waitFor();
  await waitForMyMove(page);
  await screenshot(page, 'game-start');

  const sent = await playToTheEnd(page, {
    onCommand: async (count) => {
      if (count === 40) await screenshot(page, 'mid-game');
    },
  });
  expect(sent).toBeGreaterThan(0);

  const result = page.locator('.result');
  await result.waitFor();
  expect(await result.textContent()).toMatch(/Game over|abandoned/);
  await screenshot(page, 'finished');

  // The page showed what the API holds: a finished game, with the winners it names.
  const api = await fetch(`${t.base}/v1/games/${gameId}`).then((response) => response.json() as Promise<{ status: string; view: { winners: number[] } }>);
  expect(api.status).toBe('finished');
  // The result shows with the game as fetched; the log's last line comes over the event stream,
  // which may be a moment behind.
  await expect.poll(async () => (await page.locator('.log li').allTextContents()).at(-1), { timeout: 10_000 }).toMatch(/^The game is over/);

  // The replay steps through the log move by move, the board as it stood after each one.
  await page.getByRole('link', { name: 'Replay it move by move' }).click();
  await page.waitForURL(`${t.base}/games/${gameId}/replay`);
  const status = page.locator('.replay-event');
  await status.filter({ hasText: /^Move 1 of \d+: / }).waitFor();
  await page.getByRole('group', { name: /The board/ }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await status.filter({ hasText: /^Move 2 of / }).waitFor();
  await page.getByRole('button', { name: 'Last' }).click();
  await status.filter({ hasText: /The game is over/ }).waitFor();
});
