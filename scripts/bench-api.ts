// The service against the floor under it, on the same database in the same run, in alternating
// rounds, so that the machine's drift (its capacity moves threefold between hours) falls on both:
//
//   npm run bench:api                                  # embedded Postgres (durable, as `npm start` runs it)
//   DATABASE_URL=postgres://… npm run bench:api        # a database created (and dropped) on that server
//   npm run bench:api -- --rounds 3 --clients 32 --duration 15 --warmup 4 --paced 0.5 --pool-max 10 --profile
//
// Two processes run side by side for the whole run, each with the same framework, pool size and
// database; while one is measured the other is idle:
// - the service, `src/main.ts` (rate limits off, LOG_LEVEL=warn). Its clients each hold two
//   accounts and a 2-player game (daily clocks), and play over HTTP (undici, one connection each):
//   read the game as the awaited seat, POST one of its `legalCommands` asking for the game back
//   (`Prefer: return=representation`, so the same seat acting again needs no read), again; a new
//   game when one ends;
// - the floor, `scripts/support/floor-server.ts`: reads the game row (as often a command as the
//   service's clients read the game) and appends the service's average command with the service's
//   own `EventStore.append`; no authentication, rules or view. What the floor measures at a load,
//   the service cannot beat at that load on this machine.
//
// Each round measures, in turn (the service first in odd rounds, the floor first in even ones):
// - flat out: `--clients` (32) clients as fast as they can, after `--warmup` seconds unmeasured,
//   for `--duration` seconds: commands/s, POST p99, and CPU per command (the process plus its
//   database's processes, from /proc; the load generator's own is reported apart);
// - paced, open loop: both at `--paced` (0.5) × the service's own flat-out rate of that round, on
//   a Poisson schedule, whether or not earlier answers have come; latency runs from the scheduled
//   send to the answer (no coordinated omission). A send must find a client ready (its command
//   read beforehand): when one did not during warm-up, clients are added and warm-up starts over,
//   so that during the measurement none waits (the report says how many did: the goal is 0).
//
// Prints one line per figure and round, then the medians over the rounds, and, last, exactly:
//   bench:api cpu_ratio=R throughput_ratio=T p99_ratio=X paced_p99_ratio=Y service=S/s floor=F/s
// R: the service's CPU per command (its process and its database's) over the floor's, paced at the
// same rate (flat out, the floor runs faster, and a commit's WAL flush shared by more commits
// waiting with it costs its database less a command: that ratio, printed too, would measure a rate
// as well as work); T: the service's commands/s over the floor's, flat out; X: their POST p99s,
// flat out; Y: their POST p99s paced at the same rate. Each ratio is the median of the rounds'
// ratios; S and F are the median rates. Goals: R ≤ 1.3, T ≥ 0.8, X ≤ 1.5, Y ≤ 2.
// Before the last line, what T's goal leaves: flat out both sides keep the two cores busy, so T
// is about the floor's whole CPU per command (process, database and load generator) over the
// service's, and the line says how much more the service's may be, and how much of that the load
// generator spends parsing the larger answers (`Api.read`); then the rules' own CPU per command
// (decide, replay, legal commands, views), timed on the service's games in this process: the
// least R could be whatever the platform.
// `--profile` writes a CPU profile of the service and of the floor for each of their measured
// paced phases (where R is judged; the profiler's cost then lands in R), that window alone, under
// .bench/ (`service-<pid>-<n>.cpuprofile` and `floor-<pid>-<n>.cpuprofile`, for Chrome DevTools
// or `node --import tsx scripts/profile-top.ts <file>`): what the service spends beyond the floor,
// part by part.

import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createLogger } from '../src/config/logger.ts';
import { openBenchDatabase } from './support/bench-database.ts';
import { FloorClient, floorGames, startFloor } from './support/bench-floor.ts';
import { rulesWork } from './support/rules-work.ts';
import { Api, cpuMeter, newPlayers, percentile, say, sleep, startService, type CpuUse, type Meter, type Recorder, type Service } from './support/bench-service.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    clients: { type: 'string', default: '32' },
    duration: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '4' },
    paced: { type: 'string', default: '0.5' },
    'paced-clients': { type: 'string', default: '96' },
    'log-level': { type: 'string', default: 'warn' },
    'pool-max': { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});
