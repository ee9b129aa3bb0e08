// Races: the same account sends many requests at once, as real parallel HTTP requests against a
// real Postgres, round after round. A per-account limit must hold however the requests interleave
// (issue 28: 30 parallel creates gave 30 open games with a limit of 20), one account holds one seat
// per game (6 parallel claims held three seats), and a burst of token creations must neither fail
// with 500 nor stall another account (12 parallel creations starved the database pool).
//
// Each burst is split between two apps on one database, as two processes behind a balancer: each
// process queues one account's limited writes (src/platform/one-at-a-time.ts), so only the
// database's locks and unique index can keep requests sent to different processes apart.

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOn, useTestApp, type TestApp } from '../support/app.ts';
import { registerPlayer, type Player } from '../support/players.ts';

const ROUNDS = 10;
const BURST = 12;

const SETTINGS = {
  openGamesPerAccount: 3,
  gamesPerDayPerAccount: 1_000,
  webhooksPerAccount: 3,
  webhooksPerGame: 2,
  tokensPerAccount: 3,
  webhookPolicy: { allowHttp: true, allowPrivate: true },
  chat: { messagesPerMinute: 3, mutesPerAccount: 2 },
};
const DAILY = { openGamesPerAccount: 1_000, gamesPerDayPerAccount: 4 };
const t = useTestApp(SETTINGS);
const daily = useTestApp(DAILY);

/** A second process (app) on each test database; request i of a burst goes to bases[i % 2]. */
const seconds: TestApp[] = [];
let bases: string[] = [];
let dailyBases: string[] = [];
beforeAll(async () => {
  for (const [served, settings] of [[t, SETTINGS], [daily, DAILY]] as const) {
    const second = await appOn(served.database.url, settings);
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    seconds.push(second);
  }
  const baseOf = (app: TestApp) => `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  bases = [t.base, baseOf(seconds[0]!)];
  dailyBases = [daily.base, baseOf(seconds[1]!)];
});
afterAll(async () => {
  for (const second of seconds) await second.close();
});

interface Answer {
  status: number;
  body: { code?: string; id?: string; [k: string]: unknown };
  retryAfter: string | null;
}

/** One real HTTP request to `base` (undici opens a connection per request in flight). */
async function call(base: string, method: string, path: string, player: Player | null, body?: unknown): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(player ? { authorization: `Bearer ${player.token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Answer['body']) : {}, retryAfter: res.headers.get('retry-after') };
}

/** Every answer is the success or the limit's refusal: never a 5xx, never another refusal. */
function expectOnly(answers: Answer[], ok: number, refusal: { status: number; code: string }): number {
  for (const a of answers) {
    if (a.status !== ok) expect({ status: a.status, code: a.body.code }, JSON.stringify(a.body)).toEqual(refusal);
  }
  return answers.filter((a) => a.status === ok).length;
}

const TWO_SEATS = { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] };
const FOUR_SEATS = { map: 'grand-hall-of-justice', seats: [{ team: 'judges' }, { team: 'slaine' }, { team: 'nikolai-dante' }, { team: 'strontium-dogs' }] };

async function newGame(base: string, creator: Player, options: object = TWO_SEATS): Promise<string> {
  const res = await call(base, 'POST', '/v1/games', creator, { game: 'helter-skelter', options });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id!;
}

describe('one seat per account per game', () => {
  it('6 parallel claims by one account to seats 1, 2, 3, 1, 2, 3 of a 4-seat game take one seat (10 rounds)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const creator = await registerPlayer(t.app, 'seathost');
      const claimer = await registerPlayer(t.app, 'seatrace');
      const game = await newGame(t.base, creator, FOUR_SEATS);
      const answers = await Promise.all([1, 2, 3, 1, 2, 3].map((seat, i) => call(bases[i % 2]!, 'POST', `/v1/games/${game}/seats/${seat}/claim`, claimer)));
      for (const a of answers) if (a.status !== 200) expect(a.status, JSON.stringify(a.body)).toBe(409);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers) if (a.status === 409) expect(['ALREADY_SEATED', 'SEAT_TAKEN']).toContain(a.body.code);
      const { rows } = await t.db.pool.query(
        `SELECT count(*)::int AS n FROM game_seats s JOIN accounts a ON a.id = s.account_id WHERE s.game_id = $1 AND a.handle = $2`,
        [game, claimer.handle],
      );
      expect(rows[0].n, `round ${round}`).toBe(1);
    }
  });

  it('a second claim after the first is refused ALREADY_SEATED, as before', async () => {
    const [creator, claimer] = [await registerPlayer(t.app, 'seathost'), await registerPlayer(t.app, 'seatseq')];
    const game = await newGame(t.base, creator, FOUR_SEATS);
    expect((await call(t.base, 'POST', `/v1/games/${game}/seats/1/claim`, claimer)).status).toBe(200);
    const again = await call(t.base, 'POST', `/v1/games/${game}/seats/2/claim`, claimer);
    expect([again.status, again.body.code]).toEqual([409, 'ALREADY_SEATED']);
  });
});

