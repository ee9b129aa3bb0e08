// The service against the database's own ceiling, on the same database in the same run:
//
//   npm run bench:api                                  # embedded Postgres (durable, as `npm start` runs it)
//   DATABASE_URL=postgres://… npm run bench:api        # a database created (and dropped) on that server
//   npm run bench:api -- --clients 32 --duration 20 --warmup 5 --ceiling 10 --paced 0.5 --paced-clients 128 --pool-max 10 --profile
//
// (b) The service, flat out. `src/main.ts` runs as its own process (rate limits off,
//     LOG_LEVEL=warn). `--clients` clients (32), each with two accounts and its own 2-player game
//     (daily clocks), play over HTTP (undici, one connection each): read the game as the awaited
//     seat, POST one of its `legalCommands` (asking for the game back, `Prefer:
//     return=representation`, so the same seat acting again needs no read), again; a new game
//     when one ends. After `--warmup`
//     seconds every POST /commands is timed for `--duration` seconds. S = commands/s.
// (a) The lean ceiling, pgbench-style: the service is stopped, and `--clients` raw `pg`
//     connections (one per game row, none shared) run the command's one write statement back to
//     back for `--ceiling` seconds: UPDATE the game row (version, status, deadlines, next_deadline,
//     updated_at, checked against version and clock revision), INSERT the command and its events,
//     the snapshot when one is due, and pg_notify — with one connection LISTENing on the channel, as
//     the service's listener does. The statement is `EventStore.append` itself, called with the
//     `AppendInput` the service passes (channel, no jobs, no Idempotency-Key), so it cannot drift
//     from the service's SQL. The commands are shaped like (b)'s average command, measured from what
//     (b) stored: as many events (rounded), sampled from (b)'s events, a command payload from (b),
//     and a snapshot as often as (b) wrote one (a snapshot (b) wrote). Hence (b) runs first. Unlike
//     the service, no read of the game precedes the write: the ceiling is the write alone. C = /s.
// (c) The service paced, open loop: started again on the same database and warmed up as (b) was
//     (flat out for `--warmup` seconds, unmeasured), `--paced-clients` (128:
//     (b)'s and more, so that a send almost never waits for a client to be free) send
//     POSTs on a Poisson schedule at `--paced` (0.5) × C commands/s in all (`--rate R` overrides),
//     whether or not earlier answers have come: each scheduled send goes to a client whose next
//     command is ready (read beforehand, after its previous answer); if none is, it waits for one.
//     Latency runs from the scheduled send time to the answer, so a stall is not hidden by fewer
//     sends (no coordinated omission).
// (d) The floor under (b) and (c): `scripts/support/floor-server.ts`, a process with the same
//     framework, pool size and database that only reads the game row (as often a command as (b)'s
//     clients read the game) and appends (a)'s command,
//     no authentication, rules or view, driven flat out by (b)'s 32 clients and paced at (c)'s
//     rate. Whatever (d) measures, the service cannot beat on this machine: if (d) misses a
//     latency target, the target is out of reach here, whatever the service does.
//
// Prints one line per figure and, last, exactly:
//   bench:api ratio=R service=S/s ceiling=C/s p99=X ms paced_p99=Y ms
// (R = S / C; X: (b)'s POST p99; Y: (c)'s). Targets: R ≥ 0.5, X < 25 ms, Y < 15 ms.
// `--profile` writes the service's CPU profiles (node --cpu-prof) under .bench/ for Chrome DevTools.

import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createLogger } from '../src/config/logger.ts';
import { EventStore, type GameRow } from '../src/store/event-store.ts';
import { openBenchDatabase } from './support/bench-database.ts';
import { FloorClient, floorGames, startFloor } from './support/bench-floor.ts';
import { Api, cpuMeter, flatOut, newPlayers, percentile, say, sleep, startService, type CpuUse, type Meter, type Player, type Recorder, type Service } from './support/bench-service.ts';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '32' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    ceiling: { type: 'string', default: '10' },
    rate: { type: 'string', default: '0' },
    paced: { type: 'string', default: '0.5' },
    'paced-clients': { type: 'string', default: '128' },
    'log-level': { type: 'string', default: 'warn' },
    'pool-max': { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});
const CLIENTS = Number(args.clients);
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const CEILING_S = Number(args.ceiling);
/** (c): commands per second offered by all clients together; 0: `PACED` × the ceiling. */
const RATE = Number(args.rate);
const PACED = Number(args.paced);
/** (c)'s clients: enough that a scheduled send finds one ready (open loop), not (b)'s 32. */
const PACED_CLIENTS = Math.max(CLIENTS, Number(args['paced-clients']));
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 25;
const TARGET_PACED_P99_MS = 15;
/** The channel of the ceiling's NOTIFY: not the service's, so nothing but our listener hears it. */
const CEILING_CHANNEL = 'bench_ceiling';

