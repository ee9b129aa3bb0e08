// Views at versions: GET /v1/games/{id}?at=v is the game as it was at version v, for
// each seat and for a spectator — exactly what replaying the first v events through the rules
// gives — whether it is rebuilt from the start or from a snapshot, and it does not change as the
// game goes on. A version that does not exist is a problem, not a guess.

import { beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/service/registry.ts';
import { useTestApp } from '../support/app.ts';
import { storedLog } from '../support/event-log.ts';
import { call, playMoves, readGame, register, startGame, type GameAnswer, type HttpPlayer } from '../support/http-client.ts';

const module = GAMES.get('helter-skelter')!;

let players: HttpPlayer[];
let gameId: string;

const t = useTestApp();
beforeAll(async () => {
  players = await Promise.all([0, 1].map(() => register(t.base, 'views')));
  // Past the first snapshot (every 200 events), so old versions come from the start and new ones
  // from it; and still going (another seed if a game ends sooner).
  for (const seed of ['views-at-versions', 'views-at-versions-2', 'views-at-versions-3']) {
    gameId = await startGame(t.base, players, { seed });
    const game = await playMoves(t.base, gameId, players, 400, { until: (g) => g.version >= 230 });
    if (game.status === 'active' && game.awaiting.length > 0) break;
  }
});

/** The state at `version`, folded here from the stored events. */
async function stateAt(version: number): Promise<unknown> {
  const { rows } = await t.db.pool.query<{ options: { setup: unknown } }>('SELECT options FROM games WHERE id = $1', [gameId]);
  const log = await storedLog(t.db.pool, gameId);
  return module.replay(module.initialState(rows[0]!.options.setup), log.events.slice(0, version).map((e) => e.payload));
}

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('GET /v1/games/{id}?at=version', () => {
  it('is, for each seat and a spectator, what replaying that many events gives', async () => {
    const current = (await readGame(t.base, gameId, null)).version;
    expect(current).toBeGreaterThanOrEqual(200);
    const { rows: snapshots } = await t.db.pool.query<{ version: number }>('SELECT version FROM snapshots WHERE game_id = $1', [gameId]);
    expect(snapshots.length).toBeGreaterThan(0);
    const snapshot = snapshots[0]!.version;

    const versions = [...new Set([0, 1, 2, 10, Math.floor(current / 2), snapshot - 1, snapshot, snapshot + 1, current - 1, current])];
    for (const version of versions) {
      const state = await stateAt(version);
      for (const [seat, reader] of [[0, players[0]!], [1, players[1]!], [null, null]] as const) {
        const res = await call(t.base, 'GET', `/v1/games/${gameId}?at=${version}`, { token: reader?.token ?? null });
        const what = `version ${version} as ${seat === null ? 'a spectator' : `seat ${seat}`}`;
        expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBe(200);
        expect(res.headers.get('etag'), what).toBe(`"${version}"`);
        const game = res.body as GameAnswer & { awaiting: unknown[] };
        expect(game.version, what).toBe(version);
        expect(game.mySeat, what).toBe(seat);
        expect(game.view, what).toEqual(json(module.view(state, seat)));
        // Deadlines are known for the seats awaited now; a past version's are not kept.
        const awaited = json(module.awaiting(state)) as object[];
        expect(game.awaiting, what).toEqual(awaited.map((a) => ({ ...a, deadline: version === current ? expect.any(String) : null })));
        // Commands only make sense now: a past version offers none.
        expect(game.legalCommands, what).toEqual(version === current && seat !== null ? json(module.legalCommands(state, seat)) : []);
      }
    }
  });

  it('a past version reads the same after the game has moved on', async () => {
    const before = await Promise.all([5, 150].map((v) => call(t.base, 'GET', `/v1/games/${gameId}?at=${v}`, { token: players[0]!.token })));
    await playMoves(t.base, gameId, players, 10, { seed: 'views-later' });
    // And once the in-memory cache no longer holds the game, from the log again.
    t.parts.gameService.states.forget(gameId);
    const after = await Promise.all([5, 150].map((v) => call(t.base, 'GET', `/v1/games/${gameId}?at=${v}`, { token: players[0]!.token })));
    // The game's own fields (status, updatedAt) are the game's now; what was at the version is fixed.
    const asOf = (body: unknown) => {
      const { version, mySeat, view, awaiting, legalCommands } = body as GameAnswer;
      return { version, mySeat, view, awaiting, legalCommands };
    };
    expect(after.map((r) => asOf(r.body))).toEqual(before.map((r) => asOf(r.body)));
  });

  it('without `at` it is the current version, the same as ?at=current', async () => {
    const now = await call(t.base, 'GET', `/v1/games/${gameId}`, { token: players[1]!.token });
    const version = (now.body as GameAnswer).version;
    const at = await call(t.base, 'GET', `/v1/games/${gameId}?at=${version}`, { token: players[1]!.token });
    expect(at.body).toEqual(now.body);
    expect(now.headers.get('etag')).toBe(`"${version}"`);
  });

  it('a version out of range, or not a version, is a problem', async () => {
    const version = (await readGame(t.base, gameId, null)).version;
    const cases: [string, number, string][] = [
      [`${version + 1}`, 400, 'VERSION_OUT_OF_RANGE'],
      [`${version + 1000}`, 400, 'VERSION_OUT_OF_RANGE'],
      ['2147483648', 400, 'VERSION_OUT_OF_RANGE'],
      ['-1', 400, 'VALIDATION_FAILED'],
      ['1.5', 400, 'VALIDATION_FAILED'],
      ['latest', 400, 'VALIDATION_FAILED'],
    ];
    for (const [at, status, code] of cases) {
      const res = await call(t.base, 'GET', `/v1/games/${gameId}?at=${at}`, { token: players[0]!.token });
      expect(res.status, `at=${at}: ${res.text}`).toBe(status);
      expect(res.contentType).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ code });
      if (code === 'VERSION_OUT_OF_RANGE') expect(res.body).toMatchObject({ version });
    }
    const missing = await call(t.base, 'GET', `/v1/games/00000000-0000-4000-8000-000000000000?at=1`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});