const ROUNDS = Math.max(1, Number(args.rounds));
const CLIENTS = Number(args.clients);
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const PACED = Number(args.paced);
/** Paced clients to start with; more are added when a warm-up finds none ready. */
const PACED_CLIENTS = Math.max(CLIENTS, Number(args['paced-clients']));
const GOALS = { cpu: 1.3, throughput: 0.8, p99: 1.5, paced: 2 };

const logger = createLogger('warn');

interface Measured {
  seconds: number;
  count: number;
  latencies: number[];
  cpu: CpuUse;
  /** Paced: sends that found no client ready at their scheduled time, during the measurement. */
  waited?: number;
}

/** A client of the service or of the floor: reads what to send next, sends it. */
interface LoadClient<P = unknown> {
  prepare(record?: Recorder): Promise<P>;
  send(prepared: P, record?: Recorder): Promise<unknown>;
  step(record?: Recorder): Promise<unknown>;
}

// ───────────────────────────── flat out ─────────────────────────────

async function benchFlat(clients: readonly LoadClient[], meter: Meter, label: string): Promise<{ posts: Measured; gets: number }> {
  let measuring = false;
  let stopping = false;
  const posts: number[] = [];
  let gets = 0;
  const record = (kind: 'get' | 'post', ms: number) => {
    if (!measuring) return;
    if (kind === 'post') posts.push(ms);
    else gets += 1;
  };
  const loops = clients.map(async (client) => {
    while (!stopping) await client.step(record);
  });
  const failed = Promise.all(loops).then(() => undefined);
  say(`${label}: ${clients.length} clients flat out, ${WARMUP_S} s unmeasured, then ${DURATION_S} s…`);
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
  return { posts: { seconds, count: posts.length, latencies: posts, cpu }, gets };
}

// ───────────────────────────── paced, open loop ─────────────────────────────

interface Ready {
  client: LoadClient;
  prepared: unknown;
}

/**
 * Sends at `offered` commands/s on a Poisson schedule. Warm-up runs until one passes with every
 * send finding a client ready (`more(n)` adds n clients between tries, at most 6 tries); then the
 * measurement, whose sends that still found none are counted in `waited`.
 */
async function benchPaced(clients: LoadClient[], more: (n: number) => Promise<LoadClient[]>, offered: number, meter: Meter, label: string): Promise<Measured> {
  const ready: Ready[] = [];
  for (const client of clients) ready.push({ client, prepared: await client.prepare() });
  say(`${label}: ${offered} commands/s (Poisson arrivals), ${WARMUP_S} s unmeasured, then ${DURATION_S} s…`);
  for (let attempt = 1; ; attempt++) {
    const warm = await schedule(ready, offered, WARMUP_S, () => undefined, false);
    const waited = warm.waited ?? 0;
    if (waited === 0 || attempt === 6) break;
    // A backlog counts every later send too: at most double the clients a try.
    const added = await more(Math.min(clients.length, Math.max(16, waited)));
    for (const client of added) ready.push({ client, prepared: await client.prepare() });
    clients.push(...added);
    say(`  ${waited} sends found no client ready during warm-up: ${added.length} clients added (${clients.length} in all), warming up again`);
  }
  return schedule(ready, offered, DURATION_S, () => meter.begin(), true, meter);
}

