// Block War in a real browser, through the page only: create a 3-block game in the lobby with two
// bot blocks (one the random bot) and a time limit, see the plaza and the blocks drawn round it and
// the limit's end, play the set-up and one whole turn by pointer (reinforcements, activate a unit,
// a step, an attack if one is offered, end), one step by keyboard, and an axe accessibility check
// of the game page. Saves docs/screenshots/block-war.png.

import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, screenshot, signUp, tokenOf, type Player } from './support/browser.ts';
import { andWait } from './support/play.ts';

const t = useTestApp({ worker: QUICK_WORKER });
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let player: Player;

beforeAll(async () => {
  player = await openBrowser({ bypassCSP: true, confirm: false });
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
  seats: { botKind: string | null }[];
  view: {
    situation: Situation;
    control: number;
    units: Record<string, { square: string | null; home: number | null }>;
    timeLimit?: { minutes: number; endsAt: string | null; lastRound: boolean };
  };
  legalCommands: { type: string }[];
}


/**
 * The first highlighted square no counter stands on, else the first: a counter is drawn over its
 * square and takes a tap at the square's centre (a person taps the free part, or an empty square).
 */
async function freeTarget(page: Page, read: () => Promise<BlockWarGame>): Promise<Locator> {
  const occupied = new Set(Object.values((await read()).view.units).map((u) => u.square));
  const targets = page.locator('.bw-board .square.target');
  const squares = await targets.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-square')));
  const free = squares.findIndex((square) => !occupied.has(square));
  return targets.nth(Math.max(0, free));
}

/** Attacks once if a target is offered, ends the activation when the page offers it, steps on otherwise; true if it attacked. */
async function finishActivation(page: Page, read: () => Promise<BlockWarGame>): Promise<boolean> {
  let attacked = false;
  for (let moves = 0; moves < 12; moves++) {
    if ((await page.getByText(/Now: .+ movement points left/).count()) === 0) return attacked;
    // A unit is tapped through its square (a counter never takes the tap); a square that also
    // offers a step asks which way: the attack.
    const target = page.locator('.bw-board .square.target.holds-actor').first();
    const end = page.getByRole('button', { name: 'End the activation' });
    if (!attacked && (await target.count()) > 0) {
      attacked = true;
      await andWait(page, async () => {
        await target.click();
        const ways = page.locator('.options button').filter({ hasText: /^(Brawl|Shoot|Heal)/ });
        if (await ways.first().isVisible({ timeout: 500 }).catch(() => false)) await ways.first().click();
      });
    } else if ((await end.count()) > 0) await andWait(page, () => end.click());
    else {
      const step = await freeTarget(page, read);
      await andWait(page, () => step.click());
    }
  }
  throw new Error('the activation did not end');
}

/** Plays this seat's set-up by pointer (a button, else the first highlighted square) until its first turn begins. */
async function playSetUp(page: Page, read: () => Promise<BlockWarGame>): Promise<void> {
  for (let moves = 0; moves < 80; moves++) {
    await waitForMyMove(page);
    const situation = (await read()).view.situation;
    if (situation.kind === 'turn' || (situation.kind === 'place-unit' && !situation.duringSetup)) return;
    // The page draws the prompt's buttons or its highlighted squares a moment after it shows the
    // seat awaited: wait for one of them before choosing which to use.
    const choices = '.choices .buttons button:enabled, .prompt .buttons button:enabled';
    await page.locator(`${choices}, .bw-board .square.target`).first().waitFor();
    const button = page.locator(choices).first();
    if ((await button.count()) > 0) await andWait(page, () => button.click());
    else {
      const square = await freeTarget(page, read);
      await andWait(page, () => square.click());
    }
  }
  throw new Error('the set-up did not end');
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
  // The third block is played by the random bot; the game has a time limit of 2 hours (BW50: "say two hours").
  await page.getByLabel('Bot of block 3').selectOption('random');
  await page.getByLabel('Set a time limit').check();
  await page.getByLabel('Length of the time limit').fill('2');
  await page.getByLabel('Unit of the time limit').selectOption('hours');
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
  const created = await read();
  expect(created.view.timeLimit).toMatchObject({ minutes: 120 });
  expect(created.seats.map((seat) => seat.botKind)).toEqual([null, 'heuristic', 'random']);

  // The set-up, by pointer: roll, place the block, the statue and stall, the counters drawn.
  await playSetUp(page, read);

  // The limit started with the game's first command: its end is shown in the viewer's time zone.
  await page.getByRole('note', { name: 'Time limit' }).filter({ hasText: /^Time limit: 2 hours, ends .+ \(.+\); then the round is finished/ }).waitFor();

  // Step 1 of the turn, reinforcements: each counter drawn is picked, then a highlighted square.
  let game = await read();
  expect(game.view.situation).toMatchObject({ kind: 'place-unit', seat: game.mySeat, duringSetup: false });
  await page.getByText('You: place the counters drawn in the block (reinforcements).').waitFor();
  while ((await read()).view.situation.kind === 'place-unit') {
    const counter = page.getByRole('group', { name: 'Counters to place' }).getByRole('button').last();
    await counter.click();
    await expect(counter.getAttribute('aria-pressed')).resolves.toBe('true');
    await andWait(page, () => page.locator('.bw-board .square.target').last().click());
  }

  // Step 2: activate a unit (a tap on a highlighted counter's square), a step (a highlighted square).
  game = await read();
  expect(game.view.situation).toMatchObject({ kind: 'turn', seat: game.mySeat, step: 'activate', activation: null });
  await page.getByText(/^Your turn: activate units \(\d+ left/).waitFor();
  const unitId = (await page.locator('.bw-board .unit.actor').first().getAttribute('data-unit'))!;
  const before = (await read()).view.units[unitId]!.square;
  const unitSquare = page.locator(`.bw-board .square.target[data-actors~="${unitId}"]`);
  await andWait(page, async () => {
    await unitSquare.click();
    const ways = page.locator('.options button').filter({ hasText: new RegExp(`^Activate `) });
    if (await ways.first().isVisible({ timeout: 500 }).catch(() => false)) await ways.first().click();
  });
  expect((await read()).view.situation.activation?.unit).toBe(unitId);
  await page.getByText(/Now: .+, \d+ movement points left/).waitFor();
  await screenshot(page, 'block-war');
  const target = await freeTarget(page, read);
  const to = (await target.getAttribute('data-square'))!;
  await andWait(page, () => target.click());
  game = await read();
  expect(game.view.units[unitId]!.square).toBe(to);
  expect(to).not.toBe(before);
  await expect(page.locator(`.bw-board .unit[data-unit="${unitId}"]`).getAttribute('aria-label')).resolves.toMatch(/, on .+/);
  const log = page.getByRole('list', { name: 'Event log' });
  await log.getByText(/ moves to /).last().waitFor();

  // Then one attack, if one is offered (its dice are in the log in words), and the end of the
  // activation — stepping on while the rules leave nothing else (a plaza run already paid for).
  const attacked = await finishActivation(page, read);
  if (attacked) await log.getByText(/^(Brawl: the attacker rolls|Shot: rolls|Heal: rolls)/).last().waitFor();
  await log.getByText(/ ends its activation\./).last().waitFor();

  // A second activation by keyboard: the counter's square and the square to step to are focused
  // and chosen with Enter.
  const second = page.locator('.bw-board .square.target.holds-actor').first();
  expect(await second.count()).toBe(1);
  {
    await second.focus();
    await andWait(page, async () => {
      await page.keyboard.press('Enter');
      const ways = page.locator('.options button').filter({ hasText: /^Activate / });
      if (await ways.first().isVisible({ timeout: 500 }).catch(() => false)) await ways.first().click();
    });
    // A square to step to: not one where a unit to attack stands (its square is a target too).
    const square = page.locator('.bw-board .square.target:not(.holds-actor)').first();
    const where = (await square.getAttribute('data-square'))!;
    await square.focus();
    await andWait(page, () => page.keyboard.press('Enter'));
    const active = (await read()).view.situation.activation!;
    expect((await read()).view.units[active.unit]!.square).toBe(where);
    await finishActivation(page, read);
  }

  // The rest of the turn: end each step until the turn passes to the next block.
  for (let steps = 0; steps < 10; steps++) {
    game = await read();
    if (game.view.situation.kind !== 'turn' || game.view.situation.seat !== game.mySeat) break;
    const end = page.getByRole('button', { name: /^(End this step of the turn|End the activation|Activate no judge)$/ }).first();
    await andWait(page, () => end.click());
  }
  await log.getByText(/^Rick Whitely \(.+\)’s turn ends; Ella Fitzgerald \(Bot\) is next\.$/).waitFor();

  // No serious accessibility violation on the game page.
  await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(document)).violations;
  })) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
});

