// GET /metrics: what an operator scrapes (Prometheus text format, by prom-client). Served only when
// METRICS_TOKEN is set, and only to a request that sends it as a bearer token: the figures say how
// busy the service is, which is nobody else's business. docs/operations.md has a scrape config
// and the alerts worth having.
//
// - every request's duration, by method, route (its template, never the raw URL, so ids do not
//   make new series) and status;
// - commands accepted and refused, by game and problem code; how late deadlines expire; how long a
//   notice takes to leave, by channel; how webhook attempts end (the Telemetry port, which the
//   service and the channels report through);
// - read when scraped: each pool's connections (in use, idle) and the requests waiting for one,
//   open streams, jobs queued; and Node's own (memory, event-loop delay, garbage collection), with
//   the heap kept alive, read after each full collection (`pbw_heap_live_bytes`).

import { createHash, timingSafeEqual } from 'node:crypto';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CommandOutcome, NoticeChannel, Telemetry, WebhookOutcome } from '../service/ports/telemetry.ts';
import { ProblemError } from './problems.ts';

/** A pg.Pool's counts, as pg gives them. */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** What is read at each scrape. */
export interface MetricsSources {
  pools: Readonly<Record<string, PoolCounts>>;
  openStreams(): number;
  jobsQueued(): Promise<number>;
}

const PREFIX = 'pbw_';
/** Seconds: from a fast read to a slow command under load. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: deadlines and notices are judged in tens of milliseconds to a minute. */
const DELAY_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * The data the process keeps alive: its old generation's objects (every space but the young one
 * and those of compiled code) as the last full collection left it; 0 before the first. The heap in
 * use (`nodejs_heap_size_used_bytes`) swings by hundreds of megabytes with garbage not yet
 * collected; this moves only when what is kept does, so a rise over hours is a leak. The code
 * spaces are left out: V8 keeps compiling functions as play reaches rarer rules (two heap
 * snapshots 10 minutes apart in a soak put the whole 2.1 MB rise in compiled code and its
 * metadata, the service's own objects unchanged), and the program's size bounds that, as it does
 * not bound a leak. One observer for the process, however many apps.
 */
let liveHeapBytes = 0;
let fullCollections: PerformanceObserver | undefined;
function watchFullCollections(): void {
  if (fullCollections) return;
  fullCollections = new PerformanceObserver((list) => {
    const full = list.getEntries().some((e) => (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (!full) return;
    liveHeapBytes = v8
      .getHeapSpaceStatistics()
      .filter((space) => !/^(new_|code_|trusted_|read_only_)/.test(space.space_name))
      .reduce((sum, space) => sum + space.space_used_size, 0);
  });
  fullCollections.observe({ entryTypes: ['gc'] });
}

export class OperatorMetrics implements Telemetry {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, from arrival to the last byte written.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly commands = new Counter({
    name: `${PREFIX}commands_total`,
    help: 'Commands decided, by game, outcome (accepted or refused) and the refusal’s problem code.',
    labelNames: ['game', 'outcome', 'code'] as const,
    registers: [this.registry],
  });
  private readonly lateness = new Histogram({
    name: `${PREFIX}deadline_lateness_seconds`,
    help: 'How long after its deadline a window was expired, by game.',
    labelNames: ['game'] as const,
    buckets: DELAY_BUCKETS,
    registers: [this.registry],
  });
  private readonly noticeDelay = new Histogram({
    name: `${PREFIX}notice_delay_seconds`,
    help: 'From the commit a notice tells of to its leaving the service, by channel.',
    labelNames: ['channel'] as const,
    buckets: DELAY_BUCKETS,
    registers: [this.registry],
  });
  private readonly webhookAttempts = new Counter({
    name: `${PREFIX}webhook_attempts_total`,
    help: 'Webhook delivery attempts by outcome: delivered, failed (to be retried), gave-up (the last retry failed), refused (the address is not allowed).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricsSources) {
    collectDefaultMetrics({ register: this.registry });
    watchFullCollections();
    new Gauge({
      name: `${PREFIX}heap_live_bytes`,
      help: 'The V8 heap kept alive: the old generation\'s objects (compiled code left out) in use just after the last full collection (0 before the first). Unlike the heap in use, it does not swing with garbage; a rise over hours is a leak.',
      registers: [this.registry],
      collect() {
        this.set(liveHeapBytes);
      },
    });
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: 'Database connections by pool and state (in-use, idle).',
      labelNames: ['pool', 'state'] as const,
      registers: [this.registry],
      collect() {
        for (const [pool, counts] of Object.entries(sources.pools)) {
          this.set({ pool, state: 'idle' }, counts.idleCount);
          this.set({ pool, state: 'in-use' }, counts.totalCount - counts.idleCount);
        }
      },
    });
    new Gauge({
      name: `${PREFIX}db_pool_waiting`,
      help: 'Requests waiting for a database connection, by pool.',
      labelNames: ['pool'] as const,
      registers: [this.registry],
      collect() {
        for (const [pool, counts] of Object.entries(sources.pools)) this.set({ pool }, counts.waitingCount);
      },
    });
    new Gauge({
      name: `${PREFIX}open_streams`,
      help: 'Event streams and long-polls open in this process (game feeds and chat).',
      registers: [this.registry],
      collect() {
        this.set(sources.openStreams());
      },
    });
    new Gauge({
      name: `${PREFIX}jobs_queued`,
      help: 'Jobs due and not yet taken by a worker (webhook and email deliveries, reminders, housekeeping), all processes together; jobs queued for later are not counted.',
      registers: [this.registry],
      async collect() {
        this.set(await sources.jobsQueued());
      },
    });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status: String(status) }, seconds);
  }

  commandDecided(game: string, outcome: CommandOutcome): void {
    this.commands.inc(outcome.accepted ? { game, outcome: 'accepted', code: '' } : { game, outcome: 'refused', code: outcome.code });
  }

  deadlineExpired(game: string, latenessMs: number): void {
    this.lateness.observe({ game }, Math.max(0, latenessMs) / 1000);
  }

  noticeSent(channel: NoticeChannel, delayMs: number): void {
    this.noticeDelay.observe({ channel }, Math.max(0, delayMs) / 1000);
  }

  webhookAttempted(outcome: WebhookOutcome): void {
    this.webhookAttempts.inc({ outcome });
  }
}

