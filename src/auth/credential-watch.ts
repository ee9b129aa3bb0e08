// A credential watched for as long as something stays open under it: a Server-Sent Events stream
// or a long-poll. A request's token is checked once, when it arrives; a stream may then deliver a
// seat's private events for hours. So whatever holds one open watches its token:
//
// - at the token's expiry (`exp`: a session's, or a personal access token's when it has one) a
//   timer fires and the holder is told the credential is lost;
// - every revocation applied in this process (session-revocations.ts: a log-out, a log-out
//   everywhere, a revoked personal access token; its own or, through Postgres NOTIFY, another
//   process's) that may concern the token makes it check again;
// - `stillValid()` verifies the token afresh (tokens.ts: signature, expiry, logged-out sessions in
//   memory, a personal access token's row): a holder calls it before each delivery, so that an
//   announcement lost on the way cannot keep private events flowing. A session is checked in
//   memory every time. A personal access token's row is read again at most every
//   PAT_RECHECK_MS: its revocation is announced (a NOTIFY after the commit) and ends the stream at
//   once; the read covers only an announcement lost when the revoking process died between its
//   commit and its NOTIFY, and a stream of a busy game must not double its database reads.

import { decodeJwt } from 'jose';
import type { Caller } from './caller.ts';
import type { Revoked, SessionRevocations } from './session-revocations.ts';
import { InvalidTokenError, type TokenService } from './tokens.ts';

/** setTimeout's longest delay; a later expiry is reached in several steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How long a personal access token's row, once read, is trusted between announcements. */
const PAT_RECHECK_MS = 60_000;
/** `exp` is in whole seconds and a timer may fire a millisecond early: look just after it. */
const PAST_EXPIRY_MS = 50;

export interface CredentialWatch {
  /** Verifies the token again: false once it is revoked or expired; throws when that cannot be told (the database is down). */
  stillValid(): Promise<boolean>;
  /** Stops watching; `onLost` is not called after it. */
  stop(): void;
}

export class CredentialWatches {
  private readonly tokens: TokenService;
  private readonly revocations: SessionRevocations;

  constructor(
    tokens: TokenService,
    revocations: SessionRevocations,
  ) {
    this.tokens = tokens;
    this.revocations = revocations;
  }

  /** Watches `token` (the caller it stood for when the request arrived); `onLost` runs at most once, when it no longer holds. */
  watch(token: string, caller: Caller, onLost: () => void): CredentialWatch {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const expiresAtMs = expiryOf(token);
    // The request's own verification, a moment ago, read the row.
    let rowReadAt = Date.now();
    const verify = () =>
      this.tokens.verify(token).then(
        (now) => {
          rowReadAt = Date.now();
          return now.accountId === caller.accountId;
        },
        (error: unknown) => {
          if (error instanceof InvalidTokenError) return false;
          throw error;
        },
      );
    const stillValid = async () => {
      const trusted = caller.tokenKind === 'pat' && Date.now() - rowReadAt < PAT_RECHECK_MS && (expiresAtMs === undefined || Date.now() < expiresAtMs);
      return trusted || verify();
    };
    const stop = () => {
      stopped = true;
      // Ref'd first: Node drops a cleared timer's list (one per duration, and every token's is its
      // own) at once only for a ref'd timer; an unref'd one's stayed until the token would have
      // expired, one for every stream and long-poll ended before then.
      if (timer) clearTimeout(timer.ref());
      unsubscribe();
    };
    const check = () => {
      if (stopped) return;
      verify().then(
        (valid) => {
          if (valid || stopped) return;
          stop();
          onLost();
        },
        // Not known now (the database is down): the check before the next delivery decides.
        () => undefined,
      );
    };
    const unsubscribe = this.revocations.onRevoked((revoked) => {
      if (!concerns(revoked, caller)) return;
      // Until the row is read again, nothing is delivered on the strength of the last read.
      rowReadAt = 0;
      check();
    });
    if (expiresAtMs !== undefined) {
      const arm = () => {
        const left = expiresAtMs + PAST_EXPIRY_MS - Date.now();
        if (left <= 0) return check();
        timer = setTimeout(() => (left > MAX_TIMER_MS ? arm() : check()), Math.min(left, MAX_TIMER_MS));
        timer.unref();
      };
      arm();
    }
    return { stillValid, stop };
  }
}

/**
 * Whether a revocation may concern the caller's token. A session is checked in memory, so any
 * session revocation may as well make it look; a personal access token costs a read of its row,
 * so only its own revocation (or a reconnection, after which anything may have been missed) does.
 */
function concerns(revoked: Revoked, caller: Caller): boolean {
  if (revoked.kind === 'reloaded') return true;
  if (caller.tokenKind === 'session') return revoked.kind === 'session' ? revoked.jti === caller.session?.id : revoked.kind === 'account' && revoked.accountId === caller.accountId;
  return revoked.kind === 'pat' && revoked.id === caller.tokenId;
}

/** The token's `exp` in ms, if it has one; it was verified when the request arrived, so reading it is enough. */
function expiryOf(token: string): number | undefined {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
