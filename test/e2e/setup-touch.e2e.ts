// Set-up on the board, by touch (issue 30): on a phone (375×812, touch events, `tap`), every game
// mode's set-up is done by tapping the board (and solo's, once, by keyboard) — a character, then its highlighted map card or
// space; a side of the plaza by its steps; a statue, a stall or a counter on its square — and at
// every step the action bar shows at most 15 buttons. And the lobby: each game's form explains the
// clocks in a sentence, and starts on daily.

import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, screenshot, signUp, tokenOf, type Player } from './support/browser.ts';
import { andWait, confirmIfAsked, setUpStep } from './support/play.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let player: Player;
let token: string;

beforeAll(async () => {
  player = await openBrowser({ phone: true });
  await signUp(player.page, t.base, 'setup');
  token = await tokenOf(player.page);
});
afterAll(async () => {
  await player?.close();
});

/** "no page of any game shows more than 15 choice buttons at once (the board's own targets aside)". */
const MOST_BUTTONS = 15;

interface Game {
  status: string;
  awaiting: { seat: number }[];
  view: { situation: { kind: string; duringSetup?: boolean } };
}
const read = (id: string) => callApi<Game>(t.base, 'GET', `/v1/games/${id}`, token);
const create = async (options: object) => (await callApi<{ id: string }>(t.base, 'POST', '/v1/games', token, { seat: 0, ...options })).id;

/** The buttons the action bar shows now (the board's targets are not buttons there). */
async function countButtons(page: Page, where: string): Promise<number> {
  const shown = await page.locator('.action-bar button').evaluateAll((buttons) => buttons.filter((button) => (button as HTMLElement).offsetParent !== null).length);
  expect(shown, `buttons shown at once: ${where}`).toBeLessThanOrEqual(MOST_BUTTONS);
  return shown;
}

/** Waits until the game awaits our seat (true), or has left its set-up (false); the page follows the game as it moves. */
async function ourSetUpStep(page: Page, id: string, setUp: (game: Game) => boolean): Promise<boolean> {
  for (let moves = 0; moves < 200; moves++) {
    const version = Number(await page.locator('main.game-page').getAttribute('data-version'));
    const game = await read(id);
    if (!setUp(game)) return false;
    if (game.awaiting.some((awaited) => awaited.seat === 0)) {
      await page.locator('main.game-page[data-awaiting-me="yes"]').waitFor({ timeout: 60_000 });
      return true;
    }
    await page.waitForFunction((v) => Number(document.querySelector('main.game-page')?.getAttribute('data-version')) > v, version, { timeout: 60_000 });
  }
  throw new Error('the set-up stalled');
}

/** Plays our seat's Helter Skelter set-up by taps on the board; returns how many steps it took. */
async function helterSkelterSetUp(page: Page, id: string, name: string): Promise<number> {
  await page.goto(`${t.base}/games/${id}`);
  await page.getByRole('group', { name: /The board/ }).waitFor();
  let steps = 0;
  while (await ourSetUpStep(page, id, (game) => game.view.situation.kind === 'setup')) {
    await page.locator('.setup-steps').waitFor();
    if (steps === 0) {
      // The map cards (or spaces) to choose are marked on the board, before anything is picked.
      expect(await page.locator('.board .space.target').count()).toBeGreaterThan(0);
      await screenshot(page, `setup-${name}`, { fullPage: false });
    }
    const where = `${name}, step ${steps + 1}`;
    expect(
      await setUpStep(page, async () => {
        await countButtons(page, where);
      }),
    ).toBe(true);
    steps += 1;
    if (steps > 12) throw new Error('too many set-up steps');
  }
  return steps;
}

