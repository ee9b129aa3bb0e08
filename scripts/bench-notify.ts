// How long a player waits to hear they can act (issue 6): from the transaction that commits the
// command (its `accepted_at`) to the moment a webhook receiver on loopback has the delivery.
//
//   npm run bench:notify                     # embedded Postgres (durable, as `npm start` runs it)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:notify   # a fresh database there
//   npm run bench:notify -- --games 16 --duration 15 --rate 20   (rate: commands/s in all; 0 = flat out)
//
// The service runs in this process with its job worker, on a throw-away database
// (scripts/support/bench-database.ts). `games` two-player games are played over HTTP as fast as their clients
// can: each client reads the game as the awaited seat and POSTs one of its legalCommands, again; a
// new game when one ends. Every player has a per-user JSON webhook to the receiver, so every seat
// newly awaited is a delivery. The delay of a delivery is its arrival time minus the accepted_at
// of the command that caused it (found from the notification's version). Target: p95 < 1 s.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { createLogger } from '../src/config/logger.ts';
import { databaseOver } from '../src/db/database.ts';
import { migrate, readMigrations } from '../src/db/migrations.ts';
import { installJobQueue } from '../src/jobs/queue.ts';
import { pickCommand } from '../src/platform/random-player.ts';
import { seedRng } from '../src/platform/random.ts';
import { openBenchDatabase } from './support/bench-database.ts';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '16' },
    duration: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '8' },
    rate: { type: 'string', default: '0' },
  },
});
const GAMES = Number(args.games);
const DURATION_MS = Number(args.duration) * 1000;
/** Commands a second, all games together; 0: as fast as the clients can. */
const RATE = Number(args.rate);
const TARGET_P95_MS = 1000;
const say = (line: string) => process.stdout.write(`${line}\n`);
const logger = createLogger('warn');

// ── the database ─────────────────────────────────────────────────────────────────────────────
const database = await openBenchDatabase(logger, 'hs_bench_notify');
say(`database: ${database.where}`);
const pool = new pg.Pool({ connectionString: database.url, max: 20 });
// Dropping the database at the end ends connections the worker may still hold.
pool.on('error', () => undefined);
await migrate(pool, await readMigrations(), { logger });
await installJobQueue(pool, logger);

// ── the receiver ─────────────────────────────────────────────────────────────────────────────
const arrivals: { id: string; at: number }[] = [];
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    arrivals.push({ id: String(req.headers['webhook-id']), at: Date.now() });
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