const logger = createLogger('warn');

interface Measured {
  seconds: number;
  count: number;
  latencies: number[];
  cpu?: CpuUse;
  /** (c): sends that found no client ready at their scheduled time. */
  waited?: number;
}

// ───────────────────────────── (b) flat out ─────────────────────────────

/** A client of (b), (c) or (d): reads what to send next, sends it. */
interface LoadClient<P = unknown> {
  prepare(record?: Recorder): Promise<P>;
  send(prepared: P, record?: Recorder): Promise<unknown>;
  step(record?: Recorder): Promise<unknown>;
}

async function benchFlat(players: LoadClient[], meter: Meter, label = '(b) flat out'): Promise<{ posts: Measured; gets: Measured }> {
  let measuring = false;
  let stopping = false;
  const posts: number[] = [];
  const gets: number[] = [];
  const record = (kind: 'get' | 'post', ms: number) => {
    if (measuring) (kind === 'post' ? posts : gets).push(ms);
  };
  const loops = players.map(async (player) => {
    while (!stopping) await player.step(record);
  });
  const failed = Promise.all(loops).then(() => undefined);
  say(`${label}: ${players.length} clients, warming up for ${WARMUP_S} s, then measuring for ${DURATION_S} s…`);
  await Promise.race([sleep(WARMUP_S * 1000), failed]);
  meter.begin();
  measuring = true;
  const started = performance.now();
  await Promise.race([sleep(DURATION_S * 1000), failed]);
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  const cpu = meter.end();
  stopping = true;
  await failed;
  return { posts: { seconds, count: posts.length, latencies: posts, cpu }, gets: { seconds, count: gets.length, latencies: gets } };
}

/** (b)'s load for `--warmup` seconds, measuring nothing: a freshly started process's code gets optimised. */
async function warmUp(players: readonly Player[]): Promise<void> {
  say(`warming the restarted service up: ${players.length} clients flat out for ${WARMUP_S} s…`);
  const load = flatOut(players);
  await sleep(WARMUP_S * 1000);
  await load.stop();
}

// ───────────────────────────── (c) paced, open loop ─────────────────────────────

async function benchPaced(players: LoadClient[], offered: number, meter: Meter, label = '(c) paced, open loop'): Promise<Measured> {
  const latencies: number[] = [];
  let waited = 0;
  let measureFrom = Infinity;
  let measureUntil = Infinity;
  let stopping = false;
  let failure: unknown;
  const ready: { player: LoadClient; prepared: unknown }[] = [];
  /** Scheduled send times that found no client ready, oldest first. */
  const backlog: number[] = [];
  let inFlight = 0;

  const dispatch = (scheduled: number, entry: { player: LoadClient; prepared: unknown }) => {
    inFlight += 1;
    void entry.player
      .send(entry.prepared)
      .then(async () => {
        const answered = performance.now();
        if (scheduled >= measureFrom && scheduled < measureUntil) latencies.push(answered - scheduled);
        // The next command is read now, off the clock: a player looks before moving.
        const prepared = await entry.player.prepare();
        const late = backlog.shift();
        if (late !== undefined && !stopping) dispatch(late, { player: entry.player, prepared });
        else ready.push({ player: entry.player, prepared });
      })
      .catch((error: unknown) => (failure ??= error))
      .finally(() => (inFlight -= 1));
  };

  for (const player of players) ready.push({ player, prepared: await player.prepare() });
  say(`${label}: ${offered} commands/s (Poisson arrivals) over ${players.length} clients, warming up for ${WARMUP_S} s, then measuring for ${DURATION_S} s…`);
  const meanGap = 1000 / offered;
  const started = performance.now();
  measureFrom = started + WARMUP_S * 1000;
  measureUntil = measureFrom + DURATION_S * 1000;
  let next = started;
  let metered = false;
  while (failure === undefined) {
    const now = performance.now();
    if (!metered && now >= measureFrom) {
      meter.begin();
      metered = true;
    }
    if (now >= measureUntil) break;
    while (next <= now && next < measureUntil) {
      const entry = ready.pop();
      if (entry) dispatch(next, entry);
      else {
        backlog.push(next);
        if (next >= measureFrom) waited += 1;
      }
      next += -Math.log(1 - Math.random()) * meanGap;
    }
    await sleep(Math.max(0, Math.min(5, next - performance.now())));
  }
  const cpu = meter.end();
  // Sends scheduled in the window but still waiting for a client are answered late: wait for them.
  while (failure === undefined && (inFlight > 0 || backlog.length > 0)) await sleep(5);
  stopping = true;
  while (inFlight > 0) await sleep(5);
  if (failure !== undefined) throw failure;
  return { seconds: DURATION_S, count: latencies.length, latencies, cpu, waited };
}