describe('per-account limits hold against parallel requests', () => {
  it(`open games: ${BURST} parallel creates leave OPEN_GAMES_PER_ACCOUNT (3) open games (10 rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const me = await registerPlayer(t.app, 'gamerace');
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => call(bases[i % 2]!, 'POST', '/v1/games', me, { game: 'helter-skelter', options: TWO_SEATS })));
      expect(expectOnly(answers, 201, { status: 429, code: 'GAME_LIMIT_REACHED' }), `round ${round}`).toBe(3);
    }
  });

  it(`games a day: ${BURST} parallel creates make GAMES_PER_DAY_PER_ACCOUNT (4) games (10 rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const me = await registerPlayer(daily.app, 'dayrace');
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => call(dailyBases[i % 2]!, 'POST', '/v1/games', me, { game: 'helter-skelter', options: TWO_SEATS })));
      expect(expectOnly(answers, 201, { status: 429, code: 'GAME_LIMIT_REACHED' }), `round ${round}`).toBe(4);
    }
  });

  it(`webhooks: ${BURST} parallel subscriptions leave WEBHOOKS_PER_ACCOUNT (3) (10 rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const me = await registerPlayer(t.app, 'hookrace');
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => call(bases[i % 2]!, 'POST', '/v1/webhooks', me, { url: `http://127.0.0.1:9/hook/${i}` })));
      expect(expectOnly(answers, 201, { status: 429, code: 'WEBHOOK_LIMIT_REACHED' }), `round ${round}`).toBe(3);
    }
  });

  it(`per-game webhooks: two players' ${BURST} parallel subscriptions to one game leave WEBHOOKS_PER_GAME (2) (10 rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = [await registerPlayer(t.app, 'gamehook'), await registerPlayer(t.app, 'gamehook')];
      const game = await newGame(t.base, a);
      for (const [seat, p] of [a, b].entries()) expect((await call(t.base, 'POST', `/v1/games/${game}/seats/${seat}/claim`, p)).status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) => call(bases[(i >> 1) % 2]!, 'POST', '/v1/webhooks', i % 2 ? a : b, { url: `http://127.0.0.1:9/game/${i}`, gameId: game })),
      );
      expect(expectOnly(answers, 201, { status: 429, code: 'WEBHOOK_LIMIT_REACHED' }), `round ${round}`).toBe(2);
    }
  });

  it(`personal access tokens: ${BURST} parallel creations leave TOKENS_PER_ACCOUNT (3), no 5xx, and another account is served meanwhile (10 rounds)`, async () => {
    const bystander = await registerPlayer(t.app, 'bystander');
    for (let round = 0; round < ROUNDS; round++) {
      const me = await registerPlayer(t.app, 'tokenrace');
      const [answers, reads] = await Promise.all([
        Promise.all(Array.from({ length: BURST }, (_, i) => call(bases[i % 2]!, 'POST', '/v1/me/tokens', me, { name: `bot ${i}` }))),
        Promise.all(Array.from({ length: 4 }, () => call(t.base, 'GET', '/v1/me', bystander))),
      ]);
      expect(expectOnly(answers, 201, { status: 429, code: 'TOKEN_LIMIT_REACHED' }), `round ${round}`).toBe(3);
      expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      // Each token made works.
      for (const a of answers.filter((x) => x.status === 201)) {
        expect((await call(t.base, 'GET', '/v1/me', { handle: me.handle, token: a.body.token as string })).status).toBe(200);
      }
    }
  });

  it(`mutes: ${BURST} parallel mutes leave the mute limit (2) (5 rounds)`, async () => {
    const host = await registerPlayer(t.app, 'mutehost');
    const game = await newGame(t.base, host);
    // Players seen at a table (here: they wrote in its chat) can be muted.
    const targets: Player[] = [];
    for (let i = 0; i < BURST; i++) {
      const target = await registerPlayer(t.app, 'mutee');
      expect((await call(t.base, 'POST', `/v1/games/${game}/chat`, target, { text: 'hello' })).status).toBe(201);
      targets.push(target);
    }
    for (let round = 0; round < 5; round++) {
      const me = await registerPlayer(t.app, 'muterace');
      const answers = await Promise.all(targets.map((target, i) => call(bases[i % 2]!, 'PUT', `/v1/me/mutes/${target.handle}`, me)));
      expect(expectOnly(answers, 200, { status: 429, code: 'MUTE_LIMIT_REACHED' }), `round ${round}`).toBe(2);
    }
  });

  it(`chat: ${BURST} parallel messages at one table leave the per-minute limit (3) (10 rounds)`, async () => {
    const host = await registerPlayer(t.app, 'chathost');
    const game = await newGame(t.base, host);
    for (let round = 0; round < ROUNDS; round++) {
      const me = await registerPlayer(t.app, 'chatrace');
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => call(bases[i % 2]!, 'POST', `/v1/games/${game}/chat`, me, { text: `message ${i}` })));
      expect(expectOnly(answers, 201, { status: 429, code: 'CHAT_RATE_LIMITED' }), `round ${round}`).toBe(3);
    }
  });
});
