// The soak reads deadline lateness from the service's /metrics text (scripts/support/soak-figures.ts).
// The histogram has a series per game; each must count, and count for its own game: the text
// parser alone folds a labelled histogram into one series (the last one's buckets). And it judges
// its run: steady memory and latency after warm-up, and the deadline and notification targets.

import { describe, expect, it } from 'vitest';
import { OperatorMetrics } from '../../src/api/metrics.ts';
import { blockP99s, judge, trendDrift, latenessBetween, parseScrape, type AfterWarmUp, type Report } from '../../scripts/support/soak-figures.ts';

/** The service's own metrics, with nothing but what the test observes. */
function serviceMetrics(): OperatorMetrics {
  return new OperatorMetrics({ pools: {}, openStreams: () => 0, jobsQueued: async () => 0 });
}

describe('the soak reading deadline lateness', () => {
  it('counts every game’s expiries, each under its own game', async () => {
    const metrics = serviceMetrics();
    for (let i = 0; i < 100; i++) metrics.deadlineExpired('helter-skelter', 20);
    metrics.deadlineExpired('block-war', 4_000);
    metrics.deadlineExpired('block-war', 40);
    const scrape = parseScrape(await metrics.registry.metrics());

    expect(scrape.lateness.get('helter-skelter')?.get(0.025)).toBe(100);
    expect(scrape.lateness.get('block-war')?.get(Infinity)).toBe(2);
    const lateness = latenessBetween(undefined, scrape);
    expect(lateness.expiries).toBe(102);
    // 101 of 102 (99.0%) fell under 50 ms; all of Helter Skelter's under 25 ms; Block War's slow one under 5 s.
    expect(lateness.p99AtMostSeconds).toBe(0.05);
    expect(lateness.byGame).toEqual({
      'block-war': { expiries: 2, p99AtMostSeconds: 5 },
      'helter-skelter': { expiries: 100, p99AtMostSeconds: 0.025 },
    });
  });

  it('counts between two scrapes only the expiries in between, per game', async () => {
    const metrics = serviceMetrics();
    metrics.deadlineExpired('helter-skelter', 2_000);
    metrics.deadlineExpired('block-war', 20);
    const before = parseScrape(await metrics.registry.metrics());
    metrics.deadlineExpired('block-war', 20);
    metrics.deadlineExpired('miniatures', 300);
    const lateness = latenessBetween(before, parseScrape(await metrics.registry.metrics()));

    expect(lateness.expiries).toBe(2);
    expect(lateness.p99AtMostSeconds).toBe(0.5);
    expect(lateness.byGame).toEqual({
      'block-war': { expiries: 1, p99AtMostSeconds: 0.025 },
      miniatures: { expiries: 1, p99AtMostSeconds: 0.5 },
    });
  });

  it('reads the other figures beside it', async () => {
    const metrics = serviceMetrics();
    metrics.commandDecided('helter-skelter', { accepted: true });
    metrics.commandDecided('block-war', { accepted: true });
    metrics.commandDecided('block-war', { accepted: false, code: 'NOT_YOUR_TURN' });
    const scrape = parseScrape(await metrics.registry.metrics());
    expect([scrape.commandsAccepted, scrape.commandsRefused]).toEqual([2, 1]);
    expect(scrape.rssBytes).toBeGreaterThan(0);
  });

  it('reads the time spent in GC pauses and the pauses over 10 ms, every kind counted', () => {
    const gc = (kind: string, counts: number[], sum: number) =>
      ['0.001', '0.01', '0.1', '1', '2', '5', '+Inf'].map((le, i) => `nodejs_gc_duration_seconds_bucket{le="${le}",kind="${kind}"} ${counts[i]}`).join('\n') +
      `\nnodejs_gc_duration_seconds_sum{kind="${kind}"} ${sum}\nnodejs_gc_duration_seconds_count{kind="${kind}"} ${counts[6]}`;
    const text = ['# TYPE nodejs_gc_duration_seconds histogram', gc('minor', [90, 118, 120, 120, 120, 120, 120], 0.25), gc('major', [0, 1, 3, 4, 4, 4, 4], 0.5), ''].join('\n');
    const scrape = parseScrape(text);
    expect(scrape.gcSeconds).toBeCloseTo(0.75);
    // 2 minor pauses and 3 major ones took longer than 10 ms.
    expect(scrape.gcPausesOver10ms).toBe(5);
  });

  it('counts the accepted commands the service timed, and those over 25 ms, apart from refusals and other routes', async () => {
    const metrics = serviceMetrics();
    for (const seconds of [0.003, 0.02, 0.03, 0.2]) metrics.observeRequest('POST', '/v1/games/:id/commands', 200, seconds);
    metrics.observeRequest('POST', '/v1/games/:id/commands', 409, 0.5);
    metrics.observeRequest('GET', '/v1/games/:id', 200, 0.1);
    metrics.observeRequest('POST', '/v1/games/:id/chat', 200, 0.1);
    const scrape = parseScrape(await metrics.registry.metrics());
    expect(scrape.commandsTimed).toBe(4);
    expect(scrape.commandsTimedOver25ms).toBe(2);
  });
});