// ───────────────────────────── (a) the lean ceiling ─────────────────────────────

interface Shape {
  commands: number;
  /** Events per command, rounded (at least 1). */
  events: number;
  exactEvents: number;
  eventSample: { type: string; payload: object }[];
  commandPayload: object;
  /** Snapshots written per command. */
  snapshotRate: number;
  snapshot: unknown;
  eventBytes: number;
  commandBytes: number;
}

/** The average command of (b), from what it stored. */
async function averageCommand(url: string): Promise<Shape> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ commands: string; events: string; snapshots: string; eventBytes: number; commandBytes: number }>(
      `SELECT (SELECT count(*) FROM commands) AS commands, (SELECT count(*) FROM events) AS events,
              (SELECT count(*) FROM snapshots) AS snapshots,
              (SELECT avg(octet_length(payload::text))::float8 FROM events) AS "eventBytes",
              (SELECT avg(octet_length(payload::text))::float8 FROM commands) AS "commandBytes"`,
    );
    const commands = Number(rows[0]!.commands);
    const exactEvents = Number(rows[0]!.events) / Math.max(1, commands);
    const events = await pool.query<{ type: string; payload: object }>(`SELECT type, payload FROM events ORDER BY random() LIMIT 500`);
    const command = await pool.query<{ payload: object }>(`SELECT payload FROM commands ORDER BY random() LIMIT 1`);
    const snapshot = await pool.query<{ state: unknown }>(`SELECT state FROM snapshots ORDER BY random() LIMIT 1`);
    return {
      commands,
      events: Math.max(1, Math.round(exactEvents)),
      exactEvents,
      eventSample: events.rows,
      commandPayload: command.rows[0]?.payload ?? { type: 'END_TURN' },
      snapshotRate: Number(rows[0]!.snapshots) / Math.max(1, commands),
      snapshot: snapshot.rows[0]?.state,
      eventBytes: rows[0]!.eventBytes ?? 0,
      commandBytes: rows[0]!.commandBytes ?? 0,
    };
  } finally {
    await pool.end();
  }
}

/** `CLIENTS` connections, one game row each, appending the average command back to back. */
async function benchCeiling(url: string, shape: Shape, meter: Meter): Promise<Measured & { heard: number }> {
  const pool = new pg.Pool({ connectionString: url, max: CLIENTS + 1 });
  pool.on('error', () => undefined); // an idle connection ended by the final DROP DATABASE … WITH (FORCE)
  const store = new EventStore(pool);
  // The service's listener: one connection hearing every NOTIFY.
  const listener = await pool.connect();
  let heard = 0;
  listener.on('notification', () => (heard += 1));
  await listener.query(`LISTEN ${CEILING_CHANNEL}`);
  const { rows } = await pool.query<GameRow>(
    `INSERT INTO games (module, status, options) SELECT 'helter-skelter', 'active', '{}'::jsonb FROM generate_series(1, $1)
     RETURNING id, version, clock_revision AS "clockRevision"`,
    [CLIENTS],
  );
  let stopping = false;
  let measuring = false;
  const latencies: number[] = [];
  let heardBefore = 0;
  const snapshotEvery = shape.snapshotRate > 0 && shape.snapshot !== undefined ? 1 / shape.snapshotRate : Infinity;
  const workers = rows.map(async (row, w) => {
    const connection = await pool.connect();
    try {
      let game = row;
      let k = w * 37;
      let snapshotCredit = (w / CLIENTS) * snapshotEvery;
      for (let n = 1; !stopping; n++) {
        const deadline = new Date(Date.now() + 86_400_000).toISOString();
        const events = Array.from({ length: shape.events }, () => shape.eventSample[k++ % shape.eventSample.length]!);
        snapshotCredit += 1;
        const snapshotDue = snapshotCredit >= snapshotEvery;
        if (snapshotDue) snapshotCredit -= snapshotEvery;
        const started = performance.now();
        const appended = await store.append(connection, game, {
          command: { type: 'MOVE', payload: shape.commandPayload, senderKind: 'seat', seat: n % 2, callerId: null },
          events,
          status: 'active',
          deadlines: [{ seat: (n + 1) % 2, windowId: `w${n}`, situation: 'turn', deadline }],
          snapshot: snapshotDue ? shape.snapshot : undefined,
          channel: CEILING_CHANNEL,
        });
        if (measuring) latencies.push(performance.now() - started);
        if (!appended) throw new Error('the ceiling raced itself: one connection per game should never conflict');
        game = { ...game, version: appended.version };
      }
    } finally {
      connection.release();
    }
  });
  const failed = Promise.all(workers).then(() => undefined);
  await Promise.race([sleep(1000), failed]);
  meter.begin();
  heardBefore = heard;
  measuring = true;
  const started = performance.now();
  await Promise.race([sleep(CEILING_S * 1000), failed]);
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  const heardDuring = heard - heardBefore;
  const cpu = meter.end();
  stopping = true;
  await failed;
  listener.release();
  await pool.end();
  return { seconds, count: latencies.length, latencies, cpu, heard: heardDuring };
}

