// The soak's figures (`npm run soak`): what the service says of itself at GET /metrics (parsed by
// prom-client's companion parser), what the clients measured per route, what the database holds,
// and the verdict over the run's minutes.

import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import pg from 'pg';
import { percentile } from './bench-service.ts';
import type { Route } from './soak-clients.ts';

// ───────────────────────────── the service's own figures ─────────────────────────────

interface Sample {
  labels?: Record<string, string>;
  value?: string;
  buckets?: Record<string, string>;
  count?: string;
}
interface Family {
  name: string;
  metrics: Sample[];
}

export interface Scrape {
  rssBytes: number;
  heapUsedBytes: number;
  heapLiveBytes: number;
  eventLoopP99Seconds: number;
  /** Time spent in garbage collection pauses so far (s), and the pauses longer than 10 ms (prom-client's `nodejs_gc_duration_seconds`). */
  gcSeconds: number;
  gcPausesOver10ms: number;
  poolWaiting: number;
  openStreams: number;
  jobsQueued: number;
  commandsAccepted: number;
  commandsRefused: number;
  /**
   * Accepted commands (POST /v1/games/:id/commands answered 200) as the service timed them
   * (`http_request_duration_seconds`, from its first hook to its answer), in all and over 25 ms:
   * what the clients measure beyond that waited outside the service's handling (its event loop
   * busy before the request was read, or the soak's own).
   */
  commandsTimed: number;
  commandsTimedOver25ms: number;
  /** Deadline lateness, per game (its `game` label): cumulative count per bucket bound (seconds). */
  lateness: Map<string, Map<number, number>>;
}

export async function scrape(url: string, token: string): Promise<Scrape> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`/metrics: ${response.status}`);
  return parseScrape(await response.text());
}

/** The figures the soak reads in a /metrics text. */
export function parseScrape(text: string): Scrape {
  const families = parsePrometheusTextFormat(text) as Family[];
  const family = (name: string) => families.find((f) => f.name === name)?.metrics ?? [];
  const sum = (name: string, keep: (s: Sample) => boolean = () => true) => family(name).filter(keep).reduce((n, s) => n + Number(s.value ?? 0), 0);
  const lateness = new Map<string, Map<number, number>>();
  for (const { labels, buckets } of histogramSeries(text, 'pbw_deadline_lateness_seconds')) lateness.set(labels.game ?? '', buckets);
  // prom-client's GC buckets are 1 ms, 10 ms, 100 ms, …: the pauses over 10 ms are all but the first two buckets.
  const gc = histogramSeries(text, 'nodejs_gc_duration_seconds');
  const commands = histogramSeries(text, 'http_request_duration_seconds').filter(
    ({ labels }) => labels.method === 'POST' && labels.route === '/v1/games/:id/commands' && labels.status === '200',
  );
  return {
    rssBytes: sum('process_resident_memory_bytes'),
    heapUsedBytes: sum('nodejs_heap_size_used_bytes'),
    heapLiveBytes: sum('pbw_heap_live_bytes'),
    eventLoopP99Seconds: sum('nodejs_eventloop_lag_p99_seconds'),
    gcSeconds: gc.reduce((n, { sum }) => n + sum, 0),
    gcPausesOver10ms: gc.reduce((n, { buckets }) => n + (buckets.get(Infinity) ?? 0) - (buckets.get(0.01) ?? 0), 0),
    poolWaiting: sum('pbw_db_pool_waiting'),
    openStreams: sum('pbw_open_streams'),
    jobsQueued: sum('pbw_jobs_queued'),
    commandsAccepted: sum('pbw_commands_total', (s) => s.labels?.outcome === 'accepted'),
    commandsRefused: sum('pbw_commands_total', (s) => s.labels?.outcome === 'refused'),
    commandsTimed: commands.reduce((n, { buckets }) => n + (buckets.get(Infinity) ?? 0), 0),
    commandsTimedOver25ms: commands.reduce((n, { buckets }) => n + (buckets.get(Infinity) ?? 0) - (buckets.get(0.025) ?? 0), 0),
    lateness,
  };
}

/**
 * A histogram's series, each its labels (but `le`), its cumulative count per bucket bound and its sum.
 * The parser reads a histogram with labels as one series (the last one's buckets, every other
 * series' overwritten, and no labels), so the bucket lines are handed to it alone, without
 * their `# TYPE` line: it then reads each as a plain sample with its labels.
 */
