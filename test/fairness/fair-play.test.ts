// Provably fair shuffles over HTTP: a game commits to its secret key at creation, never shows the
// key while it runs, reveals it when it ends, and anyone can then replay the whole game from what
// the public API shows (`npm run verify -- --game ID --public`). A chosen seed is allowed only where
// scenarios are, and the game says so to everyone.

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { commitment } from '../../src/platform/fairness.ts';
import { verifyPublic, type ReadApi } from '../../src/service/verify-public.ts';
import { useTestApp } from '../support/app.ts';
import { as, registerPlayer, type Player } from '../support/players.ts';
import { GAMES as REGISTERED } from '../../src/service/registry.ts';

const t = useTestApp();
const strict = useTestApp({ allowScenarios: false });

const BOTS = [{ team: 'judges', bot: true }, { team: 'slaine', bot: true }];

async function create(app: typeof t.app, player: Player, options: Record<string, unknown>) {
  return request(app.server).post('/v1/games').set(as(player)).send({ game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', ...options } });
}

async function storedKey(id: string): Promise<string> {
  const { rows } = await t.db.pool.query(`SELECT options->'fairness'->>'key' AS key FROM games WHERE id = $1`, [id]);
  return rows[0].key as string;
}

async function finished(id: string): Promise<void> {
  const stop = Date.now() + 60_000;
  while (Date.now() < stop) {
    const { rows } = await t.db.pool.query(`SELECT status FROM games WHERE id = $1`, [id]);
    if (rows[0].status === 'finished') return t.parts.gameService.bots.idle();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`game ${id} did not finish`);
}

/** Reads the API as an anonymous client would, over real HTTP. */
const publicApi =
  (edit: (path: string, body: unknown) => unknown = (_p, b) => b): ReadApi =>
  async (path) => {
    const res = await request(t.app.server).get(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return edit(path, res.body);
  };

describe('a new game', () => {
  it('publishes a commitment to its key at once, and the key nowhere while it runs', async () => {
    const me = await registerPlayer(t.app);
    const res = await create(t.app, me, { seats: [{ team: 'judges' }, { team: 'slaine' }] });
    expect(res.status).toBe(201);
    const key = await storedKey(res.body.id);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.fairness).toEqual({ generator: 'hmac-sha256-ctr', commitment: commitment(key), seeded: false, position: false, key: null });

    await request(t.app.server).post(`/v1/games/${res.body.id}/seats/0/claim`).set(as(me)).expect(200);
    const other = await registerPlayer(t.app);
    await request(t.app.server).post(`/v1/games/${res.body.id}/seats/1/claim`).set(as(other)).expect(200);
    const surfaces = [
      await request(t.app.server).get(`/v1/games/${res.body.id}`).set(as(me)),
      await request(t.app.server).get(`/v1/games/${res.body.id}`),
      await request(t.app.server).get(`/v1/games/${res.body.id}/events?after=0`).set(as(other)),
      await request(t.app.server).get(`/v1/games?status=open`),
      await request(t.app.server).get(`/v1/me/games`).set(as(me)),
      await request(t.app.server).get(`/v1/games/${res.body.id}/commands`),
      await request(t.app.server).post(`/v1/games/${res.body.id}/commands`).set(as(other)).send({ type: 'END_TURN' }),
    ];
    for (const surface of surfaces) expect(surface.text).not.toContain(key);
    expect(surfaces[5]!.status).toBe(409);
    expect(surfaces[5]!.body.code, surfaces[5]!.text).toBe('GAME_NOT_OVER');
  });

  it('draws a different key for every game', async () => {
    const me = await registerPlayer(t.app);
    const a = await create(t.app, me, { seats: [{ team: 'judges' }, { team: 'slaine' }] });
    const b = await create(t.app, me, { seats: [{ team: 'judges' }, { team: 'slaine' }] });
    expect(a.body.fairness.commitment).not.toBe(b.body.fairness.commitment);
  });
});

describe('a finished game', () => {
  it('reveals its key, which matches the commitment, and verifies from the public API alone', async () => {
    const me = await registerPlayer(t.app);
    const res = await create(t.app, me, { seats: BOTS });
    expect(res.status).toBe(201);
    const published = res.body.fairness.commitment as string;
    await finished(res.body.id);

    const game = (await request(t.app.server).get(`/v1/games/${res.body.id}`)).body;
    expect(game.status).toBe('finished');
    expect(game.fairness.key).toBe(await storedKey(res.body.id));
    expect(commitment(game.fairness.key)).toBe(published);

    const log = await request(t.app.server).get(`/v1/games/${res.body.id}/commands`);
    expect(log.status).toBe(200);
    expect(log.body.commands.length).toBeGreaterThan(0);

    const verdict = await verifyPublic(REGISTERED, publicApi(), res.body.id);
    expect(verdict.lines.join('\n')).toMatch(/reproduce all \d+ events/);
    expect(verdict.ok).toBe(true);
    expect(verdict.events).toBe(game.version);
  }, 90_000);

  it('fails verification when a dealt card in the log was changed, or the key does not match', async () => {
    const me = await registerPlayer(t.app);
    const res = await create(t.app, me, { seats: BOTS });
    await finished(res.body.id);

    // Someone swaps the first card of the first draw in the log a client is shown.
    const tampered = publicApi((path, body) => {
      if (!path.includes('/events')) return body;
      const page = structuredClone(body) as { events: { type: string; data: { cards?: string[] } }[] };
      const draw = page.events.find((e) => e.type === 'CardsDrawn' && (e.data.cards?.length ?? 0) > 1);
      if (draw) draw.data.cards = [...draw.data.cards!].reverse();
      return page;
    });
    const bad = await verifyPublic(REGISTERED, tampered, res.body.id);
    expect(bad.ok).toBe(false);
    expect(bad.lines.at(-1)).toMatch(/FAILED at command \d+: event \d+ differs/);

    const otherKey = publicApi((path, body) =>
      path.endsWith(res.body.id) ? { ...(body as object), fairness: { ...(body as { fairness: object }).fairness, key: '0'.repeat(64) } } : body,
    );
    const forged = await verifyPublic(REGISTERED, otherKey, res.body.id);
    expect(forged.ok).toBe(false);
    expect(forged.lines.at(-1)).toMatch(/does not match the commitment/);
  }, 90_000);
});

describe('a chosen seed', () => {
  it('is refused where scenarios are not allowed', async () => {
    const me = await registerPlayer(strict.app);
    const res = await request(strict.app.server)
      .post('/v1/games')
      .set(as(me))
      .send({ game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }], seed: 'x' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SEED_DISABLED');
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('where allowed, makes the deal reproducible and says so to everyone before they sit; the lobby does not list it', async () => {
    const me = await registerPlayer(t.app);
    const seats = [{ team: 'judges' }, { team: 'slaine' }];
    const a = await create(t.app, me, { seats, seed: 'friday-night' });
    const b = await create(t.app, me, { seats, seed: 'friday-night' });
    expect(a.body.fairness.seeded).toBe(true);
    expect(a.body.fairness.commitment).toBe(b.body.fairness.commitment);
    const seen = await request(t.app.server).get(`/v1/games/${a.body.id}`);
    expect(seen.body.fairness.seeded).toBe(true);
    // A stacked game is reached by its link, not offered to strangers (test/fairness/stacked-games.test.ts).
    const lobby = await request(t.app.server).get('/v1/games?status=open');
    expect(lobby.body.games.map((g: { id: string }) => g.id)).not.toContain(a.body.id);
  });
});