async function schedule(ready: Ready[], offered: number, seconds: number, begin: () => void, measure: boolean, meter?: Meter): Promise<Measured> {
  const latencies: number[] = [];
  let waited = 0;
  let failure: unknown;
  /** Scheduled send times that found no client ready, oldest first. */
  const backlog: number[] = [];
  let inFlight = 0;
  const dispatch = (scheduled: number, entry: Ready) => {
    inFlight += 1;
    void entry.client
      .send(entry.prepared)
      .then(async () => {
        latencies.push(performance.now() - scheduled);
        // The next command is read now, off the clock: a player looks before moving.
        const prepared = await entry.client.prepare();
        const late = backlog.shift();
        if (late !== undefined) dispatch(late, { client: entry.client, prepared });
        else ready.push({ client: entry.client, prepared });
      })
      .catch((error: unknown) => (failure ??= error))
      .finally(() => (inFlight -= 1));
  };
  const meanGap = 1000 / offered;
  begin();
  const started = performance.now();
  const until = started + seconds * 1000;
  let next = started;
  while (failure === undefined) {
    const now = performance.now();
    if (now >= until) break;
    while (next <= now && next < until) {
      const entry = ready.pop();
      if (entry) dispatch(next, entry);
      else {
        backlog.push(next);
        waited += 1;
      }
      next += -Math.log(1 - Math.random()) * meanGap;
    }
    await sleep(Math.max(0, Math.min(5, next - performance.now())));
  }
  const cpu = measure && meter ? meter.end() : { service: 0, database: 0, bench: 0 };
  // Sends scheduled in the window but still waiting for a client are answered late: wait for them.
  while (failure === undefined && (inFlight > 0 || backlog.length > 0)) await sleep(5);
  if (failure !== undefined) throw failure;
  return { seconds, count: latencies.length, latencies, cpu, waited };
}

// ───────────────────────────── the floor's command ─────────────────────────────

interface Shape {
  events: { type: string; payload: object }[];
  commandPayload: object;
  snapshot: unknown;
  snapshotEvery: number;
  exactEvents: number;
}

/** The service's average command, from what it stored: as many events (rounded), sampled from its events, and its snapshot rate. */
async function averageCommand(url: string): Promise<Shape> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ commands: string; events: string; snapshots: string }>(
      `SELECT (SELECT count(*) FROM commands) AS commands, (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM snapshots) AS snapshots`,
    );
    const commands = Math.max(1, Number(rows[0]!.commands));
    const exactEvents = Number(rows[0]!.events) / commands;
    const count = Math.max(1, Math.round(exactEvents));
    const events = await pool.query<{ type: string; payload: object }>(`SELECT type, payload FROM events ORDER BY random() LIMIT $1`, [count]);
    const command = await pool.query<{ payload: object }>(`SELECT payload FROM commands ORDER BY random() LIMIT 1`);
    const snapshot = await pool.query<{ state: unknown }>(`SELECT state FROM snapshots ORDER BY random() LIMIT 1`);
    const snapshots = Number(rows[0]!.snapshots);
    return {
      events: events.rows,
      commandPayload: command.rows[0]?.payload ?? { type: 'END_TURN' },
      snapshot: snapshot.rows[0]?.state,
      snapshotEvery: snapshots > 0 && snapshot.rows[0] ? commands / snapshots : Infinity,
      exactEvents,
    };
  } finally {
    await pool.end();
  }
}

// ───────────────────────────── run ─────────────────────────────

interface Side {
  name: 'service' | 'floor';
  flat: { posts: Measured; gets: number };
  paced: Measured;
}

const rate = (m: Measured) => m.count / m.seconds;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const p99 = (m: Measured) => percentile(m.latencies, 99);
const median = (values: readonly number[]) => percentile(values, 50);
const load = () => os.loadavg()[0]!.toFixed(2);
/** CPU per command (ms): the process and its database, the load generator apart. */
const cpuPerCommand = (m: Measured) => ({
  total: (1000 * (m.cpu.service + m.cpu.database)) / m.count,
  process: (1000 * m.cpu.service) / m.count,
  database: (1000 * m.cpu.database) / m.count,
  bench: (1000 * m.cpu.bench) / m.count,
  /** Everything the command cost the two shared cores: the process, its database and the load generator. */
  whole: (1000 * (m.cpu.service + m.cpu.database + m.cpu.bench)) / m.count,
  /** The load generator's reading of the answers: KB a command, and the ms `JSON.parse` took. */
  answerKb: (m.cpu.answers?.bytes ?? NaN) / 1000 / m.count,
  parse: (1000 * (m.cpu.answers?.parseSeconds ?? NaN)) / m.count,
});

