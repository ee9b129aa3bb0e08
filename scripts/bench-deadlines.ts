// Measures how late deadlines fire under load (issue 5):
//
//   npm run bench:deadlines                                  # embedded Postgres, throw-away
//   DATABASE_URL=postgres://… npm run bench:deadlines        # a database created (and dropped) on that server
//   npm run bench:deadlines -- --windows 200 --stagger 10 --bots 2 --clients 8 --pool-max 10
//
// 1. The app runs in this process (as `npm start` builds it) with the job worker on at its
//    default poll interval (1000 ms): the alarm, not the poll, is what should make expiries timely.
// 2. Load: `--bots` all-bot games play themselves in the app (a new one when one ends), and
//    `--clients` HTTP clients each play a 2-player game with random legal commands.
// 3. Meanwhile `--windows` games open their set-up window with set-up clocks staggered
//    1.0 s + i · `--stagger` ms; nobody answers, so each window expires.
// 4. Prints the lateness of each expiry (the EXPIRE_WINDOW command's accepted_at minus the
//    deadline the game showed when the window opened): p50, p99, max, count; and the commands
//    accepted per second during the run. Target: p99 < 250 ms. The whole run stays under ~60 s.

import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { createLogger } from '../src/config/logger.ts';
import { databaseOver } from '../src/db/database.ts';
import { migrate, readMigrations } from '../src/db/migrations.ts';
import { installJobQueue } from '../src/jobs/queue.ts';
import { openBenchDatabase } from './support/bench-database.ts';

const { values: args } = parseArgs({
  options: {
    windows: { type: 'string', default: '200' },
    /** ms between consecutive windows' set-up clocks. */
    stagger: { type: 'string', default: '10' },
    /** Base set-up clock, in seconds. */
    clock: { type: 'string', default: '1.0' },
    bots: { type: 'string', default: '2' },
    clients: { type: 'string', default: '8' },
    /** Games created at once while opening the windows. */
    parallel: { type: 'string', default: '8' },
    'poll-ms': { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '4' },
    /** The app's pool, as DATABASE_POOL_MAX (default 10, as npm start). */
    'pool-max': { type: 'string', default: '10' },
  },
});
const WINDOWS = Number(args.windows);
const STAGGER_MS = Number(args.stagger);
const BASE_CLOCK_S = Number(args.clock);
const BOT_LOOPS = Number(args.bots);
const CLIENTS = Number(args.clients);
const PARALLEL = Number(args.parallel);
const TARGET_P99_MS = 250;
/** Waits this long past the last deadline for stragglers. */
const GRACE_MS = 10_000;

const logger = createLogger('warn');
const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ───────────────────────────── HTTP ─────────────────────────────

interface Game {
  id: string;
  status: string;
  version: number;
  awaiting: { seat: number; situation: string; windowId: string; deadline: string | null }[];
  legalCommands: { type: string }[];
}

let base = '';

