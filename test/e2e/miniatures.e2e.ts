// Judge Dredd Miniatures in a real browser, through the page only: create The Barko Brothers in the
// lobby against a bot and see the table drawn top-down; then, in a game like it under a chosen seed,
// roll off, play one Phase by pointer (a Move dragged on the table with its live measurement, then a
// shot with its odds and sight lines, or a second Move) and one Phase by keyboard (arrow keys draw
// the path, Enter confirms), and an axe accessibility check of the game page; then a game two bots
// play out, and its replay. Saves docs/screenshots/miniatures.png.
//
// Why a seed: the bot can win. With a secret key the dice differ every run, and in one run of ten
// (under CPU load, to look for a race; none was found) the game was over before the player's second
// Phase, so the page never asked the player again: what the old wait reported as the "unexplained
// 60 s wait" of a fresh-clone CI run. With a seed (ALLOW_SCENARIOS) the dice, and the
// bot's choices keyed by the game's key, are the same on every run; the test also lets the bot roll
// off first, so the two rolls are drawn in the same order every time.

import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, screenshot, signUp, tokenOf, type Player } from './support/browser.ts';
import { andWait } from './support/play.ts';

const t = useTestApp({ worker: QUICK_WORKER });
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let player: Player;

beforeAll(async () => {
  player = await openBrowser({ bypassCSP: true, width: 1280, height: 1000, confirm: false });
});
afterAll(async () => {
  await player?.close();
});

interface Model {
  id: string;
  name: string;
  seat: number;
  at: { x: number; y: number };
  removed: boolean;
}
interface MiniaturesGame {
  version: number;
  mySeat: number | null;
  status: string;
  view: { turn: number; models: Record<string, Model>; phase: { seat: number; selected: { model: string; actions: number } | null; acted: string[] } | null; situation: { kind: string } };
  legalCommands: { type: string; model?: string }[];
  awaiting: { seat: number }[];
}


/**
 * The game this test plays, its dice fixed: under this seed the gang does not win before the
 * player's second Phase. If a change to the rules, the scenario or the bot makes it do so, the wait
 * below says "the game is finished before this seat's next Phase": choose another seed.
 */
const SEED = 'miniatures-e2e-1';

/** Waits for this seat's own Phase, answering a roll-off or a push-back on the way. */
async function waitForMyPhase(page: Page, read: () => Promise<MiniaturesGame>): Promise<MiniaturesGame> {
  for (let tries = 0; tries < 40; tries++) {
    // The API first, so that a game over or a server that stopped asking says so in the failure,
    // then the page, which must show the same within moments.
    let game = await read();
    // Only this seat: in the roll-off the bot rolls first, so the rolls come off the dice in one order.
    const onlyMe = (g: MiniaturesGame) => g.awaiting.length > 0 && g.awaiting.every((a) => a.seat === g.mySeat);
    for (const until = Date.now() + 90_000; !onlyMe(game); game = await read()) {
      if (game.status !== 'active') throw new Error(`the game is ${game.status} before this seat's next Phase (turn ${game.view.turn})`);
      if (Date.now() > until) throw new Error(`the game awaits ${JSON.stringify(game.awaiting)} (situation ${game.view.situation.kind}), not this seat, after 90 s`);
      await page.waitForTimeout(250);
    }
    await page.waitForSelector('main.game-page[data-awaiting-me="yes"]', { timeout: 15_000 });
    if (game.view.situation.kind === 'phase' && game.view.phase?.seat === game.mySeat && game.legalCommands.length) return game;
    const roll = page.getByRole('button', { name: 'Roll off for the first Phase' });
    const noPush = page.getByRole('button', { name: 'Do not push' });
    if (await roll.count()) await andWait(page, () => roll.click());
    else if (await noPush.count()) await andWait(page, () => noPush.click());
    else await page.waitForTimeout(300);
  }
  throw new Error('my Phase never came');
}

/**
 * After `model`'s two actions: ends the Phase with `press` — unless the rules ended it already,
 * as they do when every model of the side has acted (a side the bot has thinned out).
 */
async function endMyPhase(page: Page, read: () => Promise<MiniaturesGame>, model: string, press: (end: ReturnType<Page['getByRole']>) => Promise<void>): Promise<void> {
  const game = await read();
  if (game.view.phase?.seat !== game.mySeat) return;
  expect(game.view.phase.acted).toContain(model);
  await andWait(page, () => press(page.getByRole('button', { name: 'End the Phase' })));
}