test('Helter Skelter, 2 players: each character, then its map card on the board', async () => {
  const id = await create({ game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', clock: 'daily', seats: [{ team: 'judges' }, { team: 'strontium-dogs', bot: true }] } });
  // One command per character of the team.
  expect(await helterSkelterSetUp(player.page, id, 'helter-skelter-2')).toBeGreaterThanOrEqual(4);
});

test('Helter Skelter, 4 players with Sláine: Ukko takes two map cards, both tapped', async () => {
  const id = await create({
    game: 'helter-skelter',
    options: { map: 'grand-hall-of-justice', clock: 'daily', seats: [{ team: 'slaine' }, { team: 'judges', bot: true }, { team: 'strontium-dogs', bot: true }, { team: 'nikolai-dante', bot: true }] },
  });
  expect(await helterSkelterSetUp(player.page, id, 'helter-skelter-4')).toBeGreaterThanOrEqual(3);
});

test('Helter Skelter with the Dark Judges: their map cards, then the one removed, on the board', async () => {
  const id = await create({ game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', clock: 'daily', seats: [{ team: 'dark-judges' }, { team: 'judges', bot: true }] } });
  await helterSkelterSetUp(player.page, id, 'helter-skelter-dark-judges');
  const events = await callApi<{ events: { data: { type: string; seat?: number } }[] }>(t.base, 'GET', `/v1/games/${id}/events?after=0`, token);
  expect(events.events.some((event) => event.data.type === 'MapCardRemoved' && event.data.seat === 0)).toBe(true);
});

test('solo Helter Skelter: each character placed on a space drawn for it, shown there, then confirmed', async () => {
  const id = await create({ game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', clock: 'daily', solo: true, seats: [{ team: 'slaine' }] } });
  // One command for the whole placing.
  expect(await helterSkelterSetUp(player.page, id, 'helter-skelter-solo')).toBe(1);
});

test('solo Helter Skelter by keyboard: Enter on a character moves the focus to its first space, Enter there places it, Enter confirms', async () => {
  const { page } = player;
  const id = await create({ game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', clock: 'daily', solo: true, seats: [{ team: 'judges' }] } });
  await page.goto(`${t.base}/games/${id}`);
  const steps = page.locator('.setup-steps');
  await steps.waitFor();
  const version = Number(await page.locator('main.game-page').getAttribute('data-version'));
  while (await steps.isVisible()) {
    await steps.locator('.reserve button:not(.placed)').first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('.board .space.target') ?? false)).toBe(true);
    await page.keyboard.press('Enter');
  }
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Confirm');
  await page.keyboard.press('Enter');
  await page.waitForFunction((v) => Number(document.querySelector('main.game-page')?.getAttribute('data-version')) > v, version, { timeout: 20_000 });
  expect((await read(id)).view.situation.kind).not.toBe('setup');
});

test('Block War: the roll, the block by a tap on its side’s steps, statue, stall and counters on their squares', async () => {
  const { page } = player;
  const id = await create({ game: 'block-war', options: { clock: 'daily', seats: [{ block: 'Rick Whitely' }, { block: 'Ella Fitzgerald', bot: true }] } });
  await page.goto(`${t.base}/games/${id}`);
  await page.getByRole('group', { name: 'The plaza', exact: true }).waitFor();
  const setUp = (game: Game) => game.view.situation.kind !== 'turn' && !(game.view.situation.kind === 'place-unit' && game.view.situation.duringSetup === false) && game.status === 'active';
  const seen = new Set<string>();
  for (let step = 0; await ourSetUpStep(page, id, setUp); step++) {
    if (step > 40) throw new Error('too many set-up steps');
    const kind = (await read(id)).view.situation.kind;
    seen.add(kind);
    await page.locator('.bw-board .square.target, .action-bar .buttons button:enabled').first().waitFor();
    await countButtons(page, `Block War, ${kind}`);
    if (kind === 'place-block') await screenshot(page, 'setup-block-war', { fullPage: false });
    const roll = page.getByRole('button', { name: 'Roll for turn order' });
    await andWait(page, async () => {
      if ((await roll.count()) > 0) await roll.tap();
      else {
        // A square no counter stands on: the board's own target.
        await page.locator('.bw-board .square.target:not(.holds-actor)').first().tap();
      }
      await confirmIfAsked(page);
    });
  }
  expect([...seen]).toEqual(expect.arrayContaining(['roll', 'place-block', 'place-feature', 'place-unit']));
});

test('Miniatures: the scenario places the models; the roll-off is the one choice', async () => {
  const { page } = player;
  const id = await create({ game: 'miniatures', options: { scenario: 'barko-brothers', clock: 'daily', seats: [{}, { bot: true }] } });
  await page.goto(`${t.base}/games/${id}`);
  await page.locator('main.game-page[data-awaiting-me="yes"]').waitFor({ timeout: 60_000 });
  const roll = page.getByRole('button', { name: 'Roll off for the first Phase' });
  await roll.waitFor();
  await countButtons(page, 'Miniatures, the roll-off');
  await andWait(page, async () => {
    await roll.tap();
    await confirmIfAsked(page);
  });
});

test('the lobby: each game’s form says what Live, daily and weekly mean, and starts on daily', async () => {
  const { page } = player;
  await page.goto(`${t.base}/lobby`);
  await page.getByRole('heading', { name: 'Create a game' }).waitFor();
  for (const game of ['helter-skelter', 'block-war', 'miniatures']) {
    await page.getByLabel('Game', { exact: true }).selectOption(game);
    const clock = page.getByLabel('Clock');
    await expect.poll(() => clock.inputValue()).toBe('daily');
    const about = (await page.locator('.clock-about').textContent()) ?? '';
    expect(about, game).toMatch(/Live: .+ for playing together now\./);
    expect(about, game).toMatch(/Daily: /);
    expect(about, game).toMatch(/Weekly: /);
    // The sentence is the clock field's description, read with it.
    expect(await clock.getAttribute('aria-describedby')).toBe(await page.locator('.clock-about').getAttribute('id'));
  }
});
