// A watched credential's expiry timer leaves nothing behind once its stream or long-poll ends.
// Node keeps one timer list per duration, and every token's time to expiry is its own duration.

import v8 from 'node:v8';
import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../src/auth/caller.ts';
import { CredentialWatches } from '../../src/auth/credential-watch.ts';
import type { SessionRevocations } from '../../src/auth/session-revocations.ts';
import type { TokenService } from '../../src/auth/tokens.ts';

describe('CredentialWatches', () => {
  it('leaves no timer list behind for a watch stopped before its token expires', () => {
    const probe = setTimeout(() => undefined, 123_457);
    const TimersList = (probe as unknown as { _idlePrev: object })._idlePrev.constructor as new () => object;
    clearTimeout(probe);
    const lists = () => v8.queryObjects(TimersList, { format: 'count' }) as number;
    // Only a revocation or the expiry would make a watch verify its token; neither happens here.
    const tokens = { verify: () => Promise.reject(new Error('not asked')) } as unknown as TokenService;
    const listeners = new Set<unknown>();
    const revocations = { onRevoked: (l: unknown) => (listeners.add(l), () => listeners.delete(l)) } as unknown as SessionRevocations;
    const watches = new CredentialWatches(tokens, revocations);
    const caller: Caller = { accountId: 'a', handle: 'a', tokenKind: 'session' };
    const inAnHour = Math.floor(Date.now() / 1000) + 3_600;

    const before = lists();
    for (let i = 0; i < 300; i++) {
      // A token expiring a second later than the last: a timer of its own duration.
      const token = new UnsecuredJWT({ sub: 'a' }).setExpirationTime(inAnHour + i).encode();
      watches.watch(token, caller, () => undefined).stop();
    }
    expect(listeners.size).toBe(0);
    expect(lists() - before).toBeLessThanOrEqual(0);
  });
});
