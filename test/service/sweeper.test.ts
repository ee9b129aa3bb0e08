// The deadline sweeper's scheduling (src/service/sweeper.ts), with expiries whose timing the test
// holds: a game that falls due while a sweep is busy expiring others is expired at once by another
// expirer, up to the concurrency, instead of waiting for the sweep to end.

import { afterEach, describe, expect, it } from 'vitest';
import type { GameLog } from '../../src/service/ports/game-log.ts';
import type { Expired } from '../../src/service/play.ts';
import { DeadlineSweeper } from '../../src/service/sweeper.ts';
import { timerLists } from '../support/timer-lists.ts';

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

/**
 * A sweeper (two expirers) over `log` whose expiries take the games of `due` in turn, game a's
 * held by `slow`, whenever `ready()` says the next one is due (nothing is, otherwise); what each
 * expiry found, in order.
 */
function sweepingThrough(log: GameLog, due: (string | null)[], slow: ReturnType<typeof held>, ready = () => true): string[] {
  const calls: string[] = [];
  sweeper = new DeadlineSweeper(log, async () => {
    const next = ready() ? due.shift() : null;
    calls.push(String(next));
    if (next === 'a') return slow.promise;
    return next ? expired(next) : null;
  }, { intervalMs: 60_000, concurrency: 2 });
  sweeper.start();
  return calls;
}
afterEach(async () => {
  const stopped = sweeper?.stop();
  for (const end of running.splice(0)) end(null);
  await stopped;
});

describe('the deadline sweeper', () => {
  it('expires a game that falls due during a sweep without waiting for the sweep’s other expiries', async () => {
    const slow = held();
    // The sweep finds game a (slow), then nothing; later game b.
    const calls = sweepingThrough(log, ['a', null, 'b', null], slow);
    await settle();
    expect(calls).toEqual(['a', 'null']);
    // Game b's deadline passes while game a's expiry is still running: its timer asks for a sweep.
    sweeper!.sweep();
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

  it('while another process expires a game already due, looks again every little while, not in a loop', async () => {
    let asked = 0;
    // The database says a game is due, but no expirer here can take it: another process holds it.
    const heldElsewhere = { nextDeadline: async (after?: Date) => (after ? null : new Date(Date.now() - 1_000)) } as unknown as GameLog;
    sweeper = new DeadlineSweeper(heldElsewhere, async () => (asked++, null), { intervalMs: 60_000, concurrency: 1 });
    sweeper.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // About one look every 25 ms, not one after another.
    expect(asked).toBeGreaterThan(1);
    expect(asked).toBeLessThan(20);
  });

  it('while its own expirer holds a game already due, times the next expiry after it', async () => {
    const slow = held();
    const start = Date.now();
    // Game a is due and held by the first expirer; game b falls due 60 ms after the start.
    const log = { nextDeadline: async (after?: Date) => (after ? new Date(start + 60) : new Date(start - 1_000)) } as unknown as GameLog;
    const due = ['a', null, 'b', null];
    const calls = sweepingThrough(log, due, slow, () => due.length > 2 || Date.now() >= start + 60);
    await settle();
    // The second expirer found nothing, and did not look again and again while game a's expiry ran.
    expect(calls).toEqual(['a', 'null']);
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Game b's timer brought an expirer for it while game a's expiry was still running.
    expect(calls.slice(0, 3)).toEqual(['a', 'null', 'b']);
    slow.end(expired('a'));
  });

  it('leaves no timer list behind when it re-arms for an earlier expiry', async () => {
    // Node keeps one list per timer duration; every earlier expiry announced here is a new one.
    sweeper = new DeadlineSweeper(log, async () => null, { intervalMs: 60_000, concurrency: 1 });
    sweeper.start();
    await settle();
    const before = timerLists();
    const far = Date.now() + 3_600_000;
    for (let i = 1; i <= 500; i++) sweeper.expect(far - 7 * i);
    // The timer is still armed (one list for it); the 499 it was armed for before left none.
    expect(timerLists() - before).toBeLessThanOrEqual(1);
  });
});
