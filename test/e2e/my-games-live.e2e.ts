// My games follows the player's games live, and the player page shows a finished game's result:
// - My games, open in the browser, shows "your move" for a Block War game;
// - the player moves through the API (as from another tab or client): the row changes to
//   "waiting for others" without a reload;
// - the game ends (the opponent surrenders): the row shows the result, still without a reload;
// - the player page lists the finished game with its result and opponent;
// - a game whose seat a bot plays while the player was away says so, not "your move".

import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { recordMisses } from '../../src/store/seat-handovers.ts';
import { callApi } from './support/api.ts';
import { openBrowser, signUp, tokenOf, type Player } from './support/browser.ts';

const t = useTestApp({ worker: QUICK_WORKER });
let rico: Player;
let handle: string;

interface Game {
  status: string;
  awaiting: { seat: number }[];
  legalCommands: object[];
  view: { situation: { kind: string } };
}

const api = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(t.base, method, path, token, body);

beforeAll(async () => {
  rico = await openBrowser();
  handle = await signUp(rico.page, t.base, 'rico');
});
afterAll(async () => {
  await rico?.close();
});

test('My games changes without a reload when the player moves elsewhere and when the game ends; the player page shows the result', async () => {
  const token = await tokenOf(rico.page);
  const vic = `vic${Date.now().toString(36)}`;
  const other = await api<{ token: string }>('POST', '/v1/accounts', null, { handle: vic, email: `${vic}@example.com`, password: 'correct horse battery staple' });
  const tokens = [token, other.token];
  const { id } = await api<{ id: string }>('POST', '/v1/games', token, { game: 'block-war', options: { seats: [{ block: 'Rico Block' }, { block: 'Vic Block' }] }, seat: 0 });
  await api('POST', `/v1/games/${id}/seats/1/claim`, other.token);
  const read = (seat: number) => api<Game>('GET', `/v1/games/${id}`, tokens[seat]!);
  /** Plays the awaited seats' first legal commands until `done` holds. */
  async function playUntil(done: (game: Game) => boolean): Promise<Game> {
    for (let i = 0; i < 400; i++) {
      const game = await read(0);
      if (done(game)) return game;
      const seat = game.awaiting[0]!.seat;
      await api('POST', `/v1/games/${id}/commands`, tokens[seat]!, (await read(seat)).legalCommands[0]);
    }
    throw new Error('never got there');
  }
  const ricoAwaited = (game: Game) => game.awaiting.some((a) => a.seat === 0);
  await playUntil(ricoAwaited);

  await rico.page.goto(`${t.base}/`);
  const row = rico.page.locator('ul.game-list li', { hasText: 'Block War' });
  await row.getByText(/your move/).waitFor();

  // Rico moves from elsewhere until the game waits for Vic: the open page follows.
  const moved = await playUntil((game) => !ricoAwaited(game));
  expect(moved.status).toBe('active');
  await row.getByText('waiting for others').waitFor();

  // Set-up played through, then Vic surrenders: Rico wins, and My games says so.
  await playUntil((game) => game.view.situation.kind === 'turn');
  await api('POST', `/v1/games/${id}/commands`, other.token, { type: 'SURRENDER' });
  expect((await read(0)).status).toBe('finished');
  await row.getByText(/^finished: won — /).waitFor();
  await expect(row.textContent()).resolves.toContain(`against ${vic}`);

  // The player page: the finished game with its result and opponent (once the result is recorded).
  await rico.page.goto(`${t.base}/players/${handle}`);
  await rico.page.getByRole('heading', { name: handle }).waitFor();
  const finished = rico.page.locator('section', { has: rico.page.getByRole('heading', { name: 'Finished games' }) });
  for (let i = 0; i < 100 && !(await finished.getByText(/^won — /).count()); i++) {
    await rico.page.reload();
    await rico.page.getByRole('heading', { name: handle }).waitFor();
  }
  await finished.getByText(/^won — /).waitFor();
  await expect(finished.textContent()).resolves.toContain(vic);
  await expect(finished.textContent()).resolves.toContain('Block War: 2 blocks');
}, 180_000);

test('a game whose seat a bot plays while the player is away says so in My games, not "your move"', async () => {
  const token = await tokenOf(rico.page);
  const vic = `vic${Date.now().toString(36)}`;
  const other = await api<{ token: string }>('POST', '/v1/accounts', null, { handle: vic, email: `${vic}@example.com`, password: 'correct horse battery staple' });
  const { id } = await api<{ id: string }>('POST', '/v1/games', token, { game: 'block-war', options: { seats: [{ block: 'Rico Block' }, { block: 'Vic Block' }] }, seat: 0 });
  await api('POST', `/v1/games/${id}/seats/1/claim`, other.token);
  const game = await api<Game & { version: number }>('GET', `/v1/games/${id}`, token);
  expect(game.awaiting.map((a) => a.seat)).toContain(0);

  await rico.page.goto(`${t.base}/`);
  const row = rico.page.locator('ul.game-list li', { hasText: vic });
  await row.getByText(/your move/).waitFor();

  // Rico's deadline passes, counted as the sweeper counts it, with a threshold of one miss: a bot takes his seat.
  expect(await recordMisses(t.db.pool, id, [0], game.version, 1)).toEqual([0]);
  await rico.page.reload();
  await row.getByText('a bot plays your seat — open the game to take it back').waitFor();
  await expect(row.getAttribute('class')).resolves.not.toContain('awaiting-me');
}, 60_000);
