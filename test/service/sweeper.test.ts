// The deadline sweeper's scheduling (src/service/sweeper.ts), with expiries whose timing the test
// holds: a game that falls due while a sweep is busy expiring others is expired at once by another
// expirer, up to the concurrency, instead of waiting for the sweep to end.

import { afterEach, describe, expect, it } from 'vitest';
import type { GameLog } from '../../src/service/ports/game-log.ts';
import type { Expired } from '../../src/service/play.ts';
import { DeadlineSweeper } from '../../src/service/sweeper.ts';

/** Expiries the test ends when it likes; any left running are ended after each test. */
const running: ((value: Expired | null) => void)[] = [];
function held() {
  let end!: (value: Expired | null) => void;
  const promise = new Promise<Expired | null>((resolve) => (end = resolve));
  running.push(end);
  return { promise, end };
}

const expired = (gameId: string): Expired => ({ gameId, windowId: 'w1', version: 2, status: 'active' });
// The sweeper reads the log only for the next expiry once a sweep ends.
const log = { nextDeadline: async () => null } as unknown as GameLog;
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

let sweeper: DeadlineSweeper | undefined;
afterEach(async () => {
  const stopped = sweeper?.stop();
  for (const end of running.splice(0)) end(null);
  await stopped;
});

describe('the deadline sweeper', () => {
  it('expires a game that falls due during a sweep without waiting for the sweep’s other expiries', async () => {
    const slow = held();
    const due = ['a', null, 'b', null]; // the sweep finds game a (slow), then nothing; later game b
    const calls: string[] = [];
    sweeper = new DeadlineSweeper(log, async () => {
      const next = due.shift();
      calls.push(String(next));
      if (next === 'a') return slow.promise;
      return next ? expired(next) : null;
    }, { intervalMs: 60_000, concurrency: 2 });
    sweeper.start();
    await settle();
    expect(calls).toEqual(['a', 'null']);
    // Game b's deadline passes while game a's expiry is still running: its timer asks for a sweep.
    sweeper.sweep();
    await settle();
    expect(calls).toEqual(['a', 'null', 'b', 'null']);
    slow.end(expired('a'));
  });

  it('runs no more expirers at once than its concurrency', async () => {
    const expiries = [held(), held()];
    let running = 0;
    let most = 0;
    let asked = 0;
    sweeper = new DeadlineSweeper(log, async () => {
      const expiry = expiries[asked++];
      if (!expiry) return null;
      running++;
      most = Math.max(most, running);
      const result = await expiry.promise;
      running--;
      return result;
    }, { intervalMs: 60_000, concurrency: 2 });
    sweeper.start();
    await settle();
    for (let i = 0; i < 3; i++) sweeper.sweep();
    await settle();
    expect(most).toBe(2);
    expect(asked).toBe(2);
    expiries[0]!.end(expired('a'));
    expiries[1]!.end(expired('b'));
    await settle();
    expect(most).toBe(2);
  });

  it('looks again shortly, not in a loop, for a game already due that another expirer holds', async () => {
    const slow = held();
    let asked = 0;
    // The database says game a is due (its expiry is running); nothing else is.
    const pastDue = { nextDeadline: async () => new Date(Date.now() - 1_000) } as unknown as GameLog;
    sweeper = new DeadlineSweeper(pastDue, async () => (asked++ === 0 ? slow.promise : null), { intervalMs: 60_000, concurrency: 2 });
    sweeper.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // About one look every 25 ms while game a's expiry runs, not one after another.
    expect(asked).toBeGreaterThan(1);
    expect(asked).toBeLessThan(20);
    slow.end(expired('a'));
  });
});
