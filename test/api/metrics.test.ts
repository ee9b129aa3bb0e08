// GET /metrics (src/api/metrics.ts): served to the bearer of METRICS_TOKEN only, in the Prometheus
// text format, and its numbers move with what the service does. Parsed with a Prometheus text
// parser, as a scraper would read it.

import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { queuedJobs } from '../../src/api/metrics.ts';
import { useTestApp } from '../support/app.ts';
import { postCommand, readGame, register, startGame } from '../support/http-client.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789abcdef';
const t = useTestApp({ metricsToken: TOKEN });
const bare = useTestApp();

interface Family {
  name: string;
  metrics: { labels?: Record<string, string>; value?: string }[];
}

interface Scrape {
  families: Map<string, Family>;
  text: string;
}

/**
 * Resolves once observers have been told of a full collection that began at `since` or later. The
 * service's observer hears of it in the same dispatch as this one, so one turn later it has read
 * the heap. A collection the test's own allocations set off may still be on its way to them:
 * it began earlier, so it is not the one waited for, and a scrape after it would read the heap
 * half-filled.
 */
function fullCollectionHeard(since: number): Promise<void> {
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      const full = list.getEntries().some((e) => (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR && e.startTime >= since);
      if (!full) return;
      observer.disconnect();
      setImmediate(resolve);
    });
    observer.observe({ entryTypes: ['gc'] });
  });
}

async function scrape(): Promise<Scrape> {
  const res = await fetch(`${t.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  const families = parsePrometheusTextFormat(text) as Family[];
  return { families: new Map(families.map((f) => [f.name, f])), text };
}

/**
 * A labelled histogram's count, from its `_count` sample line: the parser folds a histogram's
 * series into one (it reads label-less histograms only), so these lines are read as written.
 */
function histogramCount({ text }: Scrape, name: string, labels: Record<string, string>): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}_count{`) && Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** A counter's or gauge's value summed over the series whose labels include `labels`; 0 when absent. */
function valueOf({ families }: Scrape, name: string, labels: Record<string, string> = {}): number {
  const series = families.get(name)?.metrics.filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v)) ?? [];
  return series.reduce((sum, m) => sum + Number(m.value ?? 0), 0);
}

describe('GET /metrics', () => {
  it('is refused without the token, or with another one, as problem+json', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token', `Basic ${TOKEN}`]) {
      const res = await fetch(`${t.base}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(((await res.json()) as { code: string }).code).toBe('METRICS_TOKEN_REQUIRED');
    }
  });

  it('is not served at all when no METRICS_TOKEN is set', async () => {
    expect((await fetch(`${bare.base}/metrics`)).status).toBe(404);
  });

  it('counts commands accepted and refused, times the routes, and reads the pools, streams and jobs', async () => {
    const before = await scrape();
    const players = [await register(t.base, 'metrics-a'), await register(t.base, 'metrics-b')];
    const id = await startGame(t.base, players);
    const seat = (await readGame(t.base, id, null)).awaiting[0]!.seat;
    const game = await readGame(t.base, id, players[seat]!);
    expect((await postCommand(t.base, id, players[seat]!, { ...game.legalCommands[0], expectedVersion: game.version })).status).toBe(200);
    // The same command again, at a version that has passed: refused.
    const stale = await postCommand(t.base, id, players[seat]!, { ...game.legalCommands[0], expectedVersion: game.version });
    expect(stale.status).toBe(409);
    const code = (stale.body as { code: string }).code;

    const after = await scrape();
    const accepted = { game: 'helter-skelter', outcome: 'accepted' };
    expect(valueOf(after, 'pbw_commands_total', accepted) - valueOf(before, 'pbw_commands_total', accepted)).toBe(1);
    const refused = { game: 'helter-skelter', outcome: 'refused', code };
    expect(valueOf(after, 'pbw_commands_total', refused) - valueOf(before, 'pbw_commands_total', refused)).toBe(1);
    // Two POSTs to the commands route, by its template, one answered 200 and one 409.
    const route = { route: '/v1/games/:id/commands', method: 'POST' };
    for (const status of ['200', '409']) {
      expect(histogramCount(after, 'http_request_duration_seconds', { ...route, status }) - histogramCount(before, 'http_request_duration_seconds', { ...route, status })).toBe(1);
    }
    // No series names a game's id: routes are templates.
    expect(after.text).not.toContain(id);
    // Read at each scrape: the request pool holds a connection or more by now.
    expect(valueOf(after, 'pbw_db_pool_connections', { pool: 'requests' })).toBeGreaterThan(0);
    expect(after.families.has('pbw_db_pool_waiting')).toBe(true);
    expect(valueOf(after, 'pbw_open_streams')).toBe(0);
    expect(after.families.has('pbw_jobs_queued')).toBe(true);
    expect(after.families.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
    expect(after.families.has('process_resident_memory_bytes')).toBe(true);
  });

  it('reads the heap kept alive after each full collection: it rises with what is kept, not with garbage', async () => {
    // A full collection on demand: V8's own `gc`, exposed for the test.
    v8.setFlagsFromString('--expose-gc');
    const collect = vm.runInNewContext('gc') as () => void;
    const liveAfterCollecting = async () => {
      const heard = fullCollectionHeard(performance.now());
      collect();
      await heard;
      return valueOf(await scrape(), 'pbw_heap_live_bytes');
    };
    // The baseline first settles: what the earlier tests left can still be dying over the next
    // collection or two (CI read 24.7 MB kept of 40 against a baseline taken once).
    let before = await liveAfterCollecting();
    for (let tries = 0; tries < 5; tries++) {
      const again = await liveAfterCollecting();
      const settled = Math.abs(again - before) < 1024 * 1024;
      before = again;
      if (settled) break;
    }
    expect(before).toBeGreaterThan(0);
    // 40 MB kept alive across a collection, then let go.
    let kept: number[][] | null = Array.from({ length: 40 }, () => new Array<number>(131_072).fill(1.5));
    const keeping = await liveAfterCollecting();
    expect(keeping - before).toBeGreaterThan(30 * 1024 * 1024);
    expect(kept.length).toBe(40);
    kept = null;
    // Garbage (as much again, never kept) does not count once collected.
    for (let i = 0; i < 40; i++) void new Array<number>(131_072).fill(2.5);
    const after = await liveAfterCollecting();
    expect(keeping - after).toBeGreaterThan(30 * 1024 * 1024);
  });

  it('counts as queued the jobs due that no worker took, not those queued for later', async () => {
    // In a transaction rolled back, so that no worker sees them; one snapshot, so that other files' jobs cannot move the count.
    const client = await t.db.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      const before = await queuedJobs(client);
      await client.query(`SELECT graphile_worker.add_job('metrics-test', '{}'::json, run_at := now() + interval '1 day')`);
      expect(await queuedJobs(client)).toBe(before);
      await client.query(`SELECT graphile_worker.add_job('metrics-test', '{}'::json, run_at := now() - interval '1 second')`);
      expect(await queuedJobs(client)).toBe(before + 1);
      await client.query(`SELECT graphile_worker.add_job('metrics-test', '{}'::json, run_at := now() - interval '1 second', max_attempts := 1)`);
      await client.query(`UPDATE graphile_worker._private_jobs SET attempts = 1 WHERE max_attempts = 1 AND task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'metrics-test')`);
      expect(await queuedJobs(client)).toBe(before + 1);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
