// The soak reads deadline lateness from the service's /metrics text (scripts/support/soak-figures.ts).
// The histogram has a series per game; each must count, and count for its own game: the text
// parser alone folds a labelled histogram into one series (the last one's buckets).

import { describe, expect, it } from 'vitest';
import { OperatorMetrics } from '../../src/api/metrics.ts';
import { latenessBetween, parseScrape } from '../../scripts/support/soak-figures.ts';

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
});
