// The step to confirm (issue 30), on a phone by touch (375×812, touch events, `tap`), in each game:
// a tap stages the command, the action bar says in words what it does (its cost, and in
// Miniatures the odds the preview gives), Cancel sends nothing, Confirm sends it. And in
// Miniatures: no Move is confirmed without a path (the button is disabled and says why), and Melee
// is offered only to models in reach, the others said with their distance.

import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { callApi } from './support/api.ts';
import { openBrowser, signUp, tokenOf, type Player } from './support/browser.ts';
import { blockWar, helterSkelterDuel, helterSkelterSolo, miniatures } from './support/tables.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let player: Player;
let token: string;

beforeAll(async () => {
  player = await openBrowser({ phone: true });
  await signUp(player.page, t.base, 'confirm');
  token = await tokenOf(player.page);
});
afterAll(async () => {
  await player?.close();
});

interface Game {
  version: number;
  legalCommands: { type: string }[];
  awaiting: { seat: number }[];
  mySeat: number | null;
  view: { situation: { kind: string }; phase?: { seat: number } | null };
}
const read = (id: string) => callApi<Game>(t.base, 'GET', `/v1/games/${id}`, token);
const staged = (page: Page) => page.getByRole('group', { name: 'Confirm your move' });
const awaitingMe = (page: Page) => page.locator('main.game-page[data-awaiting-me="yes"]').waitFor({ timeout: 60_000 });

/** How often the game has taken this command of ours: fewer offers of it left, for a command played once. */
const played = (id: string, type: string) => async () => -(await read(id)).legalCommands.filter((command) => command.type === type).length;

/** How many events name our seat (0): a roll another seat makes at the same moment does not count. */
const ours = (id: string) => async () =>
  (await callApi<{ events: { data: { seat?: number } }[] }>(t.base, 'GET', `/v1/games/${id}/events?after=0`, token)).events.filter((event) => event.data.seat === 0).length;

/**
 * The staged command reads `words`; Cancel sends nothing (`sent` does not move); then the same taps
 * staged again and confirmed send it (`sent` grows, and the page shows a later version).
 */
async function cancelThenConfirm(page: Page, stage: () => Promise<void>, words: RegExp, sent: () => Promise<number>): Promise<void> {
  const before = await sent();
  await stage();
  await staged(page).waitFor();
  expect(await staged(page).locator('.staged-words').textContent()).toMatch(words);
  await staged(page).getByRole('button', { name: 'Cancel' }).tap();
  await staged(page).waitFor({ state: 'detached' });
  // Nothing was sent.
  expect(await sent()).toBe(before);

  const version = Number(await page.locator('main.game-page').getAttribute('data-version'));
  await stage();
  await staged(page).waitFor();
  await staged(page).getByRole('button', { name: 'Confirm' }).tap();
  await page.waitForFunction((v) => Number(document.querySelector('main.game-page')?.getAttribute('data-version')) > v, version, { timeout: 20_000 });
  await expect.poll(sent, { timeout: 15_000 }).toBeGreaterThan(before);
  expect(await page.locator('.refusal').count()).toBe(0);
}

test('Helter Skelter: a card and a space staged as “Judge Dredd MELEE Sláine”, its card the cost; Cancel, then Confirm', async () => {
  const { page } = player;
  const id = await helterSkelterDuel(t.base, token);
  await page.goto(`${t.base}/games/${id}`);
  await awaitingMe(page);
  await cancelThenConfirm(
    page,
    async () => {
      await page.locator('.hand .card.playable').first().tap();
      await page.locator('.board .space.target[data-space="7"] rect.hit').first().tap();
    },
    /Judge Dredd MELEE Sláine.*Costs: .+ from your hand/s,
    played(id, 'MELEE'),
  );
  await page.locator('.log li', { hasText: /MELEE Sláine/ }).first().waitFor({ timeout: 15_000 });
});

