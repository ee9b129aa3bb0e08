// The soak's pacer (scripts/support/soak-clients.ts): the service accepts commands at a steady rate
// in all, the bots' included, the clients getting what the bots leave; the urgent first but never
// two in a row while others wait, so that clients on short clocks cannot starve the rest, and with
// a share of their own, so that bots spending the whole budget cannot starve them.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pacer } from '../../scripts/support/soak-clients.ts';

afterEach(() => void vi.useRealTimers());

interface Client {
  urgent: boolean;
  /** Commands the bots commit after each of this client's. */
  bots?: number;
  /** Seconds before it first asks for a slot. */
  from?: number;
}

/**
 * `clients` that each ask for a slot again as soon as their command is answered; every command is
 * committed, and so are the bots' after it. The slots each got in `seconds`, the commits in all,
 * and the most slots handed out in one 10 ms tick.
 */
async function run(clients: Client[], rate: number, seconds: number): Promise<{ got: number[]; commits: number; idle: number; mostInATick: number }> {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'performance'] });
  const pacer = new Pacer();
  const got = clients.map(() => 0);
  let commits = 0;
  let thisTick = 0;
  let mostInATick = 0;
  let running = true;
  clients.forEach(async ({ urgent, bots = 0, from = 0 }, i) => {
    if (from > 0) await new Promise((resolve) => setTimeout(resolve, from * 1000));
    while (running) {
      await pacer.slot(urgent);
      if (!running) break;
      got[i]! += 1;
      thisTick += 1;
      for (let c = 0; c <= bots; c++, commits++) pacer.committed();
      pacer.answered();
    }
  });
  pacer.start(rate);
  for (let ms = 0; ms < seconds * 1000; ms += 10) {
    thisTick = 0;
    await vi.advanceTimersByTimeAsync(10);
    mostInATick = Math.max(mostInATick, thisTick);
  }
  running = false;
  pacer.stop();
  return { got, commits, idle: pacer.idle, mostInATick };
}

const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);

describe('the soak’s pacer', () => {
  it('gives the urgent every other slot while others wait, and the rate holds', async () => {
    const { got } = await run([...Array.from({ length: 5 }, () => ({ urgent: true })), ...Array.from({ length: 20 }, () => ({ urgent: false }))], 10, 20);
    const urgent = sum(got.slice(0, 5));
    const others = sum(got.slice(5));
    expect(urgent + others).toBe(200);
    expect(urgent).toBe(100);
    // First come first served among the others: each of the 20 gets its turn.
    for (const n of got.slice(5)) expect(n).toBe(5);
  });

  it('gives the urgent every slot when nobody else waits', async () => {
    expect((await run([{ urgent: true }, { urgent: true }], 10, 5)).got).toEqual([25, 25]);
  });

  it('counts the bots’ commands in the rate: the clients get what they leave', async () => {
    // Each command of the first ten clients is followed by four of the bots', of the other ten by none.
    const clients = [...Array.from({ length: 10 }, () => ({ urgent: false, bots: 4 })), ...Array.from({ length: 10 }, () => ({ urgent: false }))];
    const { got, commits } = await run(clients, 60, 30);
    expect(commits).toBeGreaterThanOrEqual(60 * 30 - 5);
    expect(commits).toBeLessThanOrEqual(60 * 30 + 5);
    // Taking turns, the two halves send alike: 10 × (5 + 1) commits a round.
    expect(sum(got.slice(0, 10))).toBe(sum(got.slice(10)));
    expect(sum(got)).toBeGreaterThanOrEqual(Math.floor((60 * 30) / 3) - 10);
  });

  it('when the bots spend more than the rate, the urgent still get their share and the others a turn now and then', async () => {
    // Each of the others' commands is followed by 300 of the bots' (seats played flat out).
    const clients = [...Array.from({ length: 5 }, () => ({ urgent: true })), ...Array.from({ length: 20 }, () => ({ urgent: false, bots: 300 }))];
    const { got } = await run(clients, 100, 60);
    // 7% of the rate: 7 a second.
    expect(sum(got.slice(0, 5))).toBeGreaterThanOrEqual(7 * 60 - 1);
    // The budget owes at most a second's worth: the others are never shut out for long.
    expect(sum(got.slice(5))).toBeGreaterThanOrEqual(10);
  });

  it('after a lull lets at most a second’s worth through at once, and counts the rest unspent', async () => {
    const { got, idle, mostInATick } = await run(
      Array.from({ length: 200 }, () => ({ urgent: false, from: 10 })),
      20,
      12,
    );
    expect(mostInATick).toBe(20);
    // The 200 of the lull's ten seconds but the 20 it may hold (give or take the tick they arrive in).
    expect(idle).toBeGreaterThanOrEqual(10 * 20 - 20 - 1);
    expect(idle).toBeLessThanOrEqual(10 * 20 - 20);
    // Every command of the rate was either sent or counted unspent (the last tick's may be neither yet).
    expect(sum(got) + idle).toBeGreaterThanOrEqual(12 * 20 - 1);
    expect(sum(got) + idle).toBeLessThanOrEqual(12 * 20);
  });
});