// ───────────────────────────── run ─────────────────────────────

const rate = (m: Measured) => m.count / m.seconds;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const load = () => os.loadavg()[0]!.toFixed(2);
const p = (m: Measured, q: number) => percentile(m.latencies, q);

const database = await openBenchDatabase(logger);
let service: Service | undefined;
let api: Api | undefined;
try {
  say(`database: ${database.where}`);
  say(`machine: ${os.cpus().length} cores, load average ${load()} before the run`);
  const serviceOptions = { databaseUrl: database.url, logLevel: args['log-level'], poolMax: args['pool-max'], profile: args.profile };
  const meterWith = (servicePid: number | null) => cpuMeter(() => ({ service: servicePid === null ? [] : [servicePid], database: database.pids() }));
  const cpuLine = (m: Measured) =>
    m.cpu
      ? `service ${((1000 * m.cpu.service) / m.count).toFixed(2)}, database ${database.pids().length ? ((1000 * m.cpu.database) / m.count).toFixed(2) : '?'}, load generator ${((1000 * m.cpu.bench) / m.count).toFixed(2)}`
      : '?';

  // (b)
  service = await startService(serviceOptions);
  api = new Api(service.url, CLIENTS);
  say(`registering ${CLIENTS * 2} accounts and starting ${CLIENTS} games…`);
  const players = await newPlayers(api, CLIENTS);
  const flat = await benchFlat(players, meterWith(service.pid));
  const loadFlat = load();
  await service.stop();
  service = undefined;

  // (a)
  const shape = await averageCommand(database.url);
  say(
    `(a) the lean ceiling: ${CLIENTS} connections, EventStore.append of (b)'s average command ` +
      `(${shape.events} events, ${shape.exactEvents.toFixed(2)} measured over ${shape.commands} commands; ` +
      `payloads ${shape.eventBytes.toFixed(0)} B per event, ${shape.commandBytes.toFixed(0)} B per command; ` +
      `a snapshot every ${shape.snapshotRate > 0 ? (1 / shape.snapshotRate).toFixed(1) : '∞'} commands), for ${CEILING_S} s…`,
  );
  const ceiling = await benchCeiling(database.url, shape, meterWith(null));
  const loadCeiling = load();

  // (c)
  const offered = RATE > 0 ? RATE : Math.max(1, Math.round(PACED * rate(ceiling)));
  service = await startService(serviceOptions);
  await api.close();
  api = new Api(service.url, PACED_CLIENTS);
  for (const player of players) player.useApi(api);
  // More clients than (b)'s: an open-loop load must not wait for a client to be free, or the
  // service's own latency would throttle the offered rate (each client reads before it sends).
  const pacedPlayers = [...players, ...(await newPlayers(api, PACED_CLIENTS - players.length, 'paced', players.length))];
  // The restarted process is warmed as (b)'s and (d)'s were (by their flat-out phase) before it is
  // paced: (c) measures the service at half the ceiling, not its just-in-time compiler warming up.
  await warmUp(players);
  const paced = await benchPaced(pacedPlayers, offered, meterWith(service.pid));
  const loadPaced = load();
  await api.close();
  api = undefined;
  await service.stop();
  service = undefined;

  // (d)
  say(`(d) the floor: an HTTP process that only reads the game row and appends (b)'s average command…`);
  service = await startFloor(
    database.url,
    { events: Array.from({ length: shape.events }, (_, i) => shape.eventSample[i % shape.eventSample.length]!), commandPayload: shape.commandPayload, snapshot: shape.snapshot, snapshotEvery: shape.snapshotRate > 0 ? 1 / shape.snapshotRate : Infinity },
    args['pool-max'],
  );
  api = new Api(service.url, PACED_CLIENTS);
  // As many reads a command as (b)'s clients made.
  const readsPerCommand = Math.min(1, flat.gets.count / Math.max(1, flat.posts.count));
  const floorClients = (await floorGames(database.url, PACED_CLIENTS)).map((game) => new FloorClient(api!, game, readsPerCommand));
  const floorFlat = await benchFlat(floorClients.slice(0, CLIENTS), meterWith(service.pid), '(d) floor flat out');
  const floorPaced = await benchPaced(floorClients, offered, meterWith(service.pid), '(d) floor paced, open loop');
  await api.close();
  api = undefined;
  await service.stop();
  service = undefined;

  const S = rate(flat.posts);
  const C = rate(ceiling);
  const ratio = S / C;
  say('');
  say(`(b) service flat out, ${CLIENTS} clients (load average ${loadFlat}):`);
  say(`  POST /commands   ${S.toFixed(0)} commands/s   p50 ${ms(p(flat.posts, 50))}   p99 ${ms(p(flat.posts, 99))}   max ${ms(p(flat.posts, 100))}   (${flat.posts.count} in ${flat.posts.seconds.toFixed(1)} s)`);
  say(`  GET /games/{id}  ${rate(flat.gets).toFixed(0)} reads/s      p50 ${ms(p(flat.gets, 50))}   p99 ${ms(p(flat.gets, 99))}`);
  say(`  CPU per command (ms): ${cpuLine(flat.posts)}`);
  say(`(a) lean ceiling, ${CLIENTS} connections (load average ${loadCeiling}):`);
  say(`  transactions     ${C.toFixed(0)} /s   p50 ${ms(p(ceiling, 50))}   p99 ${ms(p(ceiling, 99))}   max ${ms(p(ceiling, 100))}   (NOTIFYs heard ${ceiling.heard} of ${ceiling.count})`);
  say(`  CPU per transaction (ms): ${cpuLine(ceiling)}`);
  say(`(c) service paced, open loop, ${offered} commands/s offered = ${(offered / C).toFixed(2)} of the ceiling (load average ${loadPaced}):`);
  say(
    `  POST /commands   ${rate(paced).toFixed(0)} commands/s   p50 ${ms(p(paced, 50))}   p99 ${ms(p(paced, 99))}   max ${ms(p(paced, 100))}   ` +
      `(from the scheduled send; ${paced.waited} of ${paced.count} found no client ready)`,
  );
  say(`  CPU per command (ms): ${cpuLine(paced)}`);
  say(`(d) the floor (read the row, append; no auth, rules or view), same framework, pool and database:`);
  say(`  flat out, ${CLIENTS} clients: POST ${rate(floorFlat.posts).toFixed(0)} commands/s   p50 ${ms(p(floorFlat.posts, 50))}   p99 ${ms(p(floorFlat.posts, 99))}   CPU per command (ms): ${cpuLine(floorFlat.posts)}`);
  say(`  paced at ${offered} commands/s: POST p50 ${ms(p(floorPaced, 50))}   p99 ${ms(p(floorPaced, 99))}   max ${ms(p(floorPaced, 100))}   CPU per command (ms): ${cpuLine(floorPaced)}`);
  // Flat out, N clients that each wait for their answer see N / throughput on average (Little's law).
  say(`latency floor flat out: ${CLIENTS} clients ÷ ${C.toFixed(0)} transactions/s = ${ms((1000 * CLIENTS) / C)} mean at the ceiling`);
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  say(`target ratio ≥ ${TARGET_RATIO}: ${verdict(ratio >= TARGET_RATIO)} (${ratio.toFixed(2)})`);
  say(`target (b) p99 < ${TARGET_P99_MS} ms: ${verdict(p(flat.posts, 99) < TARGET_P99_MS)} (${ms(p(flat.posts, 99))})`);
  say(`target (c) p99 < ${TARGET_PACED_P99_MS} ms: ${verdict(p(paced, 99) < TARGET_PACED_P99_MS)} (${ms(p(paced, 99))}; the floor at the same rate: ${ms(p(floorPaced, 99))})`);
  say(`bench:api ratio=${ratio.toFixed(2)} service=${S.toFixed(0)}/s ceiling=${C.toFixed(0)}/s p99=${p(flat.posts, 99).toFixed(1)} ms paced_p99=${p(paced, 99).toFixed(1)} ms`);
} finally {
  await api?.close().catch(() => undefined);
  await service?.stop().catch(() => undefined);
  await database.close();
}