test('Helter Skelter: a figure is tapped through its space (a fragment or a figure never swallows the tap)', async () => {
  const { page } = player;
  const id = await helterSkelterDuel(t.base, token);
  await page.goto(`${t.base}/games/${id}`);
  await awaitingMe(page);
  // A character of ours that can act (Giant, alone on space 12): its space is a target, and a
  // tap on its figure reaches the space.
  const figure = page.locator('.board .figure.actor').first();
  const label = (await figure.getAttribute('aria-label'))!;
  const space = /on space (\d+)/.exec(label)![1]!;
  const name = label.split(' (')[0]!;
  // In the middle of the screen, clear of the action bar at its foot.
  await figure.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'center' }));
  const box = (await figure.boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // What a finger there touches is the space (the figure takes no taps).
  expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-space]')?.getAttribute('data-space'), at)).toBe(space);
  await page.touchscreen.tap(at.x, at.y);
  await page.locator('.picked', { hasText: `Acting with ${name}` }).waitFor();
});

test('solo Helter Skelter: the set-up answer staged, cancelled, then confirmed', async () => {
  const { page } = player;
  const id = await helterSkelterSolo(t.base, token);
  await page.goto(`${t.base}/games/${id}`);
  await awaitingMe(page);
  await page.getByRole('heading', { name: 'Set-up: choose where your characters start.' }).waitFor();
  // Each character, then its highlighted space on the board: the last tap stages the placing.
  const placeEveryone = async () => {
    const steps = page.locator('.setup-steps');
    while (await steps.isVisible()) {
      await steps.locator('.reserve button:not(.placed)').first().tap();
      await page.locator('.board .space.target:not([aria-label^="Take back"]) rect.hit').first().tap();
    }
  };
  await cancelThenConfirm(page, placeEveryone, /^Place .+ on space \d+/, played(id, 'PLACE_CHARACTERS'));
});

test('Block War: the roll for turn order staged, cancelled, then confirmed', async () => {
  const { page } = player;
  const id = await blockWar(t.base, token);
  await page.goto(`${t.base}/games/${id}`);
  await awaitingMe(page);
  await cancelThenConfirm(page, () => page.getByRole('button', { name: 'Roll for turn order' }).tap(), /^Roll for turn order/, ours(id));
});

test('Miniatures: a shot staged with its odds (no hover on a touch screen); no empty Move; Melee only in reach', async () => {
  const { page } = player;
  const id = await miniatures(t.base, token);
  await page.goto(`${t.base}/games/${id}`);
  await awaitingMe(page);
  await cancelThenConfirm(page, () => page.getByRole('button', { name: 'Roll off for the first Phase' }).tap(), /^Roll off for the first Phase/, ours(id));

  // Our Phase (the seed gives it to us first, or after the bot's).
  const select = page.getByRole('group', { name: 'Your models' }).getByRole('button').first();
  await select.waitFor({ timeout: 60_000 });
  await select.tap();
  const actions = page.locator('.mn-actions');

  // A Move with no path drawn cannot be confirmed, and the page says why.
  await actions.getByRole('button', { name: 'Move' }).tap();
  const confirmMove = page.getByRole('button', { name: 'Confirm the Move' });
  expect(await confirmMove.isDisabled()).toBe(true);
  await page.getByText('Nothing to confirm until a path is drawn: a Move spends an action.').waitFor();

  // Melee: at the start every enemy is far off; none is offered, each is said with its distance.
  if (await actions.getByRole('button', { name: 'Melee' }).count()) {
    await actions.getByRole('button', { name: 'Melee' }).tap();
    const far = page.getByRole('list', { name: 'Out of reach' }).getByRole('listitem');
    await far.first().waitFor();
    expect(await far.first().textContent()).toMatch(/: [\d.]+″ to contact, beyond the [\d.]+″ it may move$/);
    expect(await page.getByRole('list', { name: 'Targets' }).count()).toBe(0);
  }

  // A shot, if one is offered: a tap stages it, and the odds show before anything is sent.
  const shoot = actions.getByRole('button', { name: 'Shoot' });
  if (await shoot.count()) {
    await shoot.tap();
    const before = (await read(id)).version;
    await page.getByRole('list', { name: 'Targets' }).getByRole('button').first().tap();
    await staged(page).locator('.staged-odds', { hasText: /Hit chance \d+%/ }).waitFor();
    expect(await staged(page).locator('.staged-words').textContent()).toMatch(/^Shoot .+Costs: one of .+’s actions \(2 left\)/s);
    await staged(page).getByRole('button', { name: 'Cancel' }).tap();
    await staged(page).waitFor({ state: 'detached' });
    // Our own Phase: nothing else moves the game, so the same version means nothing was sent.
    expect((await read(id)).version).toBe(before);
  }
});