/** The meter, and the process's CPU profile over the same window when it is asked for (`--profile`). */
function profiled(meter: Meter, of: Service): Meter {
  if (!of.profiling) return meter;
  const profiling = of.profiling;
  return {
    begin() {
      profiling.start();
      meter.begin();
    },
    end() {
      const cpu = meter.end();
      profiling.stop();
      return cpu;
    },
  };
}

/**
 * The rules' own CPU per command on the games the service played (./support/rules-work.ts), set
 * beside each round's floor and service: the least R could be with a platform costing nothing
 * beyond the floor, and what the platform adds to the rules.
 */
async function sayRulesWork(rounds: readonly { service: Side; floor: Side }[], readsPerCommand: number): Promise<void> {
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  try {
    const work = await rulesWork(pool, readsPerCommand);
    const floorCpu = rounds.map((r) => cpuPerCommand(r.floor.paced).total);
    const serviceCpu = rounds.map((r) => cpuPerCommand(r.service.paced).total);
    const least = median(floorCpu.map((f) => (f + work.moduleMs) / f));
    const platform = median(serviceCpu.map((s, i) => s - floorCpu[i]! - work.moduleMs));
    say(
      `  the rules' own work (${work.commands} of the service's commands replayed in this process): ${work.moduleMs.toFixed(2)} ms a command ` +
        `(${work.withJsonMs.toFixed(2)} ms with their answers as JSON); with a platform costing nothing beyond the floor ` +
        `(${median(floorCpu).toFixed(2)} ms), R would be ${least.toFixed(2)}; the platform adds ${platform.toFixed(2)} ms a command beyond the floor and the rules`,
    );
  } finally {
    await pool.end();
  }
}

