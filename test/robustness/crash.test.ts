// Crash safety: clients play several games at once against the real server process; the
// process is killed (SIGKILL) while commands are in flight and started again on the same database.
// Every command that got a 2xx is in the log, the log holds nothing else but commands whose answer
// was lost in the crash, every log is gap-free, `npm run verify` finds no mismatch, and re-sending a
// request with its Idempotency-Key after the restart returns the first response and appends nothing.

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config/config.ts';
import { GAMES } from '../../src/service/registry.ts';
import { pickCommand } from '../../src/platform/random-player.ts';
import { seedRng } from '../../src/platform/random.ts';
import { createTestDatabase, testPool, type TestDatabase } from '../support/database.ts';
import { asStored, logProblems, storedLog, verifyDatabase } from '../support/event-log.ts';
import { postCommand, readGame, register, startGame, type HttpAnswer, type HttpPlayer } from '../support/http-client.ts';
import { startService, stopLeftoverServices, type RunningService } from '../support/service-process.ts';

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: true });
  pool = testPool(database.url, 2, { application_name: 'crash-test' });
});

afterAll(async () => {
  await stopLeftoverServices();
  await pool?.end();
  await database?.drop();
});

const serviceEnv = () => ({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });

interface Sent {
  gameId: string;
  seat: number;
  player: HttpPlayer;
  command: { type: string } & Record<string, unknown>;
  key: string;
  /** The answer; undefined when the connection broke before one came. */
  res?: HttpAnswer;
}

/** One seat's client: reads its view, sends one of its legal commands, again and again, until the server goes away. */
async function client(base: string, gameId: string, seat: number, player: HttpPlayer, sent: Sent[], inFlight: { n: number }) {
  let rng = seedRng(`crash:${gameId}:${seat}`);
  for (;;) {
    let legal;
    try {
      legal = (await readGame(base, gameId, player)).legalCommands;
    } catch {
      return; // the server is gone
    }
    if (legal.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      continue;
    }
    let command;
    [command, rng] = pickCommand(legal, rng);
    const record: Sent = { gameId, seat, player, command, key: randomUUID() };
    sent.push(record);
    inFlight.n++;
    try {
      record.res = await postCommand(base, gameId, player, command, { 'idempotency-key': record.key });
    } catch {
      return;
    } finally {
      inFlight.n--;
    }
    expect([200, 409, 422], record.res.text).toContain(record.res.status);
  }
}

/** Waits until Postgres has ended the killed process's sessions, so that nothing it sent can still commit. */
async function untilOnlyUsConnected(): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 10_000; await new Promise((r) => setTimeout(r, 50))) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND backend_type = 'client backend' AND application_name <> 'crash-test'`,
    );
    if (rows[0]!.n === 0) return;
  }
  throw new Error("the killed service's database sessions did not end");
}

describe('SIGKILL while clients submit commands', () => {
  it('loses no acknowledged command, forks no log, and replays every key after the restart', async () => {
    const first: RunningService = await startService(serviceEnv());
    // Two players (registering is deliberately slow: scrypt) sit at three tables.
    const players = await Promise.all([0, 1].map(() => register(first.url, 'crash')));
    const games = await Promise.all([0, 1, 2].map((g) => startGame(first.url, players, { seed: `crash-${g}` })));

    const sent: Sent[] = [];
    const inFlight = { n: 0 };
    const clients = games.flatMap((gameId) => [0, 1].map((seat) => client(first.url, gameId, seat, players[seat]!, sent, inFlight)));

    // Let them play a while, then kill the process at a moment when commands are in flight.
    const started = Date.now();
    while (sent.filter((s) => s.res?.status === 200).length < 40 && Date.now() - started < 8_000) await new Promise((r) => setTimeout(r, 20));
    while (inFlight.n < 2 && Date.now() - started < 10_000) await new Promise((resolve) => setImmediate(resolve));
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    await Promise.all(clients);

    await untilOnlyUsConnected();

    const acknowledged = sent.filter((s) => s.res && s.res.status >= 200 && s.res.status < 300);
    const lost = sent.filter((s) => !s.res);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);

    // The log as the crash left it: whole, and holding exactly the acknowledged commands plus
    // those whose answer was lost but which committed (their key is stored with them).
    const storedKeys = new Set((await pool.query<{ key: string }>('SELECT key FROM idempotency_keys')).rows.map((r) => r.key));
    const committedLost = lost.filter((s) => storedKeys.has(s.key));
    for (const s of acknowledged) expect(storedKeys.has(s.key)).toBe(true);
    const logs = new Map<string, Awaited<ReturnType<typeof storedLog>>>();
    for (const gameId of games) {
      const log = await storedLog(pool, gameId);
      expect(logProblems(log)).toEqual([]);
      logs.set(gameId, log);
      const mine = [...acknowledged, ...committedLost].filter((s) => s.gameId === gameId);
      expect(log.commands).toHaveLength(mine.length);
      for (const s of acknowledged.filter((x) => x.gameId === gameId)) {
        const answer = s.res!.body as { version: number; events: { seq: number; type: string }[] };
        const events = answer.events.map((e) => log.events[e.seq - 1]);
        expect(events.map((e) => e?.type)).toEqual(answer.events.map((e) => e.type));
        const command = log.commands[events[0]!.commandSeq - 1]!;
        expect({ seat: command.seat, payload: command.payload }).toEqual({ seat: s.seat, payload: asStored(s.command) });
      }
    }
    expect((await verifyDatabase(pool, GAMES)).mismatches).toEqual([]);

    // `npm run verify` (the script itself) over the database as the crash left it, while the
    // service restarts on it.
    const [verify, second] = await Promise.all([
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/verify.ts'], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, DATABASE_URL: database.url },
      }),
      startService(serviceEnv()),
    ]);
    expect(verify.stdout).toMatch(/games checked:\s+3\b/);
    expect(verify.stdout).toMatch(/mismatches:\s+0\b/);

    // Restarted on the same database: every request that committed, re-sent with its key, gets
    // its first response back, and nothing is appended.
    const resent = await Promise.all(
      [...acknowledged, ...committedLost].map(async (s) => ({ s, again: await postCommand(second.url, s.gameId, s.player, s.command, { 'idempotency-key': s.key }) })),
    );
    for (const { s, again } of resent) {
      expect(again.status, again.text).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      if (s.res) expect(again.body).toEqual(s.res.body);
    }
    for (const gameId of games) expect(await storedLog(pool, gameId)).toEqual(logs.get(gameId));

    // And play goes on from where the log stands.
    for (const gameId of games) {
      const awaited = (await readGame(second.url, gameId, null)).awaiting[0]!.seat;
      const player = players[awaited]!;
      const [command] = pickCommand((await readGame(second.url, gameId, player)).legalCommands, seedRng(`after:${gameId}`));
      const res = await postCommand(second.url, gameId, player, command);
      expect(res.status, res.text).toBe(200);
      expect(logProblems(await storedLog(pool, gameId))).toEqual([]);
    }

    expect((await verifyDatabase(pool, GAMES)).mismatches).toEqual([]);

    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 60_000);
});
