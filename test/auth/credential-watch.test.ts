// A watched credential's expiry timer leaves nothing behind once its stream or long-poll ends.
// Node keeps one timer list per duration, and every token's time to expiry is its own duration.

import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../src/auth/caller.ts';
import { CredentialWatches } from '../../src/auth/credential-watch.ts';
import type { SessionRevocations } from '../../src/auth/session-revocations.ts';
import type { TokenService } from '../../src/auth/tokens.ts';
import { timerLists } from '../support/timer-lists.ts';

describe('CredentialWatches', () => {
  it('leaves no timer list behind for a watch stopped before its token expires', () => {
    // Only a revocation or the expiry would make a watch verify its token; neither happens here.
    const tokens = { verify: () => Promise.reject(new Error('not asked')) } as unknown as TokenService;
    const listeners = new Set<unknown>();
    const revocations = { onRevoked: (l: unknown) => (listeners.add(l), () => listeners.delete(l)) } as unknown as SessionRevocations;
    const watches = new CredentialWatches(tokens, revocations);
    const caller: Caller = { accountId: 'a', handle: 'a', tokenKind: 'session' };
    const inAnHour = Math.floor(Date.now() / 1000) + 3_600;

    const before = timerLists();
    for (let i = 0; i < 300; i++) {
      // A token expiring a second later than the last: a timer of its own duration.
      const token = new UnsecuredJWT({ sub: 'a' }).setExpirationTime(inAnHour + i).encode();
      watches.watch(token, caller, () => undefined).stop();
    }
    expect(listeners.size).toBe(0);
    expect(timerLists() - before).toBeLessThanOrEqual(0);
  });
});
