// The two walks every request body (and, for finite numbers, every validated request part) goes
// through before a route sees it: they name the refused part by its JSON Pointer, written only
// once a part is refused (src/api/body-guard.ts, src/api/finite-numbers.ts).

import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, unstorable } from '../../src/api/body-guard.ts';
import { nonFinitePath } from '../../src/api/finite-numbers.ts';

describe('the body guard', () => {
  it('names the string that cannot be stored, escaping "~" and "/" in the names on the way', () => {
    expect(unstorable({ a: { 'x/y~z': ['fine', 'b\u0000'] } })).toEqual({ path: '/a/x~1y~0z/1', message: 'must not contain NUL characters or unpaired surrogates' });
    expect(unstorable({ seed: 'a\ud800' })?.path).toBe('/seed');
  });

  it('names a name that cannot be stored, and a part nested too deep', () => {
    expect(unstorable({ options: { 'k\u0000': 1 } })?.path).toBe('/options/k\u0000');
    let deep: unknown = 'bottom';
    for (let i = 0; i <= MAX_BODY_DEPTH; i++) deep = [deep];
    expect(unstorable({ deep })).toEqual({ path: `/deep${'/0'.repeat(MAX_BODY_DEPTH - 1)}`, message: `must not nest more than ${MAX_BODY_DEPTH} levels deep` });
  });

  it('passes what can be stored, emoji included', () => {
    expect(unstorable({ type: 'MOVE', path: [{ x: 1, y: 2 }], note: '💥', empty: {} })).toBeNull();
    expect(unstorable('\u0000')).toEqual({ path: '', message: 'must not contain NUL characters or unpaired surrogates' });
  });
});

describe('the finite-number rule', () => {
  it('names the first number that is not finite, and nothing when every one is', () => {
    expect(nonFinitePath({ a: [1, { 'b/c': Infinity }] })).toBe('/a/1/b~1c');
    expect(nonFinitePath(-Infinity)).toBe('');
    expect(nonFinitePath({ limit: 10, nested: [0.5, { n: -3 }], text: 'Infinity' })).toBeNull();
  });
});
