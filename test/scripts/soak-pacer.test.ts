// The soak's pacer (scripts/support/soak-clients.ts): slots at a steady rate, the urgent first but
// never two in a row while others wait, so that clients on short clocks cannot starve the rest.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pacer } from '../../scripts/support/soak-clients.ts';

afterEach(() => void vi.useRealTimers());

/** `clients` clients that each ask for a slot again as soon as they get one; the slots each got in `seconds`. */
async function run(clients: { urgent: boolean }[], rate: number, seconds: number): Promise<number[]> {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  const pacer = new Pacer();
  const got = clients.map(() => 0);
  let running = true;
  clients.forEach(async ({ urgent }, i) => {
    while (running) {
      await pacer.slot(urgent);
      if (running) got[i]! += 1;
    }
  });
  pacer.start(rate);
  for (let ms = 0; ms < seconds * 1000; ms += 10) await vi.advanceTimersByTimeAsync(10);
  running = false;
  pacer.stop();
  return got;
}

describe('the soak’s pacer', () => {
  it('gives the urgent every other slot while others wait, and the rate holds', async () => {
    const got = await run([...Array.from({ length: 5 }, () => ({ urgent: true })), ...Array.from({ length: 20 }, () => ({ urgent: false }))], 10, 20);
    const urgent = got.slice(0, 5).reduce((a, b) => a + b, 0);
    const others = got.slice(5).reduce((a, b) => a + b, 0);
    expect(urgent + others).toBe(200);
    expect(urgent).toBe(100);
    // First come first served among the others: each of the 20 gets its turn.
    for (const n of got.slice(5)) expect(n).toBe(5);
  });

  it('gives the urgent every slot when nobody else waits', async () => {
    expect(await run([{ urgent: true }, { urgent: true }], 10, 5)).toEqual([25, 25]);
  });
});
