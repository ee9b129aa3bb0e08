// Each game's page in both colour schemes (issue 32: "dark mode screenshots of each game"; issue 30:
// "each game's phone page is saved in docs/screenshots"): Helter Skelter with four teams, solo
// Helter Skelter once the Dark Judges are on the board, Block War at its first activation, and
// Miniatures with a model chosen to shoot. Each is saved at 375×812 (a phone, what the screen
// shows) and at 1280×800, light and dark, as docs/screenshots/<game>-<phone|desktop>-<scheme>.png
// (docs/screenshots/README.md lists them). Before each picture the test checks that the scheme
// took (the design system's surface colour) and that no page is wider than its screen.

import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, PHONE, screenshot, signUp, tokenOf, type Player } from './support/browser.ts';
import { andWait } from './support/play.ts';
import { blockWar, miniatures } from './support/tables.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let player: Player;
let token: string;

beforeAll(async () => {
  player = await openBrowser({ confirm: false });
  await signUp(player.page, t.base, 'shots');
  token = await tokenOf(player.page);
});
afterAll(async () => {
  await player?.close();
});

const SIZES = { phone: PHONE, desktop: { width: 1280, height: 800 } } as const;
const SURFACE = { light: '#fbfaf6', dark: '#15171a' } as const;

/** The page as it stands, saved at both sizes in both schemes. */
async function pictures(page: Page, game: string, ready: () => Promise<void>): Promise<void> {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await ready();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--surface').trim())).toBe(SURFACE[colorScheme]);
      const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
      expect(width.scroll, `${game} at ${size} scrolls sideways`).toBeLessThanOrEqual(width.inner);
      await page.evaluate(() => scrollTo(0, 0));
      await screenshot(page, `${game}-${size}-${colorScheme}`, { fullPage: false });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

interface Game {
  version: number;
  mySeat: number | null;
  awaiting: { seat: number }[];
  legalCommands: unknown[];
  view: Record<string, unknown>;
}

const read = (id: string) => callApi<Game>(t.base, 'GET', `/v1/games/${id}`, token);

/** Sends my seat's first legal command until `done` holds (the bots answer in between). */
async function playUntil(id: string, done: (game: Game) => boolean, most = 80): Promise<void> {
  for (let sent = 0; sent < most; sent++) {
    const game = await read(id);
    if (done(game)) return;
    if (!game.awaiting.some((awaited) => awaited.seat === game.mySeat) || game.legalCommands.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    await callApi(t.base, 'POST', `/v1/games/${id}/commands`, token, game.legalCommands[0]);
  }
  throw new Error(`game ${id} did not reach the position wanted`);
}

const awaitingMe = (page: Page) => page.locator('main.game-page[data-awaiting-me="yes"]').waitFor({ timeout: 60_000 });

test('Helter Skelter, four teams mid-game: a card picked, its spaces highlighted', async () => {
  const { page } = player;
  const dead = { space: 'dead' } as const;
  const game = await callApi<{ id: string }>(t.base, 'POST', '/v1/games', token, {
    game: 'helter-skelter',
    seat: 0,
    options: {
      map: 'dan-tanna-enid-blyton',
      clock: 'daily',
      seats: [{ team: 'judges' }, { team: 'slaine', bot: true }, { team: 'strontium-dogs', bot: true }, { team: 'nikolai-dante', bot: true }],
      scenario: {
        seats: [{ hand: ['judges-01', 'judges-02', 'judges-03', 'judges-04', 'judges-05'], fragments: 1 }, { kills: ['mean-machine'] }, {}, {}],
        characters: {
          dredd: { space: 7 },
          giant: { space: 12 },
          anderson: { space: 20 },
          hershey: { space: 3, health: 2 },
          'mean-machine': dead,
          slaine: { space: 7 },
          ukko: { space: 15 },
          niamh: { space: 22, health: 1 },
          kai: { space: 30 },
          'johnny-alpha': { space: 18 },
          wulf: { space: 18 },
          gronk: { space: 18 },
          middenface: { space: 25 },
          'durham-red': { space: 33 },
          'nikolai-dante': { space: 36 },
          viktor: { space: 38 },
          jena: { space: 27 },
          elena: { space: 10 },
          lulu: dead,
        },
        fragments: [
          { seat: 0, space: 14 },
          { seat: 1, space: 9 },
          { seat: 1, space: 28 },
          { seat: 2, space: 2 },
          { seat: 2, space: 35 },
          { seat: 3, space: 21 },
          { seat: 3, space: 40 },
        ],
        activeSeat: 0,
      },
    },
  });
  await page.goto(`${t.base}/games/${game.id}`);
  await awaitingMe(page);
  await page.locator('.hand .card.playable').first().click();
  await pictures(page, 'helter-skelter', () => page.locator('.board .space.target').first().waitFor());
});

test('solo Helter Skelter, the Dark Judges on the board', async () => {
  const { page } = player;
  const { id } = await callApi<{ id: string }>(t.base, 'POST', '/v1/games', token, { game: 'helter-skelter', seat: 0, options: { map: 'grand-hall-of-justice', clock: 'daily', solo: true, seats: [{ team: 'judges' }] } });
  // Past the set-up: my characters and the Dark Judges both on the board, and my move.
  const bothIn = (game: Game) => {
    const deployed = (game.view.characters as { seat: number; status: string }[]).filter((character) => character.status === 'deployed');
    return game.awaiting.some((awaited) => awaited.seat === game.mySeat) && deployed.some((c) => c.seat === game.mySeat) && deployed.some((c) => c.seat !== game.mySeat);
  };
  await playUntil(id, bothIn, 120);
  await page.goto(`${t.base}/games/${id}`);
  await awaitingMe(page);
  await pictures(page, 'helter-skelter-solo', () => page.locator('.board .figure[data-symbol^="figure-dark-judges"]').first().waitFor());
});

test('Block War, the set-up played: the first activation', async () => {
  const { page } = player;
  const id = await blockWar(t.base, token);
  const activating = (game: Game) => {
    const situation = game.view.situation as { kind: string; seat?: number; step?: string };
    return situation.kind === 'turn' && situation.seat === game.mySeat && situation.step === 'activate';
  };
  await playUntil(id, activating, 120);
  await page.goto(`${t.base}/games/${id}`);
  await awaitingMe(page);
  await pictures(page, 'block-war', () => page.locator('.bw-board .unit.actor').first().waitFor());
});

test('Miniatures, a model chosen to shoot', async () => {
  const { page } = player;
  const id = await miniatures(t.base, token);
  await page.goto(`${t.base}/games/${id}`);
  const select = page.getByRole('group', { name: 'Your models' }).getByRole('button').first();
  for (let step = 0; step < 8 && !(await select.isVisible()); step++) {
    await awaitingMe(page);
    const roll = page.getByRole('button', { name: /^(Roll off for the first Phase|Do not push)$/ });
    if ((await roll.count()) === 0) {
      await select.waitFor({ timeout: 30_000 });
      break;
    }
    await andWait(page, () => roll.click());
  }
  await select.click();
  const shoot = page.locator('.mn-actions').getByRole('button', { name: 'Shoot' });
  if (await shoot.count()) await shoot.click();
  await pictures(page, 'miniatures', () => page.getByRole('group', { name: /^The table: / }).waitFor());
});