// ── the service ──────────────────────────────────────────────────────────────────────────────
const app = await buildApp({
  readiness: databaseOver(pool, []).readiness,
  pool,
  settings: {
    worker: { concurrency: Number(args.concurrency), pollIntervalMs: 1000, fetchDelayMs: 25 },
    webhookPolicy: { allowHttp: true, allowPrivate: true },
    rateLimitPerMinute: 0,
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

// The few fields this script reads from the API's answers.
interface Answer {
  id: string;
  token: string;
  status: string;
  awaiting: { seat: number }[];
  legalCommands: { type: string }[];
}

async function call(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: Answer }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Answer };
}

let counter = 0;
async function player(): Promise<string> {
  const handle = `bn${process.pid}x${++counter}`;
  const res = await call('POST', '/v1/accounts', null, { handle, email: `${handle}@example.test`, password: 'correct horse battery staple' });
  const token = res.body.token;
  const hook = await call('POST', '/v1/webhooks', token, { url: hookUrl });
  if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${JSON.stringify(hook.body)}`);
  return token;
}

async function newGame(tokens: string[]): Promise<string> {
  const created = await call('POST', '/v1/games', tokens[0]!, {
    game: 'helter-skelter',
    options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] },
  });
  const id = created.body.id;
  for (const [seat, token] of tokens.entries()) await call('POST', `/v1/games/${id}/seats/${seat}/claim`, token);
  return id;
}

let commands = 0;
async function client(n: number, stopAt: number): Promise<void> {
  const tokens = [await player(), await player()];
  let id = await newGame(tokens);
  let rng = seedRng(`bench-notify:${n}`);
  // With a rate, each client sends at evenly spaced times, starting at a random offset.
  const every = RATE > 0 ? (GAMES / RATE) * 1000 : 0;
  let next = Date.now() + Math.random() * every;
  while (Date.now() < stopAt) {
    if (every > 0) {
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
      next += every;
    }
    const seen = await call('GET', `/v1/games/${id}`, null);
    if (seen.body.status === 'finished' || seen.body.awaiting.length === 0) {
      id = await newGame(tokens);
      continue;
    }
    const seat = seen.body.awaiting[0]!.seat;
    const mine = await call('GET', `/v1/games/${id}`, tokens[seat]!);
    let command;
    [command, rng] = pickCommand(mine.body.legalCommands, rng);
    const sent = await call('POST', `/v1/games/${id}/commands`, tokens[seat]!, command);
    if (sent.status === 200) commands += 1;
  }
}

const pace = RATE > 0 ? `${RATE} commands/s in all` : 'as fast as they can';
say(`bench:notify: ${GAMES} two-player games over HTTP for ${DURATION_MS / 1000} s (${pace}), every player with a webhook to a loopback receiver`);
const started = Date.now();
await Promise.all(Array.from({ length: GAMES }, (_, n) => client(n, started + DURATION_MS)));
const elapsed = (Date.now() - started) / 1000;
// Deliveries still in flight when play stopped.
await new Promise((r) => setTimeout(r, 3000));

// ── the figures ──────────────────────────────────────────────────────────────────────────────
// A notification id is `<kind>_<gameId>_v<version>_…`: the command that made `version` is the one
// whose events end there.
const parsed = arrivals
  .map((a) => ({ ...a, m: /^(?:awaited|ended)_([0-9a-f-]{36})_v(\d+)_/.exec(a.id) }))
  .filter((a) => a.m !== null)
  .map((a) => ({ gameId: a.m![1]!, version: Number(a.m![2]), at: a.at }));
const { rows } = await pool.query<{ game_id: string; version: number; accepted_at: Date }>(
  `SELECT e.game_id, e.seq AS version, c.accepted_at
   FROM unnest($1::uuid[], $2::int[]) AS n(game_id, version)
   JOIN events e ON e.game_id = n.game_id AND e.seq = n.version
   JOIN commands c ON c.game_id = e.game_id AND c.seq = e.command_seq`,
  [parsed.map((p) => p.gameId), parsed.map((p) => p.version)],
);
const acceptedAt = new Map(rows.map((r) => [`${r.game_id}:${r.version}`, r.accepted_at.getTime()]));
const delays = parsed
  .map((p) => (acceptedAt.has(`${p.gameId}:${p.version}`) ? p.at - acceptedAt.get(`${p.gameId}:${p.version}`)! : null))
  .filter((d): d is number => d !== null)
  .sort((a, b) => a - b);
const pending = await pool.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status ORDER BY status`);

// Where the time goes: commit → delivery row (the notify job ran) → first attempt began → answered.
const { rows: stages } = await pool.query<{ listener: number; queue: number; send: number }>(
  `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM d.created_at - c.accepted_at) * 1000) AS listener,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (d.attempts->0->>'at')::timestamptz - d.created_at) * 1000) AS queue,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY (d.attempts->0->>'latencyMs')::int) AS send
   FROM webhook_deliveries d
   JOIN events e ON e.game_id = split_part(d.notification_id, '_', 2)::uuid AND e.seq = substring(split_part(d.notification_id, '_', 3) FROM 2)::int
   JOIN commands c ON c.game_id = e.game_id AND c.seq = e.command_seq`,
);
const stage = stages[0];

const pct = (p: number) => delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))] ?? NaN;
say(`commands accepted: ${commands} (${(commands / elapsed).toFixed(0)}/s); webhooks received: ${arrivals.length}; deliveries by status: ${pending.rows.map((r) => `${r.status} ${r.n}`).join(', ')}`);
say(`delay from commit to receipt (${delays.length} deliveries caused by commands): p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${delays.at(-1)} ms`);
if (stage && delays.length > 0) say(`medians by stage: commit → delivery row ${Math.round(stage.listener)} ms, row → first attempt ${Math.round(stage.queue)} ms, attempt ${Math.round(stage.send)} ms`);
say(`target p95 < ${TARGET_P95_MS} ms: ${pct(95) < TARGET_P95_MS ? 'met' : 'NOT met'}`);

await app.close();
receiver.close();
await pool.end();
await database.close();
