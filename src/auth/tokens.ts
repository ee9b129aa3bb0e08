// Bearer tokens are JWTs signed with the active key (see keys.ts), of two kinds:
//
// - `session`: from log-in or registration; lives SESSION_TTL_SECONDS; checked by signature and
//   claims, and against the logged-out sessions held in memory (session-revocations.ts), so
//   verifying one costs no database round trip. It carries `gen`, its account's session generation.
// - `pat`, personal access tokens, for bots and scripts: its `jti` is the access_tokens row's id,
//   and that row is read on every request, so revoking a PAT (or its expiry) takes effect at once.
//   It carries `exp` only when the PAT has an expiry.
//
// Claims: iss, aud (AUTH_ISSUER, AUTH_AUDIENCE), sub (the account id), handle, kind, jti, iat;
// `gen` on sessions.
// Anything else — another algorithm, no signature, another issuer or audience, expired, revoked,
// an unknown or expired key, a malformed token — is an InvalidTokenError.

import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type pg from 'pg';
import type { PrismaClient } from '../db/prisma.ts';
import type { Caller } from './caller.ts';
import { SIGNING_ALGORITHM, type KeyStore, type SigningKey } from './keys.ts';
import type { SessionRevocations } from './session-revocations.ts';

export interface TokenSettings {
  issuer: string;
  audience: string;
  sessionTtlSeconds: number;
}

export type TokenKind = Caller['tokenKind'];

/** The token cannot be used; `message` says why, in words safe to show the caller. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/** last_used_at is written at most this often per token, not on every request. */
const LAST_USED_GRANULARITY_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Claims extends JWTPayload {
  handle?: unknown;
  kind?: unknown;
  gen?: unknown;
}

/**
 * Verified signatures are remembered for a short while: checking an EdDSA signature costs about
 * 0.35 ms, a good part of a request. An entry lives no longer than the verification keys are cached
 * (a key dropped as compromised by another process is refused here within that time anyway), never
 * past the token's expiry, and not past a rotation made by this process. Personal access tokens
 * still read their row on every request.
 */
const VERIFIED_CACHE_MS = 60_000;
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  private readonly verified = new Map<string, { payload: Claims; until: number; rotations: number }>();

  private readonly rows: PersonalTokenRows;
  private readonly keys: KeyStore;
  readonly settings: TokenSettings;
  private readonly revocations?: SessionRevocations;

  constructor(
    rows: PersonalTokenRows,
    keys: KeyStore,
    settings: TokenSettings,
    /** Logged-out sessions; none (every valid session accepted) where nothing can log out. */
    revocations?: SessionRevocations,
  ) {
    this.rows = rows;
    this.keys = keys;
    this.settings = settings;
    this.revocations = revocations;
  }

  async issueSession(account: { id: string; handle: string; sessionGeneration: number }, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((issuedAt + this.settings.sessionTtlSeconds) * 1000);
    const token = await this.sign(await this.keys.signingKey(), account, 'session', randomUUID(), issuedAt, expiresAt, { gen: account.sessionGeneration });
    return { token, expiresAt };
  }

  /**
   * The key to sign with: taken before a transaction that signs inside it (`issuePersonal`), so
   * that the transaction's connection never waits for another (keys.ts).
   */
  signingKey(): Promise<SigningKey> {
    return this.keys.signingKey();
  }

  /** The JWT for an access_tokens row already inserted (`id` becomes its `jti`), signed with `key` (no I/O). */
  async issuePersonal(account: { id: string; handle: string }, pat: { id: string; expiresAt: Date | null }, key: SigningKey, now = new Date()): Promise<string> {
    return this.sign(key, account, 'pat', pat.id, Math.floor(now.getTime() / 1000), pat.expiresAt);
  }

  /** The caller a token stands for; throws InvalidTokenError when it cannot be used. */
  async verify(token: string): Promise<Caller> {
    const payload = await this.verifiedPayload(token);
    const { sub, handle, kind, jti, exp, gen } = payload;
    if (typeof sub !== 'string' || !UUID.test(sub) || typeof handle !== 'string' || typeof jti !== 'string') {
      throw new InvalidTokenError('The token lacks the claims this service issues.');
    }
    if (kind === 'session') {
      if (typeof exp !== 'number') throw new InvalidTokenError('A session token must expire.');
      if (typeof gen !== 'number' || !Number.isSafeInteger(gen) || gen < 0) throw new InvalidTokenError('The token lacks the claims this service issues.');
      // After the signature (cached or not): a logged-out session is refused even if it was accepted a moment ago.
      const revoked = this.revocations?.check({ accountId: sub, jti, generation: gen });
      if (revoked) throw new InvalidTokenError(revoked);
      return { accountId: sub, handle, tokenKind: 'session', session: { id: jti, expiresAt: new Date(exp * 1000) } };
    }
    if (kind === 'pat' && UUID.test(jti)) {
      await this.checkPersonal(jti, sub);
      return { accountId: sub, handle, tokenKind: 'pat', tokenId: jti };
    }
    throw new InvalidTokenError('The token is of a kind this service does not issue.');
  }

  /** The token's claims once its signature, algorithm, issuer, audience and expiry check out. */
  private async verifiedPayload(token: string): Promise<Claims> {
    const cached = this.verified.get(token);
    if (cached && cached.until > Date.now() && cached.rotations === this.keys.rotations) return cached.payload;
    if (cached) this.verified.delete(token);
    let payload: Claims;
    try {
      ({ payload } = await jwtVerify<Claims>(
        token,
        async (header) => {
          if (typeof header.kid !== 'string' || header.kid === '') throw new InvalidTokenError('The token names no signing key (kid).');
          const key = await this.keys.verificationKey(header.kid).catch((cause: unknown) => {
            throw new KeyLookupFailed(cause);
          });
          if (!key) throw new InvalidTokenError('The token was signed by a key this service does not know or no longer accepts.');
          return key;
        },
        { algorithms: [SIGNING_ALGORITHM], issuer: this.settings.issuer, audience: this.settings.audience, requiredClaims: ['sub', 'iat'] },
      ));
    } catch (error) {
      throw asInvalidToken(error);
    }
    const until = Math.min(Date.now() + VERIFIED_CACHE_MS, typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity);
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { payload, until, rotations: this.keys.rotations });
    return payload;
  }

  private async sign(
    { kid, key }: SigningKey,
    account: { id: string; handle: string },
    kind: TokenKind,
    jti: string,
    issuedAt: number,
    expiresAt: Date | null,
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    const jwt = new SignJWT({ handle: account.handle, kind, ...extra })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'JWT' })
      .setIssuer(this.settings.issuer)
      .setAudience(this.settings.audience)
      .setSubject(account.id)
      .setJti(jti)
      .setIssuedAt(issuedAt);
    if (expiresAt) jwt.setExpirationTime(Math.floor(expiresAt.getTime() / 1000));
    return jwt.sign(key);
  }

  /** The PAT's row decides, on every request: revoked or expired is refused at once. */
  private async checkPersonal(id: string, accountId: string): Promise<void> {
    const row = await this.rows.read(id);
    if (!row || row.accountId !== accountId) throw new InvalidTokenError('The personal access token does not exist.');
    if (row.revoked) throw new InvalidTokenError('The personal access token has been revoked.');
    if (row.expired) throw new InvalidTokenError('The personal access token has expired.');
    if (row.stale) await this.rows.touch(id);
  }
}

