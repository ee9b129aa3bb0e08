// A soak: the service under a steady load for a long while, watched minute by minute for what
// creeps (memory, latency, the database, the clocks, the notifications), then every game verified.
//
//   npm run soak                                         # the default: 22 minutes, 10 of them the warm-up
//   npm run soak -- --minutes 3 --warmup 1 --games 60 --rate 20   # a short try (too short to pass)
//   npm run soak -- --games 2000 --minutes 60 --warmup 30 --rate 15 --save   # a 2,000-game run (docs/performance.md, "Soak")
//   DATABASE_URL=postgres://… npm run soak               # a throw-away database on that server
//   npm run soak -- --save                               # also writes the report to docs/soak/<time>.jsonl
//   npm run soak -- --warmup 3                           # reports before the judged ones (default: 10, or seating + 1 if longer)
//   npm run soak -- --profile                            # a CPU profile of the service over the first judged report's minute
//   npm run soak -- --floor-rate 20                      # the floor's commands a second
//
// 1. The service runs as its own process (`src/main.ts`, rate limits off, LOG_LEVEL=warn) on a
//    throw-away database (the embedded Postgres, durable; or one created on DATABASE_URL's server),
//    with METRICS_TOKEN set, webhooks allowed to a receiver on 127.0.0.1 (WEBHOOK_ALLOW_HTTP and
//    WEBHOOK_ALLOW_PRIVATE), email written to an outbox in a temporary directory, and sessions that
//    outlast the run (SESSION_TTL_SECONDS: each client logs in once).
// 2. `--games` scripted clients, each with one account, each play one game at a time against the
//    server's bots, each client always the same game of the three (Helter Skelter, Block War, the
//    Miniatures game; the clients spread evenly over them), a new one when one ends. A client picks
//    any of its legal commands alike (never giving up). All clients together send their commands
//    at `--rate` commands/s (15), steadily (a pacer hands out slots; the bots' commands come on
//    top: about two to each of the clients' at the default 150 games, six at 2,000). A share of
//    the clients follow their game's event stream (SSE) to learn when they may act, the others
//    read the game again; a share hold a per-game webhook to the receiver; a share play with
//    60-second clocks (their sends go first, but never two in a row while others wait) and let one
//    window in four expire (the deadline sweeper's work), taking their seat back when three in a
//    row handed it to a bot; now and then a client writes at the table.
// 3. Every `--report-every` s (60) one line: the service's RSS and heap (process_resident_memory_bytes,
//    nodejs_heap_size_used_bytes from /metrics) and the heap kept alive (pbw_heap_live_bytes: the
//    old generation's objects after the last full collection, compiled code left out), p50/p99
//    per route as the clients measured them, event-loop delay (nodejs_eventloop_lag_p99_seconds), the accepted commands the service itself
//    timed over 25 ms (http_request_duration_seconds) and the soak's own event-loop delay (what the
//    clients' times hold beyond the service's), requests waiting for a pool connection,
//    the database's size per command (pg_database_size / commands so far), snapshots written,
//    deadline lateness (pbw_deadline_lateness_seconds: the bucket 99% fell under, in all and per game) and notification
//    delay (the commit of the command that opened the window a webhook announces → its arrival at
//    the receiver, whoever sent that command: ./support/notice-delays.ts).
// 4. At the end the service stops and every game is replayed and checked (`npm run verify`'s
//    functions). Pass: after the warm-up (`--warmup` reports: 10, or the minutes the clients take
//    to sit down, 20 a second, and one more), the first report is the reference: every later one's RSS
//    stays within ±15% of it; the command p99 of each block of `--p99-window` (5) reports over the
//    floor's p99 in the same block (5.) moves less than 15% from the first block to the last, on a
//    least-squares line through the blocks (a minute's p99 rests on its 9 slowest commands at the
//    default rate, a block's on 45: too few to hold one block against another to ±15%); RSS and
//    the heap kept alive, fitted by a straight line over the judged reports, grow less than 15% of
//    the reference's value an hour; every game verifies; and over the run after warm-up, deadline
//    lateness p99 ≤ 100 ms and notification delay p95 < 250 ms, the targets of
//    `npm run bench:deadlines` and `bench:notify`, under this load (a target that no expiry or no
//    webhook measured fails).
//    Last line: `soak: pass|FAIL minutes=M commands=N games=G rss_drift=…% p99_drift=…% raw_p99_drift=…%
//    verified=V/G lateness_p99<=…ms notification_p95=…ms`
//    (N: commands accepted in all, the bots' and the clock's included; G: games played; p99_drift
//    the judged one, over the floor's; raw_p99_drift the service's p99 alone).
// 5. Beside it all, the floor (./support/soak-floor.ts): `npm run bench:api`'s floor server on a
//    database of its own in the same Postgres, appending a fixed command at `--floor-rate` (20)
//    commands/s. The machine's speed moves within a run (a slowing hour raised a soak's p99 21%
//    with its p50 and the soak's own event loop); the floor's p99 moves with it, the service's
//    over it does not.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { PROJECT_ROOT } from '../src/config/config.ts';
import { createLogger } from '../src/config/logger.ts';
import { gameRegistry } from '../src/service/registry.ts';
import { verifyAll } from '../src/service/verify.ts';
import { EventStore } from '../src/store/event-store.ts';
import { storedGames } from '../src/store/game-records.ts';
import { openBenchDatabase } from './support/bench-database.ts';
import { Api, percentile, say, sleep, startService, type Service } from './support/bench-service.ts';
import { clientCounts, Pacer, SoakClient, startedGames } from './support/soak-clients.ts';
import { blockP99s, DEADLINE_P99_TARGET_MS, judge, latenessBetween, NOTIFICATION_P95_TARGET_MS, round, RouteTimes, scrape, stored, type Report, type Scrape } from './support/soak-figures.ts';
import { noticeDelays } from './support/notice-delays.ts';
import { startSoakFloor, type SoakFloor } from './support/soak-floor.ts';
import { Receiver } from './support/webhook-receiver.ts';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '150' },
    minutes: { type: 'string' },
    rate: { type: 'string' },
    'report-every': { type: 'string', default: '60' },
    'p99-window': { type: 'string', default: '5' },
    'floor-rate': { type: 'string', default: '20' },
    warmup: { type: 'string' },
    followers: { type: 'string', default: '0.25' },
    hooked: { type: 'string', default: '0.25' },
    clocked: { type: 'string', default: '0.1' },
    chat: { type: 'string', default: '0.05' },
    'log-level': { type: 'string', default: 'warn' },
    'pool-max': { type: 'string' },
    save: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
  },
});
const GAMES = Number(args.games);
/** The default leaves 12 judged reports after the default warm-up: two blocks of `--p99-window` and more. */
const MINUTES = Number(args.minutes ?? 22);
/**
 * The clients' commands a second in all. The bots answer each with some of theirs, the clocks'
 * expiries among them: the service accepted 47 a second at 15 in the default runs (150 games;
 * 19,196 of 62,462 commands were the clients'), 106 a second in the 2,000-game run.
 */
