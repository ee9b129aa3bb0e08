// The games' random generator: keyed HMAC-SHA-256, unbiased integers by rejection sampling,
// Fisher–Yates shuffles; a seed keys it reproducibly.

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyedRng, nextInt, rngAt, rngPosition, seedRng, shuffle, type KeyedRng } from '../../src/platform/random.ts';
import { commitment, COMMITMENT_LABEL, keyFromSeed } from '../../src/platform/fairness.ts';
import { createHash } from 'node:crypto';

const KEY = 'a'.repeat(64);

function draws(state: KeyedRng, n: number, count: number): { values: number[]; state: KeyedRng } {
  const values: number[] = [];
  let s = state;
  for (let i = 0; i < count; i++) {
    let v: number;
    [v, s] = nextInt(s, n);
    values.push(v);
  }
  return { values, state: s };
}

describe('keyed generator', () => {
  it('gives the same stream for the same key, and another for another key', () => {
    expect(draws(keyedRng(KEY), 1000, 50).values).toEqual(draws(keyedRng(KEY), 1000, 50).values);
    expect(draws(keyedRng(KEY), 1000, 50).values).not.toEqual(draws(keyedRng('b'.repeat(64)), 1000, 50).values);
  });

  it('continues exactly from a recorded position (events record positions, never the key)', () => {
    const first = draws(keyedRng(KEY), 52, 37);
    const position = rngPosition(first.state);
    expect(typeof position).toBe('number');
    const resumed = rngAt(keyedRng(KEY), position) as KeyedRng;
    expect(draws(resumed, 52, 20).values).toEqual(draws(first.state, 52, 20).values);
  });

  it('refuses a key that is not 32 bytes of hex', () => {
    expect(() => keyedRng('abc')).toThrow(/64 lowercase hex/);
    expect(() => keyedRng('A'.repeat(64))).toThrow();
  });

  it('draws without modulo bias: n = 3·2^30 gives each third of the range a third of the draws', () => {
    // Taking a 32-bit word modulo 3·2^30 would put half of all draws below 2^30; rejection sampling
    // (words at or above 3·2^30 are drawn again) keeps the thirds equal.
    const n = 3 * 2 ** 30;
    const { values, state } = draws(keyedRng(randomBytes(32).toString('hex')), n, 30_000);
    const low = values.filter((v) => v < 2 ** 30).length / values.length;
    expect(low).toBeGreaterThan(0.31);
    expect(low).toBeLessThan(0.356);
    // About a quarter of the words were rejected, so the generator moved past 30,000 words.
    expect(state.position).toBeGreaterThan(30_000 * 1.2);
  });

  it('is uniform over a small range (chi-square, 6 degrees of freedom)', () => {
    const counts = new Array<number>(7).fill(0);
    const { values } = draws(keyedRng(KEY), 7, 70_000);
    for (const v of values) counts[v]!++;
    const chi = counts.reduce((sum, c) => sum + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(22.46); // p = 0.001
  });

  it('shuffles by Fisher–Yates: a permutation, each of the six orders of three items about equally often', () => {
    const seen = new Map<string, number>();
    let s: KeyedRng = keyedRng(KEY);
    for (let i = 0; i < 6000; i++) {
      let order: string[];
      [order, s] = shuffle(['a', 'b', 'c'], s);
      expect([...order].sort()).toEqual(['a', 'b', 'c']);
      seen.set(order.join(''), (seen.get(order.join('')) ?? 0) + 1);
    }
    expect(seen.size).toBe(6);
    for (const count of seen.values()) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });
});

describe('seeded generator (bots and engine tests)', () => {
  it('is the keyed generator under the key the seed derives, so a seed gives the same draws every time', () => {
    expect(seedRng('friday-night')).toEqual(keyedRng(keyFromSeed('friday-night')));
    expect(seedRng(42)).toEqual(seedRng('42'));
    expect(shuffle([1, 2, 3, 4, 5, 6, 7, 8], seedRng(42))).toEqual(shuffle([1, 2, 3, 4, 5, 6, 7, 8], seedRng(42)));
  });
});

describe('commitment', () => {
  it('is SHA-256 of the fixed label and the key, and a seed derives its key reproducibly', () => {
    const key = randomBytes(32).toString('hex');
    expect(commitment(key)).toBe(createHash('sha256').update(COMMITMENT_LABEL + key).digest('hex'));
    expect(commitment(key)).not.toBe(commitment('0'.repeat(64)));
    expect(keyFromSeed('friday-night')).toMatch(/^[0-9a-f]{64}$/);
    expect(keyFromSeed('friday-night')).toBe(keyFromSeed('friday-night'));
  });
});