describe('the soak’s verdict', () => {
  /** A judged report: steady unless told otherwise. */
  const report = (minute: number, changes: Partial<Report> = {}): Report =>
    ({ minute, warmUp: false, rssMiB: 500, heapUsedMiB: 200, heapLiveMiB: 120, commandP99: 40, ...changes }) as Report;
  /** The command p99 of three blocks, and the floor's beside it. */
  const steadyP99 = { service: [40, 38, 42], floor: [10, 10, 10] };
  const onTarget: AfterWarmUp = { lateness: { expiries: 300, p99AtMostSeconds: 0.1 }, notifications: { n: 900, p95: 120 } };
  const all = { games: 10, ok: 10 };

  it('passes a steady run within the targets, judged from its first report', () => {
    // The heap used swings with the collector; the heap kept alive is what is judged.
    const verdict = judge([report(10, { heapUsedMiB: 150 }), report(30, { rssMiB: 540, heapUsedMiB: 480 }), report(50, { heapUsedMiB: 400 })], steadyP99, all, onTarget);
    expect(verdict.reasons).toEqual([]);
    expect(verdict.pass).toBe(true);
    expect(verdict.rssDriftPercent).toBe(8);
    expect(verdict.heapGrowthPerHourPercent).toBe(0);
    // A line through 4, 3.8 and 4.2 times the floor: 3.9 → 4.1.
    expect(verdict.p99DriftPercent).toBe(5.1);
    expect(verdict.rawP99DriftPercent).toBe(5.1);
    expect(verdict.deadlineP99AtMostMs).toBe(100);
    expect(verdict.notificationP95Ms).toBe(120);
  });

  it('fails a command p99 that leaves the band, and late deadlines or notifications', () => {
    const late: AfterWarmUp = { lateness: { expiries: 300, p99AtMostSeconds: 0.25 }, notifications: { n: 900, p95: 250 } };
    const verdict = judge([report(3), report(4)], { service: [40, 47], floor: [10, 10] }, all, late);
    expect(verdict.pass).toBe(false);
    expect(verdict.reasons).toEqual([
      "the command p99 over the floor's moved 17.5% from the first judged block to the last, on a straight line through them (band ±15.0%)",
      'deadline lateness p99 is at most 250 ms, over the target 100 ms (npm run bench:deadlines)',
      'notification delay p95 is 250 ms, over the target 250 ms (npm run bench:notify)',
    ]);
  });

  it('judges the command p99 over the floor’s: the machine slowing down moves both', () => {
    // The machine 40% slower in the last block: the service's p99 and the floor's rise together.
    const machine = judge([report(10), report(30)], { service: [40, 42, 56], floor: [10, 10.5, 14] }, all, onTarget);
    expect(machine.reasons).toEqual([]);
    expect(machine.p99DriftPercent).toBe(0);
    // The p99 alone, on a line through 40, 42 and 56: 38 → 54.
    expect(machine.rawP99DriftPercent).toBe(42.1);
    expect(machine.p99OverFloor).toEqual([4, 4, 4]);
    // The service alone slowing down, the floor steady.
    const service = judge([report(10), report(30)], { service: [40, 42, 56], floor: [10, 10, 10] }, all, onTarget);
    // A line through 4, 4.2 and 5.6: 3.8 → 5.4.
    expect(service.reasons).toEqual(["the command p99 over the floor's moved 42.1% from the first judged block to the last, on a straight line through them (band ±15.0%)"]);
    // The machine faster while the service held still is the service slower relative to it.
    expect(judge([report(10), report(30)], { service: [40, 40], floor: [10, 8] }, all, onTarget).p99DriftPercent).toBe(25);
  });

  it('judges where the p99 over the floor’s goes, not one slow block against the first', () => {
    // One slow block between steady ones: a moment, not a creep.
    const bump = judge([report(10), report(40)], { service: [20, 20, 26, 20, 20], floor: [10, 10, 10, 10, 10] }, all, onTarget);
    expect(bump.reasons).toEqual([]);
    expect(bump.p99DriftPercent).toBe(0);
    // A first block that read low, the others steady above it (the 45-minute run's shape).
    const lowFirst = judge([report(10), report(40)], { service: [18.1, 19.4, 19.1, 18.3, 21.4, 20.4, 19.4], floor: Array(7).fill(10) }, all, onTarget);
    expect(lowFirst.pass).toBe(true);
    expect(lowFirst.p99DriftPercent).toBe(9.5);
    // A steady creep of 5% a block fails, though no block leaves the band of its neighbour.
    const creep = judge([report(10), report(40)], { service: [20, 21, 22, 23, 24], floor: [10, 10, 10, 10, 10] }, all, onTarget);
    expect(creep.p99DriftPercent).toBe(20);
    expect(creep.pass).toBe(false);
    expect(trendDrift([2, 3])).toBeCloseTo(0.5);
    expect(trendDrift([3])).toBe(0);
  });

  it('cannot judge the command p99 without the floor’s in every block', () => {
    expect(judge([report(10), report(30)], { service: [40, 41], floor: [10] }, all, onTarget).reasons).toEqual([
      'the floor did not measure every block: the command p99 cannot be judged',
    ]);
    expect(judge([report(10), report(30)], { service: [40, 41], floor: [10, Number.NaN] }, all, onTarget).pass).toBe(false);
  });

  it('does not count a target as met when nothing measured it', () => {
    const unmeasured: AfterWarmUp = { lateness: { expiries: 0, p99AtMostSeconds: null }, notifications: { n: 0, p95: null } };
    expect(judge([report(10), report(30)], steadyP99, all, unmeasured).reasons).toEqual([
      'no window expired after the warm-up: deadline lateness was not measured',
      "no webhook came after the warm-up: notification delay was not measured",
    ]);
  });

  it('needs a reference report and one after it, and every game verified', () => {
    expect(judge([report(3)], { service: [40], floor: [10] }, all, onTarget).reasons).toEqual([
      'the run is too short to judge: after the warm-up it needs a reference report and at least one after it',
      'the run is too short to judge the command p99: after the warm-up it needs two blocks of reports',
    ]);
    expect(judge([report(3), report(4)], steadyP99, { games: 10, ok: 9 }, onTarget).reasons).toEqual(['1 of 10 games did not verify']);
  });

  it('fails a heap kept alive that keeps rising', () => {
    const rising = [10, 20, 30, 40].map((minute) => report(minute, { heapLiveMiB: 100 + minute }));
    const verdict = judge(rising, steadyP99, all, onTarget);
    expect(verdict.heapGrowthPerHourPercent).toBe(54.5);
    expect(verdict.reasons).toEqual(['the heap kept alive grows 54.5% an hour (bound 15.0%)']);
  });

  it('takes the command p99 over blocks of reports, leaving out a last short block', () => {
    // Each report: 99 quick commands and one slow one; a block of two holds 200, its p99 the 198th.
    const minute = (slow: number) => [...Array.from({ length: 99 }, (_, i) => 1 + i / 100), slow];
    expect(blockP99s([minute(50), minute(60), minute(70), minute(80), minute(90)], 2)).toEqual([50, 70]);
    expect(blockP99s([minute(50)], 2)).toEqual([]);
  });
});