const RATE = Number(args.rate ?? 15);
const REPORT_EVERY_S = Number(args['report-every']);
/** The clients sit down 20 a second (see `seated`). */
const SEATING_MS = 50;
/**
 * Reports before the judged ones, so that the reference minute is one of the steady load the rest
 * are held to: the clients sitting down (every game created at once) and a report after, and at
 * least 10. At the default games and rate a game lasts about 8 minutes (426 of 576 finished in 22),
 * and until the first games have ended and been replaced, memory and the p99 still move with them.
 */
const WARMUP = Number(args.warmup ?? Math.max(10, Math.ceil((GAMES * SEATING_MS) / (REPORT_EVERY_S * 1000)) + 1));
/** Reports per block whose command p99 the verdict compares (soak-figures.ts, `blockP99s`). */
const P99_WINDOW = Number(args['p99-window']);
/**
 * The floor's commands a second (./support/soak-floor.ts). A block of five minutes rests on 6,000,
 * its p99 on the 60 slowest: at 10 a second, the floor's block p99 moved 6–8% between the two
 * blocks of steady runs, noise the ratio then carried.
 */
const FLOOR_RATE = Number(args['floor-rate']);
const BAND = 0.15;
const GROWTH_BOUND = 0.15;
for (const [name, value] of Object.entries({ games: GAMES, minutes: MINUTES, rate: RATE, 'report-every': REPORT_EVERY_S, 'p99-window': P99_WINDOW, 'floor-rate': FLOOR_RATE }))
  if (!(value > 0)) throw new Error(`--${name} must be a positive number`);
