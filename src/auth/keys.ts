// The keys that sign tokens: Ed25519 (JWS `EdDSA`), stored in `signing_keys`, named by `kid` (the
// RFC 7638 thumbprint of the public key) and published at /.well-known/jwks.json.
//
// One key is active (retired_at null): it signs. Rotation retires it and makes a new one active;
// the retired key stays published and valid for verification until `expires_at`, so nothing it
// signed stops working early:
//
// - session tokens live at most SESSION_TTL_SECONDS, so a retired key covers them until
//   retired_at + that lifetime;
// - personal access tokens are meant to outlive rotations (a bot's token must not break because an
//   operator rotated keys), and they cannot be re-signed: the client holds the only copy. So a
//   retired key also stays valid while a live (unrevoked, unexpired) PAT it signed exists: its
//   expires_at is the latest such PAT's expiry, or null (no end yet) while one has none. Which key
//   signed a PAT is read from the time windows (the PAT row was created while the key was active);
//   a few minutes' slack on each side can only keep a key longer, never drop it early.
//   `settleRetiredKeys` recomputes this at every rotation, start and PAT revocation.
//
// A key believed compromised is retired with `{ compromised: true }`: it expires at once, and every
// token it signed, sessions and PATs alike, is refused from then on (within KEY_CACHE_MS in other
// processes).
//
// With SIGNING_KEY_SECRET set, private keys are stored encrypted (key-encryption.ts): new keys are
// sealed as they are made, and start-up seals any stored plain (or sealed again any sealed with an
// older secret), and stops with an error naming the variable when the active key cannot be opened
// with it.

import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type pg from 'pg';
import { inTransaction } from '../db/transaction.ts';
import { isSealed, KeySealer, type StoredPrivateKey } from './key-encryption.ts';

export const SIGNING_ALGORITHM = 'EdDSA';

/** Serialises key creation and rotation across processes (a constant of our own, not Prisma's 72707369). */
const SIGNING_KEYS_LOCK = 72707370;
/** A retired key also covers tokens issued by another process that read it just before rotation, and clock skew. */
const SKEW_SECONDS = 60;
/** PATs created this close to a key's active window may have been signed by it. */
const WINDOW_SLACK = '5 minutes';
/** How long a process trusts what it read about a key before reading it again (retirement, expiry). */
export const KEY_CACHE_MS = 60_000;
/**
 * A key still verifies. A compromised key has expires_at = retired_at (stored to the millisecond,
 * so possibly a fraction after now() in the same transaction: hence the second test).
 */
const VALID = '(expires_at IS NULL OR (expires_at > now() AND expires_at > retired_at))';
/** Kids looked up and not found; bounded, so garbage tokens cannot grow it without limit. */
const MAX_UNKNOWN_KIDS = 10_000;

export interface PublishedKey extends JWK {
  kid: string;
  alg: typeof SIGNING_ALGORITHM;
  use: 'sig';
}

interface CachedKey {
  key: CryptoKey;
  expiresAt: Date | null;
  readAt: number;
}

export interface KeyLifetimes {
  /** The longest a session token lives: a retired key verifies sessions for this long. */
  sessionTtlSeconds: number;
}

