// How late windows expire while the service is under the load of `npm run bench:api` (b):
//
//   npm run bench:deadlines                                  # embedded Postgres, throw-away
//   DATABASE_URL=postgres://… npm run bench:deadlines        # a database created (and dropped) on that server
//   npm run bench:deadlines -- --load 32 --games 20 --clock-min 0.5 --clock-max 2 --duration 20 --warmup 5
//
// 1. The service runs as its own process (`src/main.ts`, as `npm start` runs it: its deadline
//    sweeper, notifier and job worker at their defaults; rate limits off).
// 2. Load: `--load` (32; 0 for none) clients play 2-player games over HTTP flat out, as in
//    `npm run bench:api` (b): read the game as the awaited seat, POST one of its legalCommands.
// 3. After `--warmup` s of load, `--games` 2-player games start with short real clocks: each game
//    one duration drawn from [`--clock-min`, `--clock-max`] s for all its situations. Nobody in
//    them acts, so every window they open expires (EXPIRE_WINDOW, by the sweeper), the next one
//    opens, and so on, until the game is abandoned (ABANDON_AFTER_SILENT_DEADLINES, 24) or the run
//    ends. Expiries are timed for `--duration` s. The defaults (20 games, 0.5–2 s) ask for about
//    16 expiries/s: under the flat-out load the sweeper (2 at a time) manages about 30/s on this
//    2-core machine, so 40 games of 0.2–1 s (about 65/s) measure its backlog, not its lateness.
// 4. Each window's deadline is the expiry the game announced when it moved (the NOTIFY its start
//    and each expiry send, `<game>:<version>:<next expiry ms>`, heard here on a LISTEN connection;
//    both commit inside a transaction, so they NOTIFY even when the service listens alone): the
//    expiry that the command after version v must honour. Lateness = the EXPIRE_WINDOW command's
//    `accepted_at` (the sweeper's clock as it decides) − that deadline. Also shown: when its commit
//    was heard (the NOTIFY of the expiry) − the deadline, i.e. including deciding and appending.
//
// Prints, last: `bench:deadlines p50=… ms p99=… ms max=… ms n=…` (accepted_at − deadline).
// Target: p99 < 100 ms.

import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createLogger } from '../src/config/logger.ts';
import { openBenchDatabase } from './support/bench-database.ts';
import { Api, flatOut, MAPS, newPlayers, percentile, register, say, sleep, startService, twoPlayerGame, type Service } from './support/bench-service.ts';