if (!(Number.isInteger(WARMUP) && WARMUP >= 0)) throw new Error('--warmup must be a whole number of reports');

const logger = createLogger('warn');
const MiB = 1024 * 1024;
const metricsToken = randomBytes(24).toString('hex');
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-outbox-'));

const receiver = new Receiver();
const hookUrl = await receiver.start();
const database = await openBenchDatabase(logger, 'hs_soak');
const dbPool = new pg.Pool({ connectionString: database.url, max: 1 });
dbPool.on('error', () => undefined); // the final DROP DATABASE … WITH (FORCE)
let service: Service | undefined;
let floor: SoakFloor | undefined;
let api: Api | undefined;
let streams: HttpPool | undefined;
const pacer = new Pacer();
let stopping = false;
const stop = new AbortController();
// Ctrl-C ends the soak early but in order: the minutes so far are judged, the games verified, everything stopped.
process.once('SIGINT', () => {
  say('interrupted: ending the soak…');
  stopping = true;
});
try {
  say(`database: ${database.where}`);
  say(`machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)} before the run`);
  service = await startService({
    databaseUrl: database.url,
    logLevel: args['log-level'],
    poolMax: args['pool-max'],
    profileWindows: args.profile,
    env: {
      METRICS_TOKEN: metricsToken,
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      MAIL_OUTBOX_DIR: outbox,
      STREAMS_PER_ADDRESS: '100000',
      STREAMS_PER_PROCESS: '1000000',
      // Each client logs in once, at the start: its session must outlast the run and the seating
      // (an hour's session ended a 60-minute run with 401s at its 58th minute).
      SESSION_TTL_SECONDS: String(Math.max(3_600, (MINUTES + 30) * 60)),
    },
  });
  floor = await startSoakFloor(database.url, FLOOR_RATE, logger);
  api = new Api(service.url, Math.min(256, GAMES + 8));
  const times = new RouteTimes();
  const share = { followers: Number(args.followers), hooked: Number(args.hooked), clocked: Number(args.clocked), chat: Number(args.chat) };
  const clients = Array.from({ length: GAMES }, (_, i) => new SoakClient(i, { api: api!, streams: (streams ??= new HttpPool(service!.url, { connections: GAMES })), pacer, record: times.record, hookUrl, stopping: () => stopping, stopped: stop.signal }, share));
  say(`registering ${GAMES} accounts…`);
  // Four at a time: registration hashes a password (scrypt), and 2,000 one after another take minutes.
  for (let i = 0; i < clients.length; i += 4) await Promise.all(clients.slice(i, i + 4).map((c) => c.register()));
  const followers = clients.filter((c) => c.follows).length;
  say(
    `soaking: ${GAMES} games at once (${clients.filter((c) => c.hooked).length} with webhooks, ${followers} followed by SSE, ${clients.filter((c) => c.clocked).length} on 60 s clocks), ` +
      `${RATE.toFixed(1)} client commands/s, ${MINUTES} minutes, a report every ${REPORT_EVERY_S} s, the first ${WARMUP} the warm-up`,
  );
  pacer.start(RATE);
  let failure: unknown;
  // The clients sit down 20 a second, so that the first games are not all created in one burst.
  const seated = async (client: SoakClient, i: number) => {
    await sleep(i * SEATING_MS);
    if (!stopping) await client.run();
  };
  const playing = Promise.all(clients.map(seated)).catch((error: unknown) => {
    failure ??= error;
    stopping = true;
  });

  const reports: Report[] = [];
  /** The floor's command latencies of each report (ms). */
  const floorByReport: number[][] = [];
  const started = performance.now();
  const generatorLoop = monitorEventLoopDelay({ resolution: 1 });
  generatorLoop.enable();
  let previous: { scrape: Scrape; at: number; idle: number } = { scrape: await scrape(service.url, metricsToken), at: started, idle: 0 };
  /** The scrape at the end of the warm-up: the whole run's lateness is counted from it. */
  let warmedUp: Scrape | undefined = WARMUP === 0 ? previous.scrape : undefined;
  /** Every notification delay after warm-up (ms). */
  let noticesAfterWarmUp: number[] | null = WARMUP === 0 ? [] : null;
  let noticesUnmatched = 0;
  const until = started + MINUTES * 60_000;
  for (let minute = 1; !stopping; minute++) {
    const due = started + minute * REPORT_EVERY_S * 1000;
    while (!stopping && performance.now() < Math.min(due, until)) await sleep(250);
    if (stopping) break;
    const now = performance.now();
    const figures = await scrape(service.url, metricsToken);
    const db = await stored(dbPool);
    const routes = times.take();
    const floorTimes = floor.take();
    floorByReport.push(floorTimes);
    const notices = await noticeDelays(dbPool, receiver.take());
    noticesUnmatched += notices.unmatched;
    noticesAfterWarmUp?.push(...notices.delays);
    const delays = notices.delays;
    const lateness = latenessBetween(previous.scrape, figures);
    const report: Report = {
      minute: round(((now - started) / 60_000), 2),
      warmUp: reports.length < WARMUP,
      at: new Date().toISOString(),
      rssMiB: round(figures.rssBytes / MiB),
      heapUsedMiB: round(figures.heapUsedBytes / MiB),
      heapLiveMiB: round(figures.heapLiveBytes / MiB),
      routes,
      commandP99: routes['POST /v1/games/:id/commands']?.p99 ?? NaN,
      floorP99: round(percentile(floorTimes, 99)),
      eventLoopP99Ms: round(figures.eventLoopP99Seconds * 1000),
      gcMsPerSecond: round((1000 * (figures.gcSeconds - previous.scrape.gcSeconds)) / ((now - previous.at) / 1000)),
      gcPausesOver10ms: figures.gcPausesOver10ms - previous.scrape.gcPausesOver10ms,
      serviceCommandsOver25ms: figures.commandsTimedOver25ms - previous.scrape.commandsTimedOver25ms,
      serviceCommands: figures.commandsTimed - previous.scrape.commandsTimed,
      generatorLoopP99Ms: round(generatorLoop.percentile(99) / 1e6),
      generatorLoopMaxMs: round(generatorLoop.max / 1e6),
      poolWaiting: figures.poolWaiting,
      openStreams: figures.openStreams,
      jobsQueued: figures.jobsQueued,
      commandsPerSecond: round((figures.commandsAccepted - previous.scrape.commandsAccepted) / ((now - previous.at) / 1000)),
      commands: db.commands,
      databaseMiB: round(db.databaseBytes / MiB),
      databaseBytesPerCommand: Math.round(db.databaseBytes / Math.max(1, db.commands)),
      snapshots: db.snapshots,
      expiries: lateness.expiries,
      latenessP99AtMostMs: msOf(lateness.p99AtMostSeconds),
      latenessByGame: Object.fromEntries(Object.entries(lateness.byGame).map(([game, l]) => [game, { expiries: l.expiries, p99AtMostMs: msOf(l.p99AtMostSeconds) }])),
      notifications: delays.length,
      notificationP50Ms: delays.length === 0 ? null : round(percentile(delays, 50)),
      notificationP99Ms: delays.length === 0 ? null : round(percentile(delays, 99)),
      idleSlots: pacer.idle - previous.idle,
      loadAverage: round(os.loadavg()[0]!, 2),
    };
    previous = { scrape: figures, at: now, idle: pacer.idle };
    generatorLoop.reset();
    // The first judged report's minute, profiled (scripts/profile-top.ts reads the file).
    if (args.profile && reports.length === WARMUP) service.profiling?.stop();
    if (reports.length + 1 === WARMUP) {
      warmedUp = figures;
      noticesAfterWarmUp = [];
      if (args.profile) service.profiling?.start();
    }
    reports.push(report);
    say(line(report));
    if (now >= until) break;
  }
  stopping = true;
  pacer.stop();
  stop.abort();
  await playing;
  if (failure !== undefined) throw failure;
  const counts = clientCounts();
  say(
    `clients: ${counts.commands} commands accepted, ${counts.refused} refused (a window closed or the game moved meanwhile), ${counts.chats} chat messages, ` +
      `${counts.expiriesAwaited} windows left to expire, ${counts.finished} games finished, ${counts.unavailable} answers 503 (retried), ${counts.seatsTakenBack} seats taken back from a bot; webhooks received ${receiver.received} (${noticesUnmatched} with no commit to time them from); ` +
      `pacer slots with no client ready: ${pacer.idle} of ${pacer.slots}`,
  );
  const afterWarmUp = { lateness: latenessBetween(warmedUp, previous.scrape), notifications: { n: noticesAfterWarmUp?.length ?? 0, p95: noticesAfterWarmUp?.length ? round(percentile(noticesAfterWarmUp, 95)) : null } };
  await floor.stop();
  floor = undefined;
  await api.close();
  api = undefined;
  await streams?.close();
  streams = undefined;
  await service.stop();
  service = undefined;

  say('verifying every game (npm run verify)…');
  const store = new EventStore(dbPool);
  const verification = await verifyAll(gameRegistry(), storedGames(store));
  const bad = new Set(verification.mismatches.map((m) => m.gameId));
  for (const m of verification.mismatches.slice(0, 10)) say(`  game ${m.gameId}, command ${m.commandSeq}: ${m.problem}`);
  const verified = { games: verification.games, ok: verification.games - bad.size };
  const { commands } = await stored(dbPool);
  const p99Blocks = blockP99s(times.commandsByReport.slice(WARMUP), P99_WINDOW);
  const floorP99Blocks = blockP99s(floorByReport.slice(WARMUP), P99_WINDOW);
  const verdict = judge(reports.slice(WARMUP), { service: p99Blocks, floor: floorP99Blocks }, verified, afterWarmUp, BAND, GROWTH_BOUND);
  say(`verified ${verified.ok} of ${verified.games} games (${verification.commands} commands, ${verification.events} events); clients started ${startedGames.size}`);
  say(`RSS and the heap kept alive projected over an hour: ${verdict.rssGrowthPerHourPercent}% and ${verdict.heapGrowthPerHourPercent}% of the first judged minute's (bound ${100 * GROWTH_BOUND}%)`);
  say(
    `command p99 by blocks of ${P99_WINDOW} reports after warm-up: ${p99Blocks.join(', ') || '–'} ms; the floor's: ${floorP99Blocks.join(', ') || '–'} ms; ` +
      `the service's over the floor's: ${verdict.p99OverFloor.join(', ') || '–'} (band ±${100 * BAND}% from the first block to the last, on a line through them)`,
  );
  say(
    `after warm-up: deadline lateness p99 ≤ ${verdict.deadlineP99AtMostMs ?? '–'} ms over ${verdict.expiries} expiries (target ${DEADLINE_P99_TARGET_MS} ms); ` +
      `notification delay p95 ${verdict.notificationP95Ms ?? '–'} ms over ${verdict.notifications} webhooks (target < ${NOTIFICATION_P95_TARGET_MS} ms)`,
  );
  for (const reason of verdict.reasons) say(`  FAIL: ${reason}`);
  const last =
    `soak: ${verdict.pass ? 'pass' : 'FAIL'} minutes=${reports.at(-1)?.minute ?? 0} commands=${commands} games=${verified.games} ` +
    `rss_drift=${verdict.rssDriftPercent}% p99_drift=${verdict.p99DriftPercent}% raw_p99_drift=${verdict.rawP99DriftPercent}% verified=${verified.ok}/${verified.games} ` +
    `lateness_p99<=${verdict.deadlineP99AtMostMs ?? '–'}ms notification_p95=${verdict.notificationP95Ms ?? '–'}ms`;
  if (args.save) {
    const dir = path.join(PROJECT_ROOT, 'docs', 'soak');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`);
    const settings = { games: GAMES, minutes: MINUTES, rate: RATE, reportEvery: REPORT_EVERY_S, warmUpReports: WARMUP, ...share, database: database.where, cores: os.cpus().length };
    fs.writeFileSync(file, [{ settings }, ...reports, { verdict, verified, commands, summary: last }].map((r) => JSON.stringify(r)).join('\n') + '\n');
    say(`report saved: ${path.relative(PROJECT_ROOT, file)}`);
  }
  say(last);
  process.exitCode = verdict.pass ? 0 : 1;
} finally {
  stopping = true;
  pacer.stop();
  stop.abort();
  await floor?.stop().catch(() => undefined);
  await api?.close().catch(() => undefined);
  await streams?.close().catch(() => undefined);
  await service?.stop().catch(() => undefined);
  receiver.close();
  await dbPool.end().catch(() => undefined);
  await database.close();
  fs.rmSync(outbox, { recursive: true, force: true });
}

/** A bucket bound in seconds as milliseconds (null stays null). */
function msOf(seconds: number | null): number | null {
  return seconds === null ? null : seconds * 1000;
}

function line(r: Report): string {
  const ms = (x: number | null) => (x === null || Number.isNaN(x) ? '–' : `${x}`);
  const routes = Object.entries(r.routes)
    .map(([route, t]) => `${route} ${t.p50}/${t.p99} ms (${t.n})`)
    .join('; ');
  const perGame = Object.entries(r.latenessByGame)
    .map(([game, l]) => `; ${game} ≤ ${ms(l.p99AtMostMs)} ms (${l.expiries})`)
    .join('');
  return (
    `[${r.minute.toFixed(1)} min${r.warmUp ? ', warm-up' : ''}] rss ${r.rssMiB} MiB heap ${r.heapUsedMiB} MiB (live ${r.heapLiveMiB}) | ${r.commandsPerSecond} commands/s (${r.commands} stored), idle slots ${r.idleSlots} | ` +
    `p50/p99: ${routes}; the floor's p99 ${ms(r.floorP99)} ms | event loop p99 ${r.eventLoopP99Ms} ms, GC ${r.gcMsPerSecond} ms/s (${r.gcPausesOver10ms} pauses > 10 ms), commands over 25 ms as the service timed them ${r.serviceCommandsOver25ms} of ${r.serviceCommands}, the soak's own event loop p99 ${r.generatorLoopP99Ms} ms (max ${r.generatorLoopMaxMs}), pool waiting ${r.poolWaiting}, streams ${r.openStreams}, jobs ${r.jobsQueued} | ` +
    `database ${r.databaseMiB} MiB = ${r.databaseBytesPerCommand} B/command, snapshots ${r.snapshots} | ` +
    `lateness p99 ≤ ${ms(r.latenessP99AtMostMs)} ms (${r.expiries} expiries${perGame}) | notification p50/p99 ${ms(r.notificationP50Ms)}/${ms(r.notificationP99Ms)} ms (${r.notifications}) | load ${r.loadAverage}`
  );
}
