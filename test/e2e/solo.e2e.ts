// Solo against the Dark Judges, from the lobby, in a real browser and through the page only:
// create a solo game, place the characters, play turns until the Dark Judges have taken theirs,
// and read their solo cards and actions in the game's log.

import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { openBrowser, signUp, type Player } from './support/browser.ts';
import { playOneCommand, waitForMyMove } from './support/play.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let player: Player;

beforeAll(async () => {
  player = await openBrowser({ confirm: false });
});
afterAll(async () => {
  await player?.close();
});

test('a solo game created in the lobby starts at once, and the Dark Judges’ turn shows in the log', async () => {
  const { page } = player;
  await signUp(page, t.base, 'solo');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lobby' }).click();
  await page.getByRole('heading', { name: 'Create a game' }).waitFor();
  await page.getByLabel('Solo against the Dark Judges').check();
  // The seats give way to one team, of the base game's.
  await expect.poll(() => page.getByLabel('Seat 1').count()).toBe(0);
  const teams = await page.getByLabel('Your team').locator('option').allTextContents();
  expect(teams).not.toContain('The Dark Judges');
  await page.getByLabel('Your team').selectOption('judges');
  await page.getByRole('button', { name: 'Create game' }).click();

  await page.waitForURL(/\/games\/[0-9a-f-]{36}$/);
  await page.getByRole('group', { name: /The board/ }).waitFor();
  // The solo set-up's one choice: "the player picks which character goes where".
  await page.getByRole('heading', { name: 'Set-up: choose where your characters start.' }).waitFor();
  const log = page.getByRole('list', { name: 'Event log' });
  // Play until the log shows the Dark Judges drawing a solo card (their turn follows the player's).
  for (let sent = 0; sent < 200; sent++) {
    if ((await log.getByText(/The Dark Judges draw their first solo card/).count()) > 0) break;
    if (!(await waitForMyMove(page))) break;
    await playOneCommand(page);
  }
  await expect(log.getByText(/The Dark Judges draw their first solo card/).first().isVisible()).resolves.toBe(true);
});