export class KeyStore {
  private readonly verifying = new Map<string, CachedKey>();
  /** Rotations this process has made: what it remembers of verified tokens is void once this moves. */
  rotations = 0;
  private readonly unknown = new Set<string>();
  private readonly signing = new Map<string, CryptoKey>();
  private ensured = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly lifetimes: KeyLifetimes,
    /** SIGNING_KEY_SECRET; by default none: keys are stored plain. */
    private readonly sealer: KeySealer = new KeySealer(),
  ) {}

  /**
   * Creates the first key when there is none, and stores every key as SIGNING_KEY_SECRET says
   * (sealed, or sealed again with a new secret); safe when several processes start at once.
   * Throws SigningKeySecretError when a key still in use cannot be opened with the secret.
   */
  async ensureActiveKey(): Promise<void> {
    await withKeyLock(this.pool, async (client) => {
      await protectStoredKeys(client, this.sealer);
      const active = await client.query('SELECT 1 FROM signing_keys WHERE retired_at IS NULL LIMIT 1');
      if (active.rowCount === 0) await insertKey(client, this.sealer);
      await settleRetiredKeys(client, this.lifetimes);
    });
    this.ensured = true;
  }

  /**
   * The active key, read from the database at every call (signing happens at log-in and token
   * creation, rarely), so a rotation made by another process (scripts/rotate-keys.ts) applies at once.
   */
  async signingKey(): Promise<{ kid: string; key: CryptoKey }> {
    let row = await this.activeRow();
    if (!row) {
      if (this.ensured) throw new Error('no active signing key');
      await this.ensureActiveKey();
      row = await this.activeRow();
      if (!row) throw new Error('no active signing key');
    }
    let key = this.signing.get(row.kid);
    if (!key) {
      key = (await importJWK(this.sealer.open(row.kid, row.private_jwk), SIGNING_ALGORITHM)) as CryptoKey;
      this.signing.set(row.kid, key);
    }
    return { kid: row.kid, key };
  }

  /** The public key for `kid` while it is valid, else undefined. Cached; a kid not seen before is looked up once. */
  async verificationKey(kid: string, now = new Date()): Promise<CryptoKey | undefined> {
    let cached = this.verifying.get(kid);
    if (!cached || Date.now() - cached.readAt > KEY_CACHE_MS) {
      // A kid is the thumbprint of a key generated here: one that was unknown stays unknown.
      if (!cached && this.unknown.has(kid)) return undefined;
      cached = await this.readPublicKey(kid);
      if (!cached) {
        if (this.unknown.size >= MAX_UNKNOWN_KIDS) this.unknown.clear();
        this.unknown.add(kid);
        this.verifying.delete(kid);
        return undefined;
      }
      this.verifying.set(kid, cached);
    }
    if (cached.expiresAt && cached.expiresAt <= now) return undefined;
    return cached.key;
  }

  /** settleRetiredKeys, serialised with rotations: after a PAT is revoked, a key kept for it may expire. */
  async settle(): Promise<void> {
    await withKeyLock(this.pool, (client) => settleRetiredKeys(client, this.lifetimes));
  }

  /** rotateSigningKey, and this process forgets what it knew of the old key (other processes within KEY_CACHE_MS). */
  async rotate(options: { compromised?: boolean } = {}): Promise<Rotation> {
    const rotation = await rotateSigningKey(this.pool, this.lifetimes, { ...options, sealer: this.sealer });
    this.verifying.clear();
    this.rotations++;
    return rotation;
  }


  /** Every key that still verifies something, active first: the JWKS document. */
  async publishedKeys(): Promise<PublishedKey[]> {
    const { rows } = await this.pool.query<{ kid: string; public_jwk: JWK }>(
      `SELECT kid, public_jwk FROM signing_keys
        WHERE ${VALID}
        ORDER BY retired_at IS NULL DESC, created_at DESC`,
    );
    return rows.map(({ kid, public_jwk }) => ({ kty: public_jwk.kty, crv: public_jwk.crv, x: public_jwk.x, kid, alg: SIGNING_ALGORITHM, use: 'sig' }));
  }

  private async activeRow(): Promise<{ kid: string; private_jwk: StoredPrivateKey } | undefined> {
    const { rows } = await this.pool.query<{ kid: string; private_jwk: StoredPrivateKey }>(
      'SELECT kid, private_jwk FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1',
    );
    return rows[0];
  }

  private async readPublicKey(kid: string): Promise<CachedKey | undefined> {
    const { rows } = await this.pool.query<{ public_jwk: JWK; expires_at: Date | null; valid: boolean }>(
      `SELECT public_jwk, expires_at, ${VALID} AS valid FROM signing_keys WHERE kid = $1`,
      [kid],
    );
    const row = rows[0];
    if (!row) return undefined;
    const key = (await importJWK(row.public_jwk, SIGNING_ALGORITHM)) as CryptoKey;
    return { key, expiresAt: row.valid ? row.expires_at : new Date(0), readAt: Date.now() };
  }
}

export interface Rotation {
  /** The new active key. */
  activeKid: string;
  /** The key it replaced, if there was one. */
  retiredKid: string | undefined;
  /** When the retired key stops verifying; null while a PAT without expiry it signed is live. */
  retiredKeyExpiresAt: Date | null | undefined;
}

/**
 * Makes a new key active and retires the old one: it stays published and verifies what it signed
 * until those tokens have expired (see the top of this file). With `compromised`, it expires at
 * once and everything it signed is refused. The new key is stored as `sealer` says (SIGNING_KEY_SECRET).
 */
