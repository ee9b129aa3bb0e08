// How soon a player hears they can act while the service is under the load of `npm run bench:api`
// (b): from the commit of the command that asked them (its `accepted_at`) to the moment
// a webhook receiver on loopback has the delivery.
//
//   npm run bench:notify                     # embedded Postgres (durable, as `npm start` runs it)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:notify   # a fresh database there
//   npm run bench:notify -- --load 32 --games 16 --rate 32 --duration 20 --warmup 5
//
// 1. The service runs as its own process (`src/main.ts`: notifier, webhook channel and job worker
//    at their defaults; rate limits off) with WEBHOOK_ALLOW_HTTP=true and WEBHOOK_ALLOW_PRIVATE=true
//    so that it may deliver to http://127.0.0.1.
// 2. Load: `--load` (32; 0 for none) clients play 2-player games over HTTP flat out, as in
//    `npm run bench:api` (b). Their players have no webhook (nobody to tell: the notifier moves
//    their cursors without handing anything to the channels).
// 3. After `--warmup` s, `--games` (16) more 2-player games are played by players who each have a
//    per-user JSON webhook to the receiver, paced to `--rate` (32) commands/s in all (0: flat out):
//    every seat newly awaited and every game end is a delivery. Played for `--duration` s, then
//    deliveries still on their way get `--grace` s (3).
// 4. A delivery's delay: its arrival − the `accepted_at` of the command that opened the window it
//    announces, or for a game end, of the last command (./support/notice-delays.ts). Also shown:
//    the delay from the newest commit the notification covers (its `v<version>`).
//
// Prints, last: `bench:notify p50=… ms p95=… ms max=… ms n=…`. Target: p95 < 250 ms.

import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createLogger } from '../src/config/logger.ts';
import { openBenchDatabase } from './support/bench-database.ts';
import { Api, flatOut, newPlayers, percentile, Player, say, sleep, startService, type Service } from './support/bench-service.ts';
import { noticeDelays } from './support/notice-delays.ts';
import { Receiver } from './support/webhook-receiver.ts';

const { values: args } = parseArgs({
  options: {
    load: { type: 'string', default: '32' },
    games: { type: 'string', default: '16' },
    rate: { type: 'string', default: '32' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    grace: { type: 'string', default: '3' },
    'log-level': { type: 'string', default: 'warn' },
    'pool-max': { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});
const LOAD = Number(args.load);
const GAMES = Number(args.games);
/** Commands a second, all measured games together; 0: as fast as their clients can. */
const RATE = Number(args.rate);
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const TARGET_P95_MS = 250;

const logger = createLogger('warn');
const load = () => os.loadavg()[0]!.toFixed(2);

// ── the receiver ─────────────────────────────────────────────────────────────────────────────
const receiver = new Receiver();
const hookUrl = await receiver.start();

const database = await openBenchDatabase(logger, 'hs_bench_notify');
const pool = new pg.Pool({ connectionString: database.url, max: 2 });
pool.on('error', () => undefined); // the final DROP DATABASE … WITH (FORCE)
let service: Service | undefined;
let api: Api | undefined;
try {
  say(`database: ${database.where}`);
  say(`machine: ${os.cpus().length} cores, load average ${load()} before the run`);
  service = await startService({
    databaseUrl: database.url,
    logLevel: args['log-level'],
    poolMax: args['pool-max'],
    profile: args.profile,
    env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' },
  });
  api = new Api(service.url, LOAD + GAMES + 2);

  say(`load: ${LOAD} clients flat out, as bench:api (b)…`);
  const loadPlayers = await newPlayers(api, LOAD, 'load');
  const measured: Player[] = [];
  for (let i = 0; i < GAMES; i++) measured.push(await hookedPlayer(api, i));
  await Promise.all(measured.map((p) => p.newGame()));
  const running = flatOut(loadPlayers);
  await sleep(WARMUP_S * 1000);

  const pace = RATE > 0 ? `${RATE} commands/s in all` : 'flat out';
  say(`measuring: ${GAMES} games whose players have webhooks, ${pace}, for ${DURATION_S} s…`);
  const commandsBefore = running.commands();
  const started = performance.timeOrigin + performance.now();
  const stopAt = started + DURATION_S * 1000;
  let commands = 0;
  const every = RATE > 0 ? (GAMES / RATE) * 1000 : 0;
  await Promise.all(
    measured.map(async (player, i) => {
      let next = started + (every * i) / Math.max(1, GAMES);
      for (;;) {
        if (every > 0) {
          await sleep(Math.max(0, next - (performance.timeOrigin + performance.now())));
          next += every;
        }
        if (performance.timeOrigin + performance.now() >= stopAt) return;
        await player.step();
        commands += 1;
      }
    }),
  );
  const ended = performance.timeOrigin + performance.now();
  const loadCommands = running.commands() - commandsBefore;
  const loadDuring = load();
  await running.stop();
  await sleep(Number(args.grace) * 1000);

  // ── the figures ──
  const { delays, fromCovered, unmatched } = await noticeDelays(pool, receiver.take(), started);
  const byStatus = await pool.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status ORDER BY status`);
  const seconds = (ended - started) / 1000;
  const f = (x: number) => x.toFixed(1);
  const line = (values: number[]) => `p50 ${f(percentile(values, 50))} ms   p95 ${f(percentile(values, 95))} ms   p99 ${f(percentile(values, 99))} ms   max ${f(percentile(values, 100))} ms`;
  say('');
  say(`measured games: ${commands} commands (${(commands / seconds).toFixed(0)}/s); load: ${(loadCommands / seconds).toFixed(0)} commands/s from ${LOAD} clients (load average ${loadDuring})`);
  say(
    `webhooks received: ${receiver.received}; deliveries by status: ${byStatus.rows.map((r) => `${r.status} ${r.n}`).join(', ')}` +
      `${unmatched ? `; ${unmatched} without a matching commit` : ''}`,
  );
  say(`delay, commit that opened the window (or ended the game) → received: ${line(delays)}   (n=${delays.length})`);
  say(`delay, newest commit the notification covers → received:          ${line(fromCovered)}`);
  const p95 = percentile(delays, 95);
  say(`target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS && delays.length > 0 ? 'met' : 'MISSED'}`);
  say(`bench:notify p50=${f(percentile(delays, 50))} ms p95=${f(p95)} ms max=${f(percentile(delays, 100))} ms n=${delays.length}`);
} finally {
  await api?.close().catch(() => undefined);
  await service?.stop().catch(() => undefined);
  receiver.close();
  await pool.end().catch(() => undefined);
  await database.close();
}

/** A player whose two accounts each have a per-user webhook to the receiver. */
async function hookedPlayer(api: Api, index: number): Promise<Player> {
  const p = new Player(api, index, 'hooked');
  await p.register();
  for (const token of p.accountTokens) {
    const hook = await api.call('POST', '/v1/webhooks', token, { url: hookUrl });
    if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${JSON.stringify(hook.body)}`);
  }
  return p;
}