export function histogramSeries(text: string, name: string): { labels: Record<string, string>; buckets: Map<number, number>; sum: number }[] {
  const lines = text.split('\n');
  const bucketLines = lines.filter((line) => line.startsWith(`${name}_bucket{`) || line.startsWith(`${name}_bucket `));
  const sumLines = lines.filter((line) => line.startsWith(`${name}_sum{`) || line.startsWith(`${name}_sum `));
  // The parser keeps a family's last line only when a line follows it: end with a newline.
  const samples = (parsePrometheusTextFormat(bucketLines.join('\n') + '\n') as Family[]).flatMap((f) => f.metrics);
  const sums = (parsePrometheusTextFormat(sumLines.join('\n') + '\n') as Family[]).flatMap((f) => f.metrics);
  const keyOf = (labels: Record<string, string>) => JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
  const series = new Map<string, { labels: Record<string, string>; buckets: Map<number, number>; sum: number }>();
  for (const sample of samples) {
    const { le, ...labels } = sample.labels ?? {};
    if (le === undefined) continue;
    const key = keyOf(labels);
    let entry = series.get(key);
    if (!entry) series.set(key, (entry = { labels, buckets: new Map(), sum: 0 }));
    entry.buckets.set(le === '+Inf' ? Infinity : Number(le), Number(sample.value ?? 0));
  }
  for (const sample of sums) {
    const entry = series.get(keyOf(sample.labels ?? {}));
    if (entry) entry.sum = Number(sample.value ?? 0);
  }
  return [...series.values()];
}

/** Expiries between two scrapes, and the bucket bound (s) under which 99% of them fell. */
export interface Lateness {
  expiries: number;
  p99AtMostSeconds: number | null;
}

/** The expiries between two scrapes and their p99 bound, over all games and per game. */
export function latenessBetween(before: Scrape | undefined, after: Scrape): Lateness & { byGame: Record<string, Lateness> } {
  const all = new Map<number, number>();
  const byGame: Record<string, Lateness> = {};
  for (const [game, buckets] of [...after.lateness].sort(([a], [b]) => a.localeCompare(b))) {
    const earlier = before?.lateness.get(game);
    const between = new Map([...buckets].map(([le, count]) => [le, count - (earlier?.get(le) ?? 0)]));
    for (const [le, count] of between) all.set(le, (all.get(le) ?? 0) + count);
    const lateness = p99Bound(between);
    if (lateness.expiries > 0) byGame[game] = lateness;
  }
  return { ...p99Bound(all), byGame };
}

/** From cumulative bucket counts: their total (the +Inf bucket) and the least bound holding 99% of it. */
function p99Bound(cumulative: Map<number, number>): Lateness {
  const expiries = cumulative.get(Infinity) ?? 0;
  if (expiries === 0) return { expiries, p99AtMostSeconds: null };
  const bounds = [...cumulative.keys()].sort((a, b) => a - b);
  return { expiries, p99AtMostSeconds: bounds.find((le) => cumulative.get(le)! >= 0.99 * expiries) ?? Infinity };
}

// ───────────────────────────── the database ─────────────────────────────

export interface Stored {
  databaseBytes: number;
  commands: number;
  snapshots: number;
  games: number;
}

export async function stored(pool: pg.Pool): Promise<Stored> {
  const { rows } = await pool.query<Stored>(
    `SELECT pg_database_size(current_database())::float8 AS "databaseBytes",
            (SELECT count(*) FROM commands)::float8 AS commands,
            (SELECT count(*) FROM snapshots)::float8 AS snapshots,
            (SELECT count(*) FROM games)::float8 AS games`,
  );
  return rows[0]!;
}

// ───────────────────────────── the clients' timings ─────────────────────────────

/** Each route's latencies (ms) since the last report; and the command route's, report by report, for the verdict. */
export class RouteTimes {
  private times = new Map<Route, number[]>();
  /** The command route's latencies of each report taken so far. */
  readonly commandsByReport: number[][] = [];

  record = (route: Route, ms: number): void => {
    let list = this.times.get(route);
    if (!list) this.times.set(route, (list = []));
    list.push(ms);
  };

  /** p50, p99 and count per route since the last call, and starts again. */
  take(): Record<string, { n: number; p50: number; p99: number }> {
    const taken = this.times;
    this.times = new Map();
    this.commandsByReport.push(taken.get('POST /v1/games/:id/commands') ?? []);
    return Object.fromEntries(
      [...taken].sort(([a], [b]) => a.localeCompare(b)).map(([route, list]) => [route, { n: list.length, p50: round(percentile(list, 50)), p99: round(percentile(list, 99)) }]),
    );
  }
}

export const round = (x: number, digits = 1): number => Number(x.toFixed(digits));

/**
 * The command p99 (ms) of each block of `window` reports in turn (a last, shorter block left out).
 * A minute at 15 client commands/s holds 900 of them, so its p99 is the 9th slowest: one slow
 * moment moves it by more than the verdict's band. A block of five minutes rests on 45.
 */
export function blockP99s(byReport: readonly (readonly number[])[], window: number): number[] {
  const blocks: number[] = [];
  for (let start = 0; start + window <= byReport.length; start += window) blocks.push(round(percentile(byReport.slice(start, start + window).flat(), 99)));
  return blocks;
}