const { values: args } = parseArgs({
  options: {
    load: { type: 'string', default: '32' },
    games: { type: 'string', default: '20' },
    'clock-min': { type: 'string', default: '0.5' },
    'clock-max': { type: 'string', default: '2' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    'log-level': { type: 'string', default: 'warn' },
    'pool-max': { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});
const LOAD = Number(args.load);
const GAMES = Number(args.games);
const CLOCK_MIN_S = Number(args['clock-min']);
const CLOCK_MAX_S = Number(args['clock-max']);
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const TARGET_P99_MS = 100;
const CHANNEL = 'game_events';

const logger = createLogger('warn');
const load = () => os.loadavg()[0]!.toFixed(2);

const database = await openBenchDatabase(logger, 'hs_bench_deadlines');
let service: Service | undefined;
let api: Api | undefined;
let listener: pg.Client | undefined;
const pool = new pg.Pool({ connectionString: database.url, max: 2 });
pool.on('error', () => undefined); // the final DROP DATABASE … WITH (FORCE)
try {
  say(`database: ${database.where}`);
  say(`machine: ${os.cpus().length} cores, load average ${load()} before the run`);
  service = await startService({ databaseUrl: database.url, logLevel: args['log-level'], poolMax: args['pool-max'], profile: args.profile });
  api = new Api(service.url, LOAD + 8);

  // Every commit's announced next expiry, and when its NOTIFY arrived: per game, by version.
  const announced = new Map<string, Map<number, { next: number | null; heard: number }>>();
  listener = new pg.Client({ connectionString: database.url });
  listener.on('error', () => undefined); // the final DROP DATABASE … WITH (FORCE)
  await listener.connect();
  listener.on('notification', (message) => {
    const heard = performance.timeOrigin + performance.now();
    const [gameId, version, next] = (message.payload ?? '').split(':');
    if (!gameId || !version) return;
    let versions = announced.get(gameId);
    if (!versions) announced.set(gameId, (versions = new Map()));
    versions.set(Number(version), { next: next ? Number(next) : null, heard });
  });
  await listener.query(`LISTEN ${CHANNEL}`);

  say(`load: ${LOAD} clients flat out, as bench:api (b)…`);
  const players = await newPlayers(api, LOAD, 'load');
  const owners = [await register(api, 'timed-a'), await register(api, 'timed-b')];
  const running = flatOut(players);
  await sleep(WARMUP_S * 1000);

  say(`starting ${GAMES} games with clocks of ${CLOCK_MIN_S}–${CLOCK_MAX_S} s that nobody plays; timing their expiries for ${DURATION_S} s…`);
  const commandsBefore = running.commands();
  const started = Date.now();
  const timed: string[] = [];
  await Promise.all(
    Array.from({ length: GAMES }, async (_, i) => {
      const seconds = Math.round((CLOCK_MIN_S + ((CLOCK_MAX_S - CLOCK_MIN_S) * (i + 0.5)) / GAMES) * 1000) / 1000;
      const clock = { setup: seconds, turn: seconds, defence: seconds, interrupt: seconds };
      timed.push(await twoPlayerGame(api!, owners, { map: MAPS[i % 2]!, clock }));
    }),
  );
  await sleep(Math.max(0, started + DURATION_S * 1000 - Date.now()));
  const ended = Date.now();
  const loadCommands = running.commands() - commandsBefore;
  const loadDuring = load();
  await running.stop();
  await sleep(300); // the last NOTIFYs

  // Every expiry of the timed games in the window, with the version before it.
  const { rows } = await pool.query<{ gameId: string; before: number; acceptedAt: number; after: number }>(
    `SELECT c.game_id AS "gameId", min(e.seq)::int - 1 AS before, max(e.seq)::int AS after,
            (extract(epoch FROM c.accepted_at) * 1000)::float8 AS "acceptedAt"
       FROM commands c JOIN events e ON e.game_id = c.game_id AND e.command_seq = c.seq
      WHERE c.game_id = ANY($1::uuid[]) AND c.type = 'EXPIRE_WINDOW' AND c.accepted_at BETWEEN $2 AND $3
      GROUP BY c.game_id, c.seq, c.accepted_at`,
    [timed, new Date(started), new Date(ended)],
  );
  const lateness: number[] = [];
  const visible: number[] = [];
  let unannounced = 0;
  for (const row of rows) {
    const versions = announced.get(row.gameId);
    const deadline = versions?.get(row.before)?.next;
    if (deadline === undefined || deadline === null) {
      unannounced += 1;
      continue;
    }
    lateness.push(row.acceptedAt - deadline);
    const heard = versions!.get(row.after)?.heard;
    if (heard !== undefined) visible.push(heard - deadline);
  }
  const { rows: statuses } = await pool.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM games WHERE id = ANY($1::uuid[]) GROUP BY 1 ORDER BY 1`,
    [timed],
  );
  const seconds = (ended - started) / 1000;
  const f = (x: number) => x.toFixed(1);
  const line = (values: number[]) => `p50 ${f(percentile(values, 50))} ms   p99 ${f(percentile(values, 99))} ms   max ${f(percentile(values, 100))} ms   min ${f(percentile(values, 0))} ms`;
  say('');
  say(`expiries timed: ${lateness.length} in ${seconds.toFixed(1)} s (${(lateness.length / seconds).toFixed(0)}/s)${unannounced ? `; ${unannounced} without a heard announcement, left out` : ''}; timed games now ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}`);
  say(`load meanwhile: ${(loadCommands / seconds).toFixed(0)} commands/s from ${LOAD} clients (load average ${loadDuring})`);
  say(`lateness, accepted_at − deadline:       ${line(lateness)}`);
  say(`lateness, commit heard (NOTIFY) − deadline: ${line(visible)}`);
  const early = lateness.filter((x) => x < 0).length;
  const p99 = percentile(lateness, 99);
  say(`target p99 < ${TARGET_P99_MS} ms${early ? ` (and none early: ${early} were)` : ''}: ${p99 < TARGET_P99_MS && early === 0 && lateness.length > 0 ? 'met' : 'MISSED'}`);
  say(`bench:deadlines p50=${f(percentile(lateness, 50))} ms p99=${f(p99)} ms max=${f(percentile(lateness, 100))} ms n=${lateness.length}`);
} finally {
  await listener?.end().catch(() => undefined);
  await pool.end().catch(() => undefined);
  await api?.close().catch(() => undefined);
  await service?.stop().catch(() => undefined);
  await database.close();
}
