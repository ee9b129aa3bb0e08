// The game page keeps the first shuffle commitment it sees for a game and compares every later one
// with it (web/src/game/commitment.ts, issue 28): a server or proxy that replaced the commitment,
// or revealed a key that does not hash to the kept one, is caught in the browser. The hash is the
// server's own (src/platform/fairness.ts), computed with the browser's crypto.subtle.

import { describe, expect, it } from 'vitest';
import { commitment } from '../../src/platform/fairness.ts';
import { checkKey, commitmentOf, keepAndCompare, keptFor, storageKey, type KeptStore } from '../../web/src/game/commitment.ts';

const KEY = '1'.repeat(64);
const FORGED = 'f'.repeat(64);

/** localStorage's two methods over a Map. */
function memoryStore(): KeptStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return { entries, getItem: (k) => entries.get(k) ?? null, setItem: (k, v) => void entries.set(k, v) };
}

const at = () => new Date('2026-11-28T17:00:00Z');

describe('keeping a game’s commitment in the browser', () => {
  it('keeps the first commitment it sees, per game id, and says so', () => {
    const store = memoryStore();
    const first = keepAndCompare(store, 'g1', 'open', commitment(KEY), at);
    expect(first).toEqual({ kind: 'kept', first: true, kept: { commitment: commitment(KEY), seenAt: '2026-11-28T17:00:00.000Z', status: 'open' } });
    expect(keptFor(store, 'g1')?.commitment).toBe(commitment(KEY));
    expect(store.entries.has(storageKey('g1'))).toBe(true);
    expect(keptFor(store, 'g2')).toBeNull();
  });

  it('finds the same commitment later (in any case), and does not re-keep it', () => {
    const store = memoryStore();
    keepAndCompare(store, 'g1', 'open', commitment(KEY), at);
    const later = keepAndCompare(store, 'g1', 'active', commitment(KEY).toUpperCase(), () => new Date('2026-12-01T00:00:00Z'));
    expect(later).toMatchObject({ kind: 'kept', first: false, kept: { seenAt: '2026-11-28T17:00:00.000Z', status: 'open' } });
  });

  it('says a replaced commitment is replaced, and never lets it overwrite the one kept', () => {
    const store = memoryStore();
    keepAndCompare(store, 'g1', 'open', commitment(KEY), at);
    const replaced = keepAndCompare(store, 'g1', 'finished', commitment(FORGED), at);
    expect(replaced).toMatchObject({ kind: 'replaced', shown: commitment(FORGED), kept: { commitment: commitment(KEY) } });
    expect(keepAndCompare(store, 'g1', 'finished', commitment(FORGED), at).kind).toBe('replaced');
    expect(keptFor(store, 'g1')?.commitment).toBe(commitment(KEY));
  });

  it('keeps nothing, and says so, when storage is refused or absent', () => {
    const refusing: KeptStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(keepAndCompare(refusing, 'g1', 'open', commitment(KEY), at)).toEqual({ kind: 'unkept', shown: commitment(KEY) });
    expect(keepAndCompare(null, 'g1', 'open', commitment(KEY), at)).toEqual({ kind: 'unkept', shown: commitment(KEY) });
  });

  it('ignores a kept entry it cannot read, and keeps afresh', () => {
    const store = memoryStore();
    store.setItem(storageKey('g1'), '{not json');
    expect(keepAndCompare(store, 'g1', 'open', commitment(KEY), at)).toMatchObject({ kind: 'kept', first: true });
  });
});

describe('checking the revealed key against the kept commitment', () => {
  it('hashes exactly as the server does', async () => {
    expect(await commitmentOf(KEY)).toBe(commitment(KEY));
  });

  it('a key that matches a commitment kept while the game ran was fixed before the deal', async () => {
    const store = memoryStore();
    keepAndCompare(store, 'g1', 'active', commitment(KEY), at);
    const check = keepAndCompare(store, 'g1', 'finished', commitment(KEY), at);
    expect(await checkKey(check, { commitment: commitment(KEY), key: KEY })).toEqual({ kind: 'matches', boundAtCreation: true });
  });

  it('a forged key with a matching forged commitment is caught by the kept one', async () => {
    const store = memoryStore();
    keepAndCompare(store, 'g1', 'open', commitment(KEY), at);
    const check = keepAndCompare(store, 'g1', 'finished', commitment(FORGED), at);
    expect(check.kind).toBe('replaced');
    expect(await checkKey(check, { commitment: commitment(FORGED), key: FORGED })).toEqual({ kind: 'mismatch', against: commitment(KEY) });
  });

  it('a forged key under the kept commitment is a mismatch', async () => {
    const store = memoryStore();
    keepAndCompare(store, 'g1', 'open', commitment(KEY), at);
    const check = keepAndCompare(store, 'g1', 'finished', commitment(KEY), at);
    expect(await checkKey(check, { commitment: commitment(KEY), key: FORGED })).toEqual({ kind: 'mismatch', against: commitment(KEY) });
  });

  it('a match first seen after the game ended binds nothing, and says so', async () => {
    const store = memoryStore();
    const check = keepAndCompare(store, 'g1', 'finished', commitment(KEY), at);
    expect(await checkKey(check, { commitment: commitment(KEY), key: KEY })).toEqual({ kind: 'matches', boundAtCreation: false });
  });

  it('no key yet, nothing to check', async () => {
    const check = keepAndCompare(memoryStore(), 'g1', 'active', commitment(KEY), at);
    expect(await checkKey(check, { commitment: commitment(KEY), key: null })).toEqual({ kind: 'no-key' });
  });
});