// ───────────────────────────── the verdict ─────────────────────────────

/** One report line, as printed and saved. */
export interface Report {
  minute: number;
  /** A report of the warm-up: printed and saved, not judged. */
  warmUp: boolean;
  at: string;
  rssMiB: number;
  /** The heap used at the report's scrape: somewhere on the garbage collector's sawtooth. */
  heapUsedMiB: number;
  /** The heap kept alive (`pbw_heap_live_bytes`: the old generation's objects after the last full collection, compiled code left out), which a leak raises. */
  heapLiveMiB: number;
  routes: Record<string, { n: number; p50: number; p99: number }>;
  /** The command route's p99 (ms) over the report's minute (the verdict holds blocks of minutes to the band: `blockP99s`). */
  commandP99: number;
  /** The floor's command p99 (ms) over the same minute (./soak-floor.ts): the machine's own latency then. */
  floorP99: number;
  eventLoopP99Ms: number;
  /** Of the report's interval, the milliseconds a second spent in GC pauses, and the pauses over 10 ms. */
  gcMsPerSecond: number;
  gcPausesOver10ms: number;
  /** Of the report's interval: the accepted commands the service itself timed over 25 ms, of those it timed (`Scrape.commandsTimed`). */
  serviceCommandsOver25ms: number;
  serviceCommands: number;
  /**
   * The soak's own event-loop delay over the interval (ms; `monitorEventLoopDelay`, its 1 ms timer
   * included): the clients' times include it, so a slow minute the service did not see shows here.
   */
  generatorLoopP99Ms: number;
  generatorLoopMaxMs: number;
  poolWaiting: number;
  openStreams: number;
  jobsQueued: number;
  commandsPerSecond: number;
  commands: number;
  databaseMiB: number;
  databaseBytesPerCommand: number;
  snapshots: number;
  expiries: number;
  latenessP99AtMostMs: number | null;
  /** The same per game: its expiries and the bound (ms) 99% of them fell under. */
  latenessByGame: Record<string, { expiries: number; p99AtMostMs: number | null }>;
  notifications: number;
  notificationP50Ms: number | null;
  notificationP99Ms: number | null;
  /** Pacer slots in the minute that found no client ready to send. */
  idleSlots: number;
  loadAverage: number;
}

export interface Verdict {
  pass: boolean;
  rssDriftPercent: number;
  /** The command p99 of each block of reports after warm-up (ms), the first the reference; and the floor's, block by block. */
  p99Blocks: number[];
  floorP99Blocks: number[];
  /** Each block's command p99 over the floor's (two decimals): what the band holds. */
  p99OverFloor: number[];
  /**
   * How far the service's block p99 over the floor's moved, on a least-squares line through the
   * blocks, from the first block to the last (what is judged); and the same of the service's p99
   * alone (printed). With two blocks, the second's over the first's.
   */
  p99DriftPercent: number;
  rawP99DriftPercent: number;
  /** Projected growth over an hour, from a least-squares line through the minutes after warm-up, as a share of the first judged report's value (%). */
  rssGrowthPerHourPercent: number;
  heapGrowthPerHourPercent: number;
  /** After warm-up, over the whole run: the bucket bound (ms) 99% of the expiries fell under, and their count. */
  deadlineP99AtMostMs: number | null;
  expiries: number;
  /** After warm-up, over the whole run: a command's answer → its webhook at the receiver, p95 (ms), and their count. */
  notificationP95Ms: number | null;
  notifications: number;
  reasons: string[];
}

/** The targets of `npm run bench:deadlines` and `npm run bench:notify`, held under the soak's load as well. */
export const DEADLINE_P99_TARGET_MS = 100;
export const NOTIFICATION_P95_TARGET_MS = 250;

/** What the soak measured over its whole run after warm-up, judged against the benchmarks' targets. */
export interface AfterWarmUp {
  lateness: Lateness;
  notifications: { n: number; p95: number | null };
}