/** What a request with a PAT needs to know of its row. */
export interface PersonalTokenState {
  accountId: string;
  revoked: boolean;
  expired: boolean;
  /** last_used_at is older than LAST_USED_GRANULARITY_MS (or unset): time to write it. */
  stale: boolean;
}

/**
 * The access_tokens row read on every request with a PAT (and its last_used_at, written at most
 * once a minute). On the request path, so measured: `node --import tsx scripts/bench-prisma.ts`
 * compares the two implementations below. Prisma Client cost well over 10 % more per read
 * (docs/operations.md has the figures), so the service uses `sqlTokenRows`; creating, listing and
 * revoking PATs go through Prisma Client (accounts.ts).
 */
export interface PersonalTokenRows {
  read(id: string): Promise<PersonalTokenState | undefined>;
  touch(id: string): Promise<void>;
}

/** PersonalTokenRows through Prisma Client: the benchmark's other side, not used by the service. */
export function prismaTokenRows(prisma: PrismaClient, clock: () => Date = () => new Date()): PersonalTokenRows {
  return {
    async read(id) {
      const row = await prisma.accessToken.findUnique({ where: { id }, select: { accountId: true, revokedAt: true, expiresAt: true, lastUsedAt: true } });
      if (!row) return undefined;
      const now = clock().getTime();
      return {
        accountId: row.accountId,
        revoked: row.revokedAt !== null,
        expired: row.expiresAt !== null && row.expiresAt.getTime() <= now,
        stale: row.lastUsedAt === null || row.lastUsedAt.getTime() < now - LAST_USED_GRANULARITY_MS,
      };
    },
    async touch(id) {
      await prisma.accessToken.update({ where: { id }, data: { lastUsedAt: clock() }, select: { id: true } });
    },
  };
}

/** PersonalTokenRows in raw SQL through pg: what the service uses (hot path, see above). */
export function sqlTokenRows(pool: pg.Pool): PersonalTokenRows {
  return {
    async read(id) {
      const { rows } = await pool.query<PersonalTokenState & { account_id: string }>(
        `SELECT account_id, revoked_at IS NOT NULL AS revoked, coalesce(expires_at <= now(), false) AS expired,
                (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $2)) AS stale
           FROM access_tokens WHERE id = $1`,
        [id, LAST_USED_GRANULARITY_MS / 1000],
      );
      const row = rows[0];
      return row && { accountId: row.account_id, revoked: row.revoked, expired: row.expired, stale: row.stale };
    },
    async touch(id) {
      await pool.query('UPDATE access_tokens SET last_used_at = now() WHERE id = $1', [id]);
    },
  };
}

/** Reading the keys failed (the database is down, say): not the token's fault, so a 500/503, not a 401. */
class KeyLookupFailed extends Error {
  override readonly cause: unknown;

  constructor(cause: unknown) {
    super('signing key lookup failed');
    this.cause = cause;
  }
}

function asInvalidToken(error: unknown): unknown {
  if (error instanceof KeyLookupFailed) return error.cause;
  if (error instanceof InvalidTokenError) return error;
  if (error instanceof errors.JWTExpired) return new InvalidTokenError('The token has expired.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    const claim = error.claim === 'iss' ? 'issuer' : error.claim === 'aud' ? 'audience' : `"${error.claim}" claim`;
    return new InvalidTokenError(`The token's ${claim} is not accepted here.`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return new InvalidTokenError(`Tokens must be signed with ${SIGNING_ALGORITHM}.`);
  if (error instanceof errors.JWSSignatureVerificationFailed) return new InvalidTokenError('The token signature is not valid.');
  // JOSEError, and whatever else undecodable input makes jose throw.
  return new InvalidTokenError('The token is malformed.');
}