test('at phone width the boards fit; surrender asks first, ends a two-block game, and its replay steps through the log', async () => {
  const { page } = player;
  const token = await tokenOf(page).catch(async () => (await signUp(page, t.base, 'bw'), tokenOf(page)));
  const created = await callApi<{ id: string }>(t.base, 'POST', '/v1/games', token, {
    game: 'block-war',
    seat: 0,
    options: { clock: 'live', seats: [{ block: 'Rick Whitely' }, { block: 'Ella Fitzgerald', bot: true }] },
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${t.base}/games/${created.id}`);
  await page.getByRole('group', { name: 'The plaza' }).waitFor();
  // Nothing wider than the phone: no sideways scrolling.
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);

  // A block may surrender once set-up is over (BW36), whenever it likes: the set-up first, by taps.
  await playSetUp(page, () => callApi<BlockWarGame>(t.base, 'GET', `/v1/games/${created.id}`, token));
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
  // Surrender is an anytime command, behind a confirmation: "No" keeps the game going.
  await page.getByRole('button', { name: 'Surrender…' }).click();
  await page.getByRole('button', { name: 'No, fight on' }).click();
  await expect(page.getByRole('button', { name: 'Yes, surrender' }).count()).resolves.toBe(0);
  expect((await callApi<BlockWarGame>(t.base, 'GET', `/v1/games/${created.id}`, token)).status).toBe('active');
  await page.getByRole('button', { name: 'Surrender…' }).click();
  await page.getByRole('button', { name: 'Yes, surrender' }).click();
  await page.locator('.result').filter({ hasText: 'Game over: Ella Fitzgerald (Bot) wins.' }).waitFor();
  const log = page.getByRole('list', { name: 'Event log' });
  await log.getByText(/^Rick Whitely \(.+\) chose to surrender\.$/).waitFor();
  await log.getByText('The block war is over: one block is left fighting.').waitFor();
  await page.setViewportSize({ width: 1280, height: 900 });

  // The replay draws the same boards, move by move.
  await page.getByRole('link', { name: 'Replay it move by move' }).click();
  await page.waitForURL(`${t.base}/games/${created.id}/replay`);
  const status = page.locator('.replay-event');
  await status.filter({ hasText: /^Move 1 of \d+: / }).waitFor();
  await page.getByRole('group', { name: 'The plaza' }).waitFor();
  await page.getByRole('button', { name: 'Last' }).click();
  await status.filter({ hasText: /The block war is over/ }).waitFor();
});