const database = await openBenchDatabase(logger);
let service: Service | undefined;
let floor: Service | undefined;
const apis: Api[] = [];
try {
  say(`database: ${database.where}${database.pids().length ? '' : ' (its processes are not visible here: CPU per command is the process alone)'}`);
  say(`machine: ${os.cpus().length} cores, load average ${load()} before the run; ${ROUNDS} rounds`);
  service = await startService({ databaseUrl: database.url, logLevel: args['log-level'], poolMax: args['pool-max'], profileWindows: args.profile });
  const serviceApi = new Api(service.url, 1024);
  apis.push(serviceApi);
  say(`registering ${CLIENTS * 2} accounts and starting ${CLIENTS} games…`);
  const players = await newPlayers(serviceApi, CLIENTS);
  const pacedPlayers: LoadClient[] = [...players, ...(await newPlayers(serviceApi, PACED_CLIENTS - CLIENTS, 'paced', CLIENTS))];
  const morePlayers = (n: number) => newPlayers(serviceApi, n, 'paced', pacedPlayers.length);
  const meterOf = (pid: number, api: Api) => cpuMeter(() => ({ service: [pid], database: database.pids() }), api);

  // The floor's command is the service's average one: the service plays first, unmeasured.
  say(`the service plays ${WARMUP_S * 2} s unmeasured, so that the floor can append its average command…`);
  const warming = await benchFlat(players, meterOf(service.pid, serviceApi), '  warming');
  /** The floor reads the game as often a command as the service's clients did (the last time they were measured). */
  let readsPerCommand = Math.min(1, warming.gets / Math.max(1, warming.posts.count));
  const shape = await averageCommand(database.url);
  say(`the floor's command: ${shape.events.length} events (the service's average: ${shape.exactEvents.toFixed(2)}), a snapshot every ${Number.isFinite(shape.snapshotEvery) ? shape.snapshotEvery.toFixed(1) : '∞'} commands`);
  floor = await startFloor(database.url, shape, args['pool-max'], args.profile);
  const floorApi = new Api(floor.url, 1024);
  apis.push(floorApi);
  const floorIds = await floorGames(database.url, PACED_CLIENTS);
  const floorClients = floorIds.map((id) => new FloorClient(floorApi, id, () => readsPerCommand));
  const moreFloorClients = async (n: number) => (await floorGames(database.url, n)).map((id) => new FloorClient(floorApi, id, () => readsPerCommand));

  const rounds: { service: Side; floor: Side }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    say(`\nround ${round} of ${ROUNDS} (${round % 2 === 1 ? 'the service first' : 'the floor first'}, load average ${load()})`);
    const flatOf = async (name: Side['name']) => {
      if (name === 'service') {
        const measured = await benchFlat(players, meterOf(service!.pid, serviceApi), '  service');
        readsPerCommand = Math.min(1, measured.gets / Math.max(1, measured.posts.count));
        return measured;
      }
      return benchFlat(floorClients.slice(0, CLIENTS), meterOf(floor!.pid, floorApi), '  floor');
    };
    const order: Side['name'][] = round % 2 === 1 ? ['service', 'floor'] : ['floor', 'service'];
    const flats = new Map<Side['name'], Side['flat']>();
    for (const name of order) flats.set(name, await flatOf(name));
    const offered = Math.max(1, Math.round(PACED * rate(flats.get('service')!.posts)));
    const paceds = new Map<Side['name'], Measured>();
    for (const name of order) {
      paceds.set(
        name,
        name === 'service'
          ? await benchPaced(pacedPlayers, morePlayers, offered, profiled(meterOf(service!.pid, serviceApi), service!), '  service paced')
          : await benchPaced(floorClients, moreFloorClients, offered, profiled(meterOf(floor!.pid, floorApi), floor!), '  floor paced'),
      );
    }
    const sides = { service: { name: 'service', flat: flats.get('service')!, paced: paceds.get('service')! }, floor: { name: 'floor', flat: flats.get('floor')!, paced: paceds.get('floor')! } } as const;
    rounds.push(sides);
    for (const side of [sides.service, sides.floor]) {
      const cpu = cpuPerCommand(side.flat.posts);
      say(
        `  ${side.name.padEnd(7)} flat: ${rate(side.flat.posts).toFixed(0)} commands/s, POST p50 ${ms(percentile(side.flat.posts.latencies, 50))} p99 ${ms(p99(side.flat.posts))}; ` +
          `CPU per command ${cpu.total.toFixed(2)} ms (process ${cpu.process.toFixed(2)}, database ${cpu.database.toFixed(2)}; load generator ${cpu.bench.toFixed(2)}, ` +
          `of which ${cpu.parse.toFixed(2)} parsing ${cpu.answerKb.toFixed(1)} KB of answers); ` +
          `paced at ${offered}/s: p50 ${ms(percentile(side.paced.latencies, 50))} p99 ${ms(p99(side.paced))}, CPU per command ${cpuPerCommand(side.paced).total.toFixed(2)} ms ` +
          `(process ${cpuPerCommand(side.paced).process.toFixed(2)}, database ${cpuPerCommand(side.paced).database.toFixed(2)}), ${side.paced.waited} of ${side.paced.count} sends found no client ready`,
      );
    }
  }

  const ratios = rounds.map(({ service: s, floor: f }) => ({
    cpu: cpuPerCommand(s.paced).total / cpuPerCommand(f.paced).total,
    cpuFlat: cpuPerCommand(s.flat.posts).total / cpuPerCommand(f.flat.posts).total,
    throughput: rate(s.flat.posts) / rate(f.flat.posts),
    p99: p99(s.flat.posts) / p99(f.flat.posts),
    paced: p99(s.paced) / p99(f.paced),
  }));
  const R = median(ratios.map((r) => r.cpu));
  const T = median(ratios.map((r) => r.throughput));
  const X = median(ratios.map((r) => r.p99));
  const Y = median(ratios.map((r) => r.paced));
  const S = median(rounds.map((r) => rate(r.service.flat.posts)));
  const F = median(rounds.map((r) => rate(r.floor.flat.posts)));
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  say('');
  say(`medians of ${ROUNDS} rounds (load average ${load()} after the run):`);
  say(`  CPU per command at the same rate (paced), service over floor: ${R.toFixed(2)}  goal ≤ ${GOALS.cpu}: ${verdict(R <= GOALS.cpu)}   (rounds: ${ratios.map((r) => r.cpu.toFixed(2)).join(', ')})`);
  say(`  CPU per command flat out, each at its own rate, service over floor: ${median(ratios.map((r) => r.cpuFlat)).toFixed(2)}, not judged   (rounds: ${ratios.map((r) => r.cpuFlat.toFixed(2)).join(', ')})`);
  say(`  throughput flat out, service / floor: ${T.toFixed(2)}  goal ≥ ${GOALS.throughput}: ${verdict(T >= GOALS.throughput)}   (rounds: ${ratios.map((r) => r.throughput.toFixed(2)).join(', ')})`);
  say(`  POST p99 flat out, service / floor:   ${X.toFixed(2)}  goal ≤ ${GOALS.p99}: ${verdict(X <= GOALS.p99)}   (rounds: ${ratios.map((r) => r.p99.toFixed(2)).join(', ')})`);
  say(`  POST p99 paced, service / floor:      ${Y.toFixed(2)}  goal ≤ ${GOALS.paced}: ${verdict(Y <= GOALS.paced)}   (rounds: ${ratios.map((r) => r.paced.toFixed(2)).join(', ')})`);
  // Flat out, both sides keep the two cores busy, so T follows what a command costs them in all:
  // the budget T's goal leaves, and what of it the load generator's reading of the answers takes.
  const flatMedian = (side: 'service' | 'floor', key: 'whole' | 'bench' | 'parse' | 'answerKb') => median(rounds.map((r) => cpuPerCommand(r[side].flat.posts)[key]));
  const [wholeS, wholeF] = [flatMedian('service', 'whole'), flatMedian('floor', 'whole')];
  say(
    `  flat out, the process, its database and the load generator cost ${wholeS.toFixed(2)} ms a command against the floor's ${wholeF.toFixed(2)} ` +
      `(floor over service ${median(rounds.map((r) => cpuPerCommand(r.floor.flat.posts).whole / cpuPerCommand(r.service.flat.posts).whole)).toFixed(2)}, T ${T.toFixed(2)}); ` +
      `T ≥ ${GOALS.throughput} leaves ${(wholeF / GOALS.throughput - wholeF).toFixed(2)} ms beyond the floor's, and the load generator alone took ${(flatMedian('service', 'bench') - flatMedian('floor', 'bench')).toFixed(2)} ms more ` +
      `(parsing ${flatMedian('service', 'answerKb').toFixed(1)} KB of answers a command, against ${flatMedian('floor', 'answerKb').toFixed(2)} KB: ${(flatMedian('service', 'parse') - flatMedian('floor', 'parse')).toFixed(2)} ms more)`,
  );
  const waited = rounds.reduce((sum, r) => sum + (r.service.paced.waited ?? 0) + (r.floor.paced.waited ?? 0), 0);
  say(`  paced sends that found no client ready, in all rounds: ${waited}`);
  await sayRulesWork(rounds, readsPerCommand);
  say(`bench:api cpu_ratio=${R.toFixed(2)} throughput_ratio=${T.toFixed(2)} p99_ratio=${X.toFixed(2)} paced_p99_ratio=${Y.toFixed(2)} service=${S.toFixed(0)}/s floor=${F.toFixed(0)}/s`);
} finally {
  for (const api of apis) await api.close().catch(() => undefined);
  await service?.stop().catch(() => undefined);
  await floor?.stop().catch(() => undefined);
  await database.close();
}