export async function rotateSigningKey(
  pool: pg.Pool,
  lifetimes: KeyLifetimes,
  options: { compromised?: boolean; sealer?: KeySealer } = {},
): Promise<Rotation> {
  return withKeyLock(pool, async (client) => {
    const retired = await client.query<{ kid: string }>(
      `UPDATE signing_keys SET retired_at = now(), expires_at = CASE WHEN $1 THEN now() END
        WHERE retired_at IS NULL RETURNING kid`,
      [options.compromised === true],
    );
    const activeKid = await insertKey(client, options.sealer ?? new KeySealer());
    await settleRetiredKeys(client, lifetimes);
    const retiredKid = retired.rows[0]?.kid;
    let retiredKeyExpiresAt: Date | null | undefined;
    if (retiredKid) {
      const { rows } = await client.query<{ expires_at: Date | null }>('SELECT expires_at FROM signing_keys WHERE kid = $1', [retiredKid]);
      retiredKeyExpiresAt = rows[0]?.expires_at;
    }
    return { activeKid, retiredKid, retiredKeyExpiresAt };
  });
}

/**
 * Sets each retired, still-valid key's expires_at to when the last token it signed expires:
 * retirement + the session lifetime, or later for live PATs created while it was active (null
 * while one of those never expires). An expired key is never brought back.
 */
export async function settleRetiredKeys(db: pg.ClientBase | pg.Pool, lifetimes: KeyLifetimes): Promise<void> {
  await db.query(
    `UPDATE signing_keys k SET expires_at = horizon.until
       FROM (
         SELECT k2.kid,
                CASE WHEN bool_or(t.id IS NOT NULL AND t.expires_at IS NULL) THEN NULL
                     ELSE greatest(k2.retired_at + make_interval(secs => $1), max(t.expires_at))
                END AS until
           FROM signing_keys k2
           LEFT JOIN access_tokens t
             ON t.revoked_at IS NULL
            AND (t.expires_at IS NULL OR t.expires_at > now())
            AND t.created_at >= k2.created_at - $2::interval
            AND t.created_at <= k2.retired_at + $2::interval
          WHERE k2.retired_at IS NOT NULL AND (k2.expires_at IS NULL OR (k2.expires_at > now() AND k2.expires_at > k2.retired_at))
          GROUP BY k2.kid, k2.retired_at
       ) AS horizon
      WHERE k.kid = horizon.kid AND k.expires_at IS DISTINCT FROM horizon.until`,
    [lifetimes.sessionTtlSeconds + SKEW_SECONDS, WINDOW_SLACK],
  );
}

function withKeyLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SIGNING_KEYS_LOCK]);
    return work(client);
  });
}

async function insertKey(client: pg.ClientBase, sealer: KeySealer): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  await client.query('INSERT INTO signing_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3)', [kid, sealer.protect(kid, privateJwk), publicJwk]);
  return kid;
}

/**
 * Stores every key as `sealer` says: a plain one sealed, one sealed with an older secret sealed
 * again with the first. The active key signs, so if it cannot be opened start-up stops
 * (SigningKeySecretError, naming the variable). A retired key's private half is never used again
 * (its public half verifies what it signed): it is sealed again if it can be opened, and left as
 * it is otherwise. That is also the way out when the secret is lost: a rotation made with the new
 * secret (scripts/rotate-keys.ts) retires the key that cannot be opened, breaking no token.
 */
async function protectStoredKeys(client: pg.ClientBase, sealer: KeySealer): Promise<void> {
  const { rows } = await client.query<{ kid: string; private_jwk: StoredPrivateKey; active: boolean }>(
    `SELECT kid, private_jwk, retired_at IS NULL AS active FROM signing_keys ORDER BY created_at`,
  );
  for (const row of rows) {
    let jwk: JWK;
    try {
      jwk = sealer.open(row.kid, row.private_jwk);
    } catch (error) {
      if (row.active || !isSealed(row.private_jwk)) throw error;
      continue;
    }
    if (sealer.needsResealing(row.private_jwk)) {
      await client.query('UPDATE signing_keys SET private_jwk = $2 WHERE kid = $1', [row.kid, sealer.protect(row.kid, jwk)]);
    }
  }
}
