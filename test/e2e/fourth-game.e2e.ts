// The fourth game, in a real browser: a new game is one folder plus one registry line in the web
// client too. Odds and Evens (test/support/games/odds-and-evens/: its module, and its web folder
// beside it) is played by a server that registers it beside the three games, serving a web client
// built from a copy of web/ with that folder and one registry line added, which type-checks and keeps
// the web import rules (test/e2e/support/web-with-game.ts), and not one shared page edited. Through the page only: the
// lobby offers the game (from GET /v1/catalog), a player creates it against a bot, picks, raises,
// sees the result, steps through the replay, and finds the game in "my games" and its standing
// order in the settings.

import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { oddsAndEvens } from '../support/games/odds-and-evens/index.ts';
import { callApi } from './support/api.ts';
import { openBrowser, signUp, tokenOf, type Player } from './support/browser.ts';
import { andWait, waitForMyMove } from './support/play.ts';
import { buildWebWith, type BuiltWeb } from './support/web-with-game.ts';

let built: BuiltWeb;
let player: Player;

beforeAll(async () => {
  const started = Date.now();
  [built, player] = await Promise.all([
    buildWebWith({ module: oddsAndEvens, folder: path.join(import.meta.dirname, '..', 'support', 'games', 'odds-and-evens', 'web'), file: 'table.tsx', exportName: 'oddsAndEvens' }),
    openBrowser(),
  ]);
  console.log(`fourth-game: the web client with Odds and Evens bundled in ${Date.now() - started} ms`, built.timings);
}, 180_000);
afterAll(async () => {
  await player?.close();
  built?.remove();
});

// Registered after the build's hook, so it reads the bundle's directory once there is one.
const t = useTestApp(() => ({ extraGames: [oddsAndEvens], webClientDir: built.dist, worker: QUICK_WORKER }));

interface OddsAndEvensAnswer {
  status: string;
  view: { winner: number | null; raised: boolean | null; seats: { side: string; pick?: number | null }[] };
}

test('one folder plus one registry line: the lobby offers Odds and Evens, a game is played to its end and replayed, shared pages unchanged', async () => {
  // The proof's size: the copy's registry differs from web/'s by the import and the entry, nothing else.
  expect(built.addedRegistryLines).toEqual(["import { oddsAndEvens } from './odds-and-evens/table.tsx';", "  'odds-and-evens': oddsAndEvens,"]);

  const { page } = player;
  await signUp(page, t.base, 'oe');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lobby' }).click();
  await page.getByRole('heading', { name: 'Create a game' }).waitFor();
  // The lobby offers what the catalog lists, the fourth game last.
  const kind = page.getByLabel('Game', { exact: true });
  await expect.poll(() => kind.locator('option').allTextContents()).toEqual(['Helter Skelter', 'Block War', 'Miniatures', 'Odds and Evens']);
  await kind.selectOption('odds-and-evens');
  await page.getByLabel('Clock').selectOption('live');
  await page.getByRole('button', { name: 'Create game' }).click();

  await page.waitForURL(/\/games\/[0-9a-f-]{36}$/);
  const gameId = page.url().split('/').pop()!;
  await page.getByRole('heading', { name: 'Odds and Evens: Odd v Even' }).waitFor();

  // The pick: five buttons, one sent.
  expect(await waitForMyMove(page)).toBe(true);
  const numbers = page.getByRole('group', { name: 'Pick a number' }).getByRole('button');
  expect(await numbers.allTextContents()).toEqual(['1', '2', '3', '4', '5']);
  await andWait(page, () => page.getByRole('button', { name: '3', exact: true }).click());
  const picks = page.getByRole('list', { name: 'The picks' });
  await picks.getByText(/^Odd \(oe\w+\): picked 3$/).waitFor();

  // The bot picks; then Odd, the first seat, may raise. The bot's number stays hidden until the end.
  expect(await waitForMyMove(page)).toBe(true);
  await picks.getByText('Even (Bot): has picked', { exact: true }).waitFor();
  await andWait(page, () => page.getByRole('button', { name: 'Raise the stakes' }).click());

  // The result, as the API holds it.
  await page.locator('main.game-page[data-status="finished"]').waitFor();
  const token = await tokenOf(page);
  const answer = await callApi<OddsAndEvensAnswer>(t.base, 'GET', `/v1/games/${gameId}`, token);
  expect(answer.status).toBe('finished');
  expect(answer.view.raised).toBe(true);
  const [odd, even] = answer.view.seats.map((seat) => seat.pick!);
  const sum = odd! + even!;
  expect(answer.view.winner).toBe(sum % 2 === 1 ? 0 : 1);
  expect(await page.locator('.result').textContent()).toMatch(new RegExp(`^Game over: ${sum % 2 === 1 ? 'Odd \\(oe\\w+\\)' : 'Even \\(Bot\\)'} wins\\.`));
  await picks.getByText(`Even (Bot): picked ${even}`, { exact: true }).waitFor();
  await page.getByText(`The sum is ${sum}, ${sum % 2 === 1 ? 'odd' : 'even'}.`).waitFor();
  await expect.poll(async () => (await page.locator('.log li').allTextContents()).at(-1), { timeout: 10_000 }).toMatch(/^The game is over: 3 \+ \d = \d+, (odd|even)\. .* wins 2 points\.$/);

  // The replay, move by move, the picks as they stood.
  await page.getByRole('link', { name: 'Replay it move by move' }).click();
  await page.waitForURL(`${t.base}/games/${gameId}/replay`);
  await page.getByRole('heading', { name: 'Replay: Odds and Evens: Odd v Even' }).waitFor();
  const status = page.locator('.replay-event');
  await status.filter({ hasText: /^Move 1 of \d+: (Odd|Even) \(.+\) picked \d\.$/ }).waitFor();
  await page.getByRole('button', { name: 'Last' }).click();
  await status.filter({ hasText: /The game is over/ }).waitFor();
  await page.getByRole('list', { name: 'The picks' }).getByText(`Even (Bot): picked ${even}`, { exact: true }).waitFor();

  // My games titles it; the settings offer its standing order beside the other games'.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My games' }).click();
  await page.locator('.game-list li').filter({ hasText: 'Odds and Evens: Odd v Even' }).filter({ hasText: 'finished' }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const orders = page.getByRole('group', { name: 'Odds and Evens' });
  await orders.getByLabel('When both have picked (the first seat only)').selectOption('never');
  await expect.poll(async () => (await callApi<{ orders: { respond?: string } }>(t.base, 'GET', '/v1/me/preferences', token)).orders.respond).toBe('never');

  // The copy type-checks (the registry's type asks for one entry per game of the API document, the
  // fourth included) and keeps the web client's import rules.
  console.log(`fourth-game: the copy type-checked and cruised in ${await built.checked} ms`);
});