/** The centre of a model's base on the screen (the table scrolled to the top, clear of the action bar at the foot). */
async function centreOf(page: Page, model: string): Promise<{ x: number; y: number }> {
  await page.locator('svg.mn-table').evaluate((table) => table.scrollIntoView({ block: 'start' }));
  const box = (await page.locator(`.mn-table .model[data-model="${model}"] circle`).last().boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Screen pixels per hundredth of an inch of the table. */
async function scaleOf(page: Page, tableWidth: number): Promise<number> {
  const box = (await page.locator('svg.mn-table').boundingBox())!;
  return box.width / (tableWidth + 40);
}

test('create The Barko Brothers against a bot, see the table, play a Phase by pointer and a Phase by keyboard', async () => {
  const { page } = player;
  await signUp(page, t.base, 'mn');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lobby' }).click();
  await page.getByRole('heading', { name: 'Create a game' }).waitFor();
  await page.getByLabel('Game', { exact: true }).selectOption('miniatures');
  await page.getByLabel('Scenario').selectOption('barko-brothers');
  await page.getByLabel('Clock').selectOption('live');
  await page.getByText('Side 2: The Barko Gang').waitFor();
  // Side 2 is a bot by default, so the game starts at once.
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.waitForURL(/\/games\/[0-9a-f-]{36}$/);
  const created = await callApi<{ options: unknown; status: string }>(t.base, 'GET', `/v1/games/${page.url().split('/').pop()!}`, await tokenOf(page));
  expect(created).toMatchObject({ status: 'active', options: { scenario: 'barko-brothers', clock: 'live', seats: [{}, { bot: true }] } });
  const drawn = async () => {
    await page.getByRole('heading', { name: 'Miniatures: The Barko Brothers' }).waitFor();
    await page.getByRole('group', { name: /^The table: Barko Street/ }).waitFor();
    await page.getByRole('img', { name: /^Judge Rico \(Justice Department.*\), 2 of 2 hits/ }).waitFor();
    await page.getByRole('img', { name: /^Big Barko \(The Barko Gang \(Bot\)\)/ }).waitFor();
    expect(await page.locator('.mn-table polygon.terrain').count()).toBeGreaterThan(3);
  };
  await drawn();

  // A game like it under the seed, created as the lobby did: the rest is played on its page.
  const token = await tokenOf(page);
  const { id: gameId } = await callApi<{ id: string }>(t.base, 'POST', '/v1/games', token, {
    game: 'miniatures',
    seat: 0,
    options: { scenario: 'barko-brothers', clock: 'live', seats: [{}, { bot: true }], seed: SEED },
  });
  await page.goto(`${t.base}/games/${gameId}`);
  await drawn();
  const read = () => callApi<MiniaturesGame>(t.base, 'GET', `/v1/games/${gameId}`, token);
  const table = await callApi<{ width: number; height: number }>(t.base, 'GET', '/v1/games/miniatures/maps/barko-brothers', null);

  // The roll-off, then the first Phase that is ours.
  let game = await waitForMyPhase(page, read);
  const log = page.getByRole('list', { name: 'Event log' });
  await log.getByText(/ rolled highest and takes the first Phase\.$/).waitFor();

  // ---- A Phase by pointer: select a model, Move, drag a path on the table, watch it measured, confirm.
  const mover = game.legalCommands.find((c) => c.type === 'MOVE')!.model!;
  const from = game.view.models[mover]!.at;
  await page.getByRole('button', { name: `Select ${game.view.models[mover]!.name}` }).click();
  await page.getByRole('group', { name: `Actions of ${game.view.models[mover]!.name}` }).getByRole('button', { name: 'Move' }).click();
  const start = await centreOf(page, mover);
  const scale = await scaleOf(page, table.width);
  const north = from.y > table.height / 2 ? -1 : 1;
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(start.x + step * 5 * scale, start.y + north * step * 25 * scale);
  // Live, while the button is still down: the path is drawn and measured.
  const measure = page.locator('.mn-move .measure');
  await measure.filter({ hasText: /^Path: [\d.]+ in of [\d.]+ in/ }).waitFor();
  await page.locator('.mn-table .path polyline').waitFor();
  await page.mouse.up();
  await measure.filter({ hasText: /^Path: [\d.]+ in of [\d.]+ in/ }).waitFor();
  await screenshot(page, 'miniatures');
  await andWait(page, () => page.getByRole('button', { name: 'Confirm the Move' }).click());
  game = await read();
  const moved = game.view.models[mover]!.at;
  expect(Math.sign(moved.y - from.y)).toBe(north);
  expect(Math.abs(moved.y - from.y)).toBeGreaterThan(150);
  await log.getByText(new RegExp(`^${game.view.models[mover]!.name} moves`)).last().waitFor();

  // Its second action: a shot if the rules offer one (odds and sight line shown first), else another Move.
  const shoot = page.getByRole('group', { name: `Actions of ${game.view.models[mover]!.name}` }).getByRole('button', { name: 'Shoot' });
  if (await shoot.count()) {
    await shoot.click();
    const target = page.getByRole('list', { name: 'Targets' }).getByRole('button').first();
    await target.hover();
    await page.locator('.mn-targets .measure').filter({ hasText: /Hit chance \d+%/ }).waitFor();
    // The shot's sight lines (M1): from the shooter's eye to the 21 points across the target's width.
    await page.locator('.mn-table g.sight').waitFor();
    expect(await page.locator('.mn-table g.sight line').count()).toBe(21);
    await andWait(page, () => target.click());
  } else {
    await page.getByRole('group', { name: `Actions of ${game.view.models[mover]!.name}` }).getByRole('button', { name: 'Move' }).click();
    const again = await centreOf(page, mover);
    await page.mouse.move(again.x, again.y);
    await page.mouse.down();
    for (let step = 1; step <= 5; step++) await page.mouse.move(again.x + step * 20 * scale, again.y);
    await page.mouse.up();
    await measure.filter({ hasText: /^Path: / }).waitFor();
    await andWait(page, () => page.getByRole('button', { name: 'Confirm the Move' }).click());
  }
  await endMyPhase(page, read, mover, (end) => end.click());

  // ---- A Phase by keyboard: Tab-reachable buttons pressed with Enter, arrow keys draw the path.
  game = await waitForMyPhase(page, read);
  const walker = game.legalCommands.find((c) => c.type === 'MOVE' && c.model !== mover)?.model ?? game.legalCommands.find((c) => c.type === 'MOVE')!.model!;
  const walkerName = game.view.models[walker]!.name;
  const before = game.view.models[walker]!.at;
  await page.getByRole('button', { name: `Select ${walkerName}` }).focus();
  await page.keyboard.press('Enter');
  const actions = page.getByRole('group', { name: `Actions of ${walkerName}` });
  for (let action = 0; action < 2; action++) {
    await actions.getByRole('button', { name: 'Move' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: /^The table: .+ Draw the Move/ }).focus();
    const up = before.y > table.height / 2;
    for (let step = 0; step < 4; step++) await page.keyboard.press(up ? 'ArrowUp' : 'ArrowDown');
    await measure.filter({ hasText: /^Path: 2\.0 in of [\d.]+ in/ }).waitFor();
    await andWait(page, () => page.keyboard.press('Enter'));
  }
  expect(Math.abs((await read()).view.models[walker]!.at.y - before.y)).toBe(400);
  await endMyPhase(page, read, walker, async (end) => {
    await end.focus();
    await page.keyboard.press('Enter');
  });
  await log.getByText(/’s Phase begins\.$/).last().waitFor();

  // No serious accessibility violation on the game page.
  await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(document)).violations;
  })) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
});