/** Least-squares slope of y over x (ordinary linear regression, two sums). */
function slope(points: readonly [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

/**
 * How far a series moved from its first value to its last, read off a least-squares line through
 * it (a share of the line's first value; infinite when that is not positive). Each block's p99
 * rests on its few dozen slowest commands, so each block against the first alone would judge
 * the first block's noise with every later one: in a 45-minute run whose blocks read 1.81, 1.94,
 * 1.91, 1.83, 2.14, 2.04 and 1.94 times the floor, the lowest was the first. The line moves with
 * what creeps, not with one slow block. Two values: the second's over the first's.
 */
export function trendDrift(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const points = values.map((v, i): [number, number] => [i, v]);
  const perStep = slope(points);
  const start = values.reduce((sum, v) => sum + v, 0) / values.length - (perStep * (values.length - 1)) / 2;
  return start > 0 ? Math.abs((perStep * (values.length - 1)) / start) : Infinity;
}

/**
 * After warm-up (the first judged report is the reference): every later report's RSS within
 * ±`band` of it, and the command p99 over the floor's, block by block (`p99.service` over
 * `p99.floor`: the machine's own drift divided out), moving less than `band` from the first block
 * to the last on a straight line through them (`trendDrift`); RSS and the
 * heap kept alive projected to grow less than `growthBound` of the reference's value in an hour;
 * every game verified; and over the minutes after warm-up, deadline lateness and notification
 * delay within the targets their own benchmarks hold.
 */
export function judge(
  reports: readonly Report[],
  p99: { service: readonly number[]; floor: readonly number[] },
  verified: { games: number; ok: number },
  afterWarmUp: AfterWarmUp,
  band = 0.15,
  growthBound = 0.15,
): Verdict {
  const reasons: string[] = [];
  const [first, ...later] = reports;
  if (!first || later.length === 0) reasons.push('the run is too short to judge: after the warm-up it needs a reference report and at least one after it');
  if (p99.service.length < 2) reasons.push('the run is too short to judge the command p99: after the warm-up it needs two blocks of reports');
  else if (p99.floor.length !== p99.service.length || !p99.floor.every((x) => x > 0)) reasons.push('the floor did not measure every block: the command p99 cannot be judged');
  const drift = (values: readonly number[]) => (values.length > 1 ? Math.max(0, ...values.slice(1).map((v) => Math.abs(v / values[0]! - 1))) : 0);
  const rssDrift = drift(reports.map((r) => r.rssMiB));
  const overFloor = p99.service.map((x, i) => x / (p99.floor[i] ?? NaN)).filter(Number.isFinite);
  const p99Drift = trendDrift(overFloor);
  const rawP99Drift = trendDrift(p99.service);
  const growth = (value: (r: Report) => number) => (first ? (slope(reports.map((r) => [r.minute / 60, value(r)])) / value(first)) : 0);
  const rssGrowth = growth((r) => r.rssMiB);
  const heapGrowth = growth((r) => r.heapLiveMiB);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  if (rssDrift > band) reasons.push(`RSS moved ${pct(rssDrift)} from the first judged report's (band ±${pct(band)})`);
  if (p99Drift > band) reasons.push(`the command p99 over the floor's moved ${pct(p99Drift)} from the first judged block to the last, on a straight line through them (band ±${pct(band)})`);
  if (rssGrowth > growthBound) reasons.push(`RSS grows ${pct(rssGrowth)} an hour (bound ${pct(growthBound)})`);
  if (heapGrowth > growthBound) reasons.push(`the heap kept alive grows ${pct(heapGrowth)} an hour (bound ${pct(growthBound)})`);
  if (verified.ok !== verified.games) reasons.push(`${verified.games - verified.ok} of ${verified.games} games did not verify`);
  const { lateness, notifications } = afterWarmUp;
  const latenessMs = lateness.p99AtMostSeconds === null ? null : lateness.p99AtMostSeconds * 1000;
  // A bucket bound: "99% fell under 100 ms" is the finest the histogram can tell of the target p99 < 100 ms.
  if (latenessMs !== null && latenessMs > DEADLINE_P99_TARGET_MS)
    reasons.push(`deadline lateness p99 is at most ${latenessMs} ms, over the target ${DEADLINE_P99_TARGET_MS} ms (npm run bench:deadlines)`);
  if (notifications.p95 !== null && notifications.p95 >= NOTIFICATION_P95_TARGET_MS)
    reasons.push(`notification delay p95 is ${notifications.p95} ms, over the target ${NOTIFICATION_P95_TARGET_MS} ms (npm run bench:notify)`);
  // A target nothing measured is not met.
  if (lateness.expiries === 0) reasons.push('no window expired after the warm-up: deadline lateness was not measured');
  if (notifications.n === 0) reasons.push("no webhook came after the warm-up: notification delay was not measured");
  return {
    pass: reasons.length === 0,
    rssDriftPercent: round(100 * rssDrift),
    p99Blocks: [...p99.service],
    floorP99Blocks: [...p99.floor],
    p99OverFloor: overFloor.map((x) => round(x, 2)),
    p99DriftPercent: round(100 * p99Drift),
    rawP99DriftPercent: round(100 * rawP99Drift),
    rssGrowthPerHourPercent: round(100 * rssGrowth),
    heapGrowthPerHourPercent: round(100 * heapGrowth),
    deadlineP99AtMostMs: latenessMs,
    expiries: lateness.expiries,
    notificationP95Ms: notifications.p95,
    notifications: notifications.n,
    reasons,
  };
}
