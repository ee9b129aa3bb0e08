// When to try a failed delivery again, and when to stop trying a subscription at all.
//
// Waits grow from 5 s, doubling, to at most 1 h, with "full jitter" (each wait is drawn uniformly
// between 0 and that ceiling) so that a receiver coming back after an outage is not met by every
// queued delivery at the same second. The ceilings, after each failure:
//
//   failures    1    2    3    4    5     6     7      8      9      10       11 … 32
//   wait ≤      5s   10s  20s  40s  1m20  2m40  5m20   10m40  21m20  42m40    1h each
//
// The first ten add up to 5115 s (1 h 25 m 15 s); twenty-two more hours bring the total to
// 84 315 s (23 h 25 m 15 s). A 33rd wait would pass 24 h, so after the 33rd failed attempt
// (the first try and 32 retries) the delivery is given up. The bound holds whatever the jitter:
// it is reckoned on the ceilings, and a drawn wait never exceeds its ceiling.

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

export const FIRST_WAIT_MS = 5 * SECOND;
export const MAX_WAIT_MS = HOUR;
export const RETRY_WINDOW_MS = DAY;

/** The ceiling of the wait after `failures` failures, before jitter. */
export function waitCeilingMs(failures: number): number {
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - 1));
}

/** How many failures a delivery may have and still be tried again. */
export const MAX_RETRIES = (() => {
  let total = 0;
  let retries = 0;
  while (total + waitCeilingMs(retries + 1) <= RETRY_WINDOW_MS) {
    retries += 1;
    total += waitCeilingMs(retries);
  }
  return retries;
})();

/**
 * How long to wait after the `failures`-th failed attempt of one delivery (1-based), or null to
 * give up. `random` returns a number in [0, 1), like Math.random; tests pass their own.
 */
export function nextAttemptDelayMs(failures: number, random: () => number): number | null {
  if (!Number.isInteger(failures) || failures < 1 || failures > MAX_RETRIES) return null;
  const r = random();
  const draw = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  return Math.floor(draw * waitCeilingMs(failures));
}

// A subscription is switched off once it has failed without a single success for more than a
// day AND at least MIN_FAILURES_TO_DISABLE attempts in a row have failed. The day means a
// receiver that is down overnight keeps its subscription; the count means one failure long ago,
// followed by a quiet game, is not yet a pattern. One delivery exhausting its retries fails 33
// times over some hours, so a receiver that stays dead is switched off by the first delivery that
// fails after a day of failing.
export const MIN_FAILURES_TO_DISABLE = 5;
export const DISABLE_AFTER_MS = DAY;

/**
 * Whether to disable a subscription. `consecutiveFailures` counts failed attempts since its last
 * success (or since it was created); `firstFailureAt` is when the first of them failed.
 */
export function shouldDisable(consecutiveFailures: number, firstFailureAt: Date | null, now: Date): boolean {
  if (firstFailureAt === null || consecutiveFailures < MIN_FAILURES_TO_DISABLE) return false;
  return now.getTime() - firstFailureAt.getTime() > DISABLE_AFTER_MS;
}