test('two bots play a game to its end; at phone width it fits; its replay draws the table move by move', async () => {
  const { page } = player;
  const token = await tokenOf(page).catch(async () => (await signUp(page, t.base, 'mn'), tokenOf(page)));
  const created = await callApi<{ id: string }>(t.base, 'POST', '/v1/games', token, {
    game: 'miniatures',
    options: { scenario: 'barko-brothers', clock: 'live', seats: [{ bot: true }, { bot: true }] },
  });
  // Both seats the server's: the game starts at once and the bots play it out.
  let status = 'active';
  for (let waited = 0; waited < 120 && status !== 'finished'; waited++) {
    status = (await callApi<MiniaturesGame>(t.base, 'GET', `/v1/games/${created.id}`, token)).status;
    if (status !== 'finished') await page.waitForTimeout(500);
  }
  expect(status).toBe('finished');
  // At phone width the table and the forces fit: no sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${t.base}/games/${created.id}`);
  await page.locator('.result').filter({ hasText: /^Game over: / }).waitFor();
  await page.getByRole('group', { name: 'The table: Barko Street' }).waitFor();
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.getByRole('link', { name: 'Replay it move by move' }).click();
  await page.waitForURL(`${t.base}/games/${created.id}/replay`);
  const step = page.locator('.replay-event');
  await step.filter({ hasText: /^Move 1 of \d+: / }).waitFor();
  await page.getByRole('group', { name: 'The table: Barko Street' }).waitFor();
  // At the start every model stands at its deployment point, unhurt.
  await page.getByRole('img', { name: /^Big Barko \(.+\), 2 of 2 hits/ }).waitFor();
  await page.getByRole('button', { name: 'Last' }).click();
  await step.filter({ hasText: /^Move (\d+) of \1: / }).waitFor();
  // The last step's picture is the finished game: as many models crossed out as the game removed.
  const removed = Object.values((await callApi<MiniaturesGame>(t.base, 'GET', `/v1/games/${created.id}`, token)).view.models).filter((m) => m.removed).length;
  await page.waitForFunction((n) => document.querySelectorAll('.mn-table .model.removed').length === n, removed, { timeout: 10_000 });
});