async function http<T>(method: 'GET' | 'POST', pathname: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

let accounts = 0;
async function register(): Promise<string> {
  const handle = `dl${process.pid.toString(36)}x${++accounts}`;
  const res = await http<{ token: string }>('POST', '/v1/accounts', null, { handle, email: `${handle}@example.test`, password: 'correct horse battery staple' });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** A 2-player game between these accounts; both claim, so it starts. */
async function twoPlayerGame(tokens: string[], clock: unknown, map = 'dan-tanna-enid-blyton'): Promise<string> {
  const created = await http<{ id: string }>('POST', '/v1/games', tokens[0]!, {
    game: 'helter-skelter',
    options: { map, clock, seats: [{ team: 'judges' }, { team: 'slaine' }] },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  for (const seat of [0, 1]) {
    const claimed = await http('POST', `/v1/games/${created.body.id}/seats/${seat}/claim`, tokens[seat]!);
    if (claimed.status !== 200) throw new Error(`claim: ${claimed.status} ${JSON.stringify(claimed.body)}`);
  }
  return created.body.id;
}

// ───────────────────────────── load ─────────────────────────────

let stopping = false;

/** All-bot games, one after another, played by the app itself. */
async function botLoop(token: string, i: number): Promise<void> {
  const teams = ['judges', 'strontium-dogs', 'nikolai-dante', 'slaine'];
  while (!stopping) {
    const created = await http<{ id: string }>('POST', '/v1/games', token, {
      game: 'helter-skelter',
      options: { map: i % 2 ? 'grand-hall-of-justice' : 'dan-tanna-enid-blyton', seats: teams.map((team) => ({ team, bot: true })) },
    });
    if (created.status !== 201) throw new Error(`bot game: ${created.status} ${JSON.stringify(created.body)}`);
    while (!stopping && (await http<Game>('GET', `/v1/games/${created.body.id}`, null)).body.status !== 'finished') await sleep(200);
  }
}

/** A client playing a 2-player game over HTTP with random legal commands; a new game when one ends. */
async function clientLoop(i: number): Promise<void> {
  const tokens = [await register(), await register()];
  let rng = (i + 1) * 2654435761;
  const next = (n: number) => {
    rng = (Math.imul(rng, 1103515245) + 12345) >>> 0;
    return Math.floor((rng / 2 ** 32) * n);
  };
  let id = await twoPlayerGame(tokens, 'daily', i % 2 ? 'grand-hall-of-justice' : 'dan-tanna-enid-blyton');
  while (!stopping) {
    const spectator = (await http<Game>('GET', `/v1/games/${id}`, null)).body;
    if (spectator.status === 'finished') {
      id = await twoPlayerGame(tokens, 'daily');
      continue;
    }
    const seat = spectator.awaiting[0]!.seat;
    const game = (await http<Game>('GET', `/v1/games/${id}`, tokens[seat]!)).body;
    const command = game.legalCommands[next(game.legalCommands.length)];
    const sent = await http('POST', `/v1/games/${id}/commands`, tokens[seat]!, { ...command, expectedVersion: game.version });
    if (sent.status !== 200 && sent.status !== 409) throw new Error(`command: ${sent.status} ${JSON.stringify(sent.body)}`);
  }
}

// ───────────────────────────── run ─────────────────────────────

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const load = () => os.loadavg()[0]!.toFixed(2);

const database = await openBenchDatabase(logger);
const pool = new pg.Pool({ connectionString: database.url, max: Number(args['pool-max']), connectionTimeoutMillis: 10_000 });
pool.on('error', (error) => logger.warn({ err: error }, 'idle database connection failed'));
const db = databaseOver(pool, await readMigrations());
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  say(`database: ${database.where}`);
  say(`machine: ${os.cpus().length} cores, load average ${load()} before the run`);
  await migrate(pool, await readMigrations(), { logger });
  await installJobQueue(pool, logger);
  app = await buildApp({
    readiness: db.readiness,
    pool,
    settings: {
      worker: { concurrency: Number(args.concurrency), pollIntervalMs: Number(args['poll-ms']), fetchDelayMs: 25 },
      rateLimitPerMinute: 0,
      loginRateLimitPerMinute: 0,
    },
  });
  // Where the time goes: when each expiry job starts running here, and how long it takes.
  const jobs = new Map<string, { start: number; ms: number }>();
  const games = app.games;
  const expire = games.expire.bind(games);
  games.expire = async (job) => {
    const start = Date.now();
    try {
      await expire(job);
    } finally {
      jobs.set(`${job.gameId}:${job.windowId}`, { start, ms: Date.now() - start });
    }
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  say(`worker: concurrency ${args.concurrency}, poll interval ${args['poll-ms']} ms`);

  const owner = await register();
  const windowTokens = [await register(), await register()];
  const started = new Date();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let poolWaiting = 0;
  const sampler = setInterval(() => (poolWaiting = Math.max(poolWaiting, pool.waitingCount)), 20);
  say(`load: ${BOT_LOOPS} all-bot games at a time, ${CLIENTS} HTTP clients playing 2-player games`);
  const loops = [...Array.from({ length: BOT_LOOPS }, (_, i) => botLoop(owner, i)), ...Array.from({ length: CLIENTS }, (_, i) => clientLoop(i))];
  const failed = Promise.race(loops.map((l) => l.then(() => new Promise<never>(() => undefined)))).catch((error: unknown) => error);
  await sleep(1000);

  // The windows: set-up clocks 1.0 s + i · stagger, opened PARALLEL at a time.
  say(`opening ${WINDOWS} set-up windows, clocks ${BASE_CLOCK_S} s + i · ${STAGGER_MS} ms…`);
  const opened: { gameId: string; windowId: string; deadline: number }[] = [];
  let nextIndex = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (nextIndex < WINDOWS) {
        const i = nextIndex++;
        const setup = BASE_CLOCK_S + (i * STAGGER_MS) / 1000;
        const id = await twoPlayerGame(windowTokens, { setup, turn: 3600, defence: 3600, interrupt: 3600 });
        const game = (await http<Game>('GET', `/v1/games/${id}`, null)).body;
        const deadline = Math.max(...game.awaiting.map((a) => Date.parse(a.deadline!)));
        opened.push({ gameId: id, windowId: game.awaiting[0]!.windowId, deadline });
      }
    }),
  );
  const lastDeadline = Math.max(...opened.map((o) => o.deadline));
  say(`opened in ${((Date.now() - started.getTime()) / 1000 - 1).toFixed(1)} s; last deadline in ${((lastDeadline - Date.now()) / 1000).toFixed(1)} s`);

  // Wait for every window's expiry (or the grace period), while the load goes on.
  const ids = opened.map((o) => o.gameId);
  const fired = new Map<string, number>();
  const giveUp = lastDeadline + GRACE_MS;
  while (Date.now() < giveUp) {
    const { rows } = await pool.query<{ gameId: string; windowId: string; acceptedAt: Date }>(
      `SELECT game_id AS "gameId", payload->>'windowId' AS "windowId", accepted_at AS "acceptedAt"
         FROM commands WHERE game_id = ANY($1) AND sender_kind = 'system' AND type = 'EXPIRE_WINDOW'`,
      [ids],
    );
    for (const r of rows) fired.set(`${r.gameId}:${r.windowId}`, r.acceptedAt.getTime());
    if (fired.size >= WINDOWS && Date.now() > lastDeadline) break;
    const problem = await Promise.race([failed, sleep(100).then(() => undefined)]);
    if (problem) throw problem;
  }
  const ended = new Date();
  const loadDuring = load();
  loopDelay.disable();
  clearInterval(sampler);
  stopping = true;
  await Promise.all(loops);

  const lateness = opened
    .map((o) => (fired.has(`${o.gameId}:${o.windowId}`) ? fired.get(`${o.gameId}:${o.windowId}`)! - o.deadline : NaN))
    .filter((x) => !Number.isNaN(x))
    .sort((a, b) => a - b);
  const early = lateness.filter((x) => x < 0).length;
  const { rows: throughput } = await pool.query<{ kind: string; n: number }>(
    `SELECT sender_kind AS kind, count(*)::int AS n FROM commands WHERE accepted_at BETWEEN $1 AND $2 GROUP BY 1 ORDER BY 1`,
    [started, ended],
  );
  const seconds = (ended.getTime() - started.getTime()) / 1000;
  const total = throughput.reduce((sum, r) => sum + r.n, 0);
  const p99 = percentile(lateness, 99);

  say('');
  say(`expiries: ${lateness.length} of ${WINDOWS} windows fired${early ? `, ${early} BEFORE their deadline` : ''} (load average ${loadDuring})`);
  say(`lateness (accepted_at − deadline): p50 ${percentile(lateness, 50)} ms   p99 ${p99} ms   max ${lateness.at(-1)} ms   min ${lateness[0]} ms`);
  say(
    `commands accepted during the run: ${total} in ${seconds.toFixed(1)} s = ${(total / seconds).toFixed(0)}/s (${throughput.map((r) => `${r.kind} ${r.n}`).join(', ')})`,
  );
  const pickup = opened.flatMap((o) => (jobs.has(`${o.gameId}:${o.windowId}`) ? [jobs.get(`${o.gameId}:${o.windowId}`)!.start - o.deadline] : [])).sort((a, b) => a - b);
  const running = [...jobs.values()].map((j) => j.ms).sort((a, b) => a - b);
  say(`  of which: job started (− deadline) p50 ${percentile(pickup, 50)} ms, p99 ${percentile(pickup, 99)} ms; job ran p50 ${percentile(running, 50)} ms, p99 ${percentile(running, 99)} ms`);
  say(
    `this process during the run: event-loop delay p50 ${(loopDelay.percentile(50) / 1e6).toFixed(0)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms; most requests waiting for a pool connection ${poolWaiting}`,
  );
  const met = lateness.length === WINDOWS && early === 0 && p99 < TARGET_P99_MS;
  say(`target (every window fired, none early, p99 < ${TARGET_P99_MS} ms): ${met ? 'met' : 'MISSED'}`);
  process.exitCode = met ? 0 : 1;
} finally {
  stopping = true;
  await app?.close().catch(() => undefined);
  await db.close().catch(() => undefined);
  await database.close();
}
