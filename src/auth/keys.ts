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
// token it signed, sessions and PATs alike, is refused from then on.
//
// Each process holds the valid keys in memory (KeyStore): signing and verifying cost no query, so
// a PAT can be signed inside the transaction that inserts its row without asking the pool for a
// second connection (which, under load, starved the pool: every holder waiting for another), and a
// token naming an unknown kid costs nothing. Every rotation and settlement sends a NOTIFY at its
// commit; every process reads its keys again when it hears one, and at least every KEY_CACHE_MS.
//
// With SIGNING_KEY_SECRET set, private keys are stored encrypted (key-encryption.ts): new keys are
// sealed as they are made, and start-up seals any stored plain (or sealed again any sealed with an
// older secret), and stops with an error naming the variable when the active key cannot be opened
// with it.

import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type pg from 'pg';
import { ChannelListener } from '../db/listener.ts';
import { inTransaction } from '../db/transaction.ts';
import { isSealed, KeySealer, type StoredPrivateKey } from './key-encryption.ts';

export const SIGNING_ALGORITHM = 'EdDSA';

/** Serialises key creation and rotation across processes (a constant of our own, not Prisma's 72707369). */
const SIGNING_KEYS_LOCK = 72707370;
/** A retired key also covers tokens issued by another process that read it just before rotation, and clock skew. */
const SKEW_SECONDS = 60;
/** PATs created this close to a key's active window may have been signed by it. */
const WINDOW_SLACK = '5 minutes';
/**
 * How long a process trusts the keys it read before reading them again, in case it missed a NOTIFY
 * (its listening connection was down): the longest another process's rotation takes to apply here.
 */
export const KEY_CACHE_MS = 60_000;
/**
 * A key still verifies. A compromised key has expires_at = retired_at (stored to the millisecond,
 * so possibly a fraction after now() in the same transaction: hence the second test).
 */
const VALID = '(expires_at IS NULL OR (expires_at > now() AND expires_at > retired_at))';
/** A kid not among the keys in memory reads them again at most this often, however many such tokens come. */
const UNKNOWN_KID_RELOAD_MS = 5_000;
/** Rotations and settlements NOTIFY here at commit: every process reads its keys again. */
export const KEYS_CHANNEL = 'signing_keys';

export interface PublishedKey extends JWK {
  kid: string;
  alg: typeof SIGNING_ALGORITHM;
  use: 'sig';
}

interface VerifyingKey {
  key: CryptoKey;
  /** Null while a live PAT without expiry depends on it (or while active). */
  expiresAt: Date | null;
}

/** The key that signs now, opened and imported. */
export interface SigningKey {
  kid: string;
  key: CryptoKey;
}

export interface KeyLifetimes {
  /** The longest a session token lives: a retired key verifies sessions for this long. */
  sessionTtlSeconds: number;
}

export class KeyStore {
  /** Every key that still verifies, by kid, as last read: verifying a token costs no query. */
  private verifying = new Map<string, VerifyingKey>();
  /** The active key, opened and imported: signing costs no query, so it may happen inside a transaction. */
  private active: { kid: string; key: CryptoKey } | undefined;
  /** When the keys were last read (ms), and the read under way, if one is. */
  private readAt = -Infinity;
  private reading: Promise<void> | undefined;
  /** Rotations this process has made or heard of: what it remembers of verified tokens is void once this moves. */
  rotations = 0;
  private readonly imported = new Map<string, CryptoKey>();
  private ensured = false;
  /** Tells this process of rotations and settlements made by any process (a NOTIFY at their commit). */
  private readonly listener: ChannelListener;

  private readonly pool: pg.Pool;
  private readonly lifetimes: KeyLifetimes;
  private readonly sealer: KeySealer;

