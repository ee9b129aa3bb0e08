// The retry schedule of one delivery, and when a subscription that keeps failing is switched off.

import { describe, expect, it } from 'vitest';
import {
  MAX_RETRIES,
  MIN_FAILURES_TO_DISABLE,
  nextAttemptDelayMs,
  shouldDisable,
  waitCeilingMs,
} from '../../../src/delivery/webhooks/retry.ts';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;
const highest = () => 0.999999999;

describe('nextAttemptDelayMs', () => {
  it('waits grow from 5 s, doubling, to at most an hour', () => {
    const ceilings = Array.from({ length: 12 }, (_, i) => waitCeilingMs(i + 1) / SECOND);
    expect(ceilings).toEqual([5, 10, 20, 40, 80, 160, 320, 640, 1280, 2560, 3600, 3600]);
  });

  it('gives up after 32 retries, the most whose waits fit in a day', () => {
    expect(MAX_RETRIES).toBe(32);
    expect(nextAttemptDelayMs(32, highest)).not.toBeNull();
    expect(nextAttemptDelayMs(33, highest)).toBeNull();
    expect(nextAttemptDelayMs(1000, highest)).toBeNull();
  });

  it('the whole schedule stays within a day even when every wait is the longest', () => {
    let total = 0;
    let failures = 1;
    for (let wait = nextAttemptDelayMs(failures, highest); wait !== null; wait = nextAttemptDelayMs(++failures, highest)) {
      total += wait;
    }
    expect(failures).toBe(33);
    expect(total).toBeLessThanOrEqual(DAY);
    expect(total).toBeGreaterThan(23 * HOUR);
    expect(Array.from({ length: 32 }, (_, i) => waitCeilingMs(i + 1)).reduce((a, b) => a + b, 0)).toBe(84_315 * SECOND);
  });

  it('jitter draws each wait between 0 and its ceiling', () => {
    for (let failures = 1; failures <= MAX_RETRIES; failures++) {
      expect(nextAttemptDelayMs(failures, () => 0)).toBe(0);
      expect(nextAttemptDelayMs(failures, () => 0.5)).toBe(Math.floor(waitCeilingMs(failures) / 2));
      const top = nextAttemptDelayMs(failures, highest) ?? Infinity;
      expect(top).toBeLessThanOrEqual(waitCeilingMs(failures));
      expect(top).toBeGreaterThan(waitCeilingMs(failures) - 2);
    }
  });

  it('a random source out of range cannot push a wait past its ceiling', () => {
    expect(nextAttemptDelayMs(3, () => 7)).toBe(20 * SECOND);
    expect(nextAttemptDelayMs(3, () => -1)).toBe(0);
    expect(nextAttemptDelayMs(3, () => NaN)).toBe(0);
  });

  it('nonsense failure counts give up rather than guess', () => {
    expect(nextAttemptDelayMs(0, highest)).toBeNull();
    expect(nextAttemptDelayMs(-1, highest)).toBeNull();
    expect(nextAttemptDelayMs(1.5, highest)).toBeNull();
  });
});

describe('shouldDisable', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('a subscription failing for more than a day is disabled', () => {
    expect(shouldDisable(40, ago(DAY + SECOND), now)).toBe(true);
  });

  it('a receiver down overnight keeps its subscription', () => {
    expect(shouldDisable(40, ago(12 * HOUR), now)).toBe(false);
    expect(shouldDisable(40, ago(DAY), now)).toBe(false);
  });

  it('a single failure long ago in a quiet game is not yet a pattern', () => {
    expect(shouldDisable(MIN_FAILURES_TO_DISABLE - 1, ago(7 * DAY), now)).toBe(false);
    expect(shouldDisable(MIN_FAILURES_TO_DISABLE, ago(7 * DAY), now)).toBe(true);
  });

  it('a subscription without failures is never disabled', () => {
    expect(shouldDisable(0, null, now)).toBe(false);
    expect(shouldDisable(0, ago(7 * DAY), now)).toBe(false);
  });
});