/**
 * Times every request (on the root instance, so every plugin's routes are seen) and serves
 * GET /metrics to the bearer of `token`. Not in the OpenAPI document: it is the operator's, not
 * the players'.
 */
export function registerMetrics(app: FastifyInstance, metrics: OperatorMetrics, token: string): void {
  const expected = digest(token);
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true }, config: { ownCredential: true } }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new ProblemError(401, 'METRICS_TOKEN_REQUIRED', 'The metrics are served to the bearer of the operator’s METRICS_TOKEN.');
    }
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

/**
 * Jobs due that no worker has taken (graphile-worker's public `jobs` view): the backlog. Jobs
 * queued for later are left out: a reminder waits in the queue until an hour before its deadline,
 * a day ahead in a daily game, so counting them would make the gauge grow with the games played,
 * not with a worker falling behind. Nor are jobs that used up their attempts: no worker takes them.
 */
export async function queuedJobs(pool: { query(text: string): Promise<{ rows: { queued: number }[] }> }): Promise<number> {
  const { rows } = await pool.query(
    `SELECT count(*) FILTER (WHERE locked_at IS NULL AND run_at <= now() AND attempts < max_attempts)::int AS queued FROM graphile_worker.jobs`,
  );
  return rows[0]?.queued ?? 0;
}

/** Equal-length digests, so that comparing them takes the same time whatever was sent. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