  constructor(
    pool: pg.Pool,
    lifetimes: KeyLifetimes,
    /** SIGNING_KEY_SECRET; by default none: keys are stored plain. */
    sealer: KeySealer = new KeySealer(),
  ) {
    this.pool = pool;
    this.lifetimes = lifetimes;
    this.sealer = sealer;
    this.listener = new ChannelListener(pool, KEYS_CHANNEL, () => void this.reload().catch(() => undefined), () => this.reload());
  }

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
    await this.reload();
  }

  /** Hears other processes' rotations from now on (the app starts it when ready); `stop` ends that. */
  async start(): Promise<void> {
    await this.listener.start();
  }

  async stop(): Promise<void> {
    await this.listener.stop();
  }

  /**
   * The active key, from memory. Read again when a rotation is heard of (NOTIFY) and at least every
   * KEY_CACHE_MS, never while a caller waits inside a transaction: callers that sign inside one
   * (a PAT, signed with its row) take the key before they begin it.
   */
  async signingKey(): Promise<SigningKey> {
    await this.fresh();
    if (!this.active) {
      if (this.ensured) throw new Error('no active signing key');
      await this.ensureActiveKey();
      if (!this.active) throw new Error('no active signing key');
    }
    return this.active;
  }

  /**
   * The public key for `kid` while it is valid, else undefined; from memory. A kid not in memory is
   * unknown (kids are thumbprints of keys made here, and every valid one is loaded): it costs no
   * query, except that it may cause one reload every UNKNOWN_KID_RELOAD_MS, for a key another process
   * made a moment ago whose NOTIFY has not arrived yet. A flood of made-up kids costs at most that.
   */
  async verificationKey(kid: string, now = new Date()): Promise<CryptoKey | undefined> {
    await this.fresh();
    let known = this.verifying.get(kid);
    if (!known && Date.now() - this.readAt > UNKNOWN_KID_RELOAD_MS) {
      await this.reload();
      known = this.verifying.get(kid);
    }
    if (!known || (known.expiresAt && known.expiresAt <= now)) return undefined;
    return known.key;
  }

  /** settleRetiredKeys, serialised with rotations: after a PAT is revoked, a key kept for it may expire. */
  async settle(): Promise<void> {
    await withKeyLock(this.pool, (client) => settleRetiredKeys(client, this.lifetimes));
    await this.reload();
  }

  /** rotateSigningKey, and this process forgets what it knew of the old key (others as soon as they hear the NOTIFY). */
  async rotate(options: { compromised?: boolean } = {}): Promise<Rotation> {
    const rotation = await rotateSigningKey(this.pool, this.lifetimes, { ...options, sealer: this.sealer });
    this.rotations++;
    await this.reload();
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

  /** Reads the keys unless they were read within KEY_CACHE_MS. */
  private async fresh(): Promise<void> {
    if (Date.now() - this.readAt > KEY_CACHE_MS) await this.reload();
  }

  /** Reads every valid key in one query; callers at the same moment share the read. */
  private reload(): Promise<void> {
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(): Promise<void> {
    const { rows } = await this.pool.query<{ kid: string; public_jwk: JWK; private_jwk: StoredPrivateKey | null; expires_at: Date | null }>(
      `SELECT kid, public_jwk, CASE WHEN retired_at IS NULL THEN private_jwk END AS private_jwk, expires_at
         FROM signing_keys WHERE ${VALID}
        ORDER BY retired_at IS NULL DESC, created_at DESC`,
    );
    const verifying = new Map<string, VerifyingKey>();
    for (const row of rows) {
      const key = this.imported.get(row.kid) ?? ((await importJWK(row.public_jwk, SIGNING_ALGORITHM)) as CryptoKey);
      this.imported.set(row.kid, key);
      verifying.set(row.kid, { key, expiresAt: row.expires_at });
    }
    const activeRow = rows[0]?.private_jwk ? rows[0] : undefined;
    let active = this.active;
    if (activeRow && active?.kid !== activeRow.kid) {
      active = { kid: activeRow.kid, key: (await importJWK(this.sealer.open(activeRow.kid, activeRow.private_jwk!), SIGNING_ALGORITHM)) as CryptoKey };
    }
    // A key that verified until now and no longer does (dropped as compromised, or expired): tokens
    // verified with it and remembered (tokens.ts) are void.
    if ([...this.verifying.keys()].some((kid) => !verifying.has(kid))) this.rotations++;
    for (const kid of this.imported.keys()) if (!verifying.has(kid)) this.imported.delete(kid);
    this.verifying = verifying;
    this.active = activeRow ? active : undefined;
    this.readAt = Date.now();
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
    const result = await work(client);
    // Heard at commit by every process, which then reads its keys again (KeyStore.reload).
    await client.query('SELECT pg_notify($1, $2)', [KEYS_CHANNEL, '']);
    return result;
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
