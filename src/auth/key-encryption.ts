// Signing keys encrypted at rest. With SIGNING_KEY_SECRET set, the private half of every signing
// key is stored AES-256-GCM encrypted in `signing_keys.private_jwk`: a copy of the database (a
// backup, a replica, a leaked dump) then does not let anyone sign tokens. Without it, keys are
// stored as plain JWKs, as before.
//
// The stored form replaces the JWK with
//
//   { "sealed": "A256GCM", "secret": "<id of the secret>", "iv": "…", "ciphertext": "…", "tag": "…" }
//
// (base64url), authenticated together with the key's kid, so a sealed key copied onto another row
// does not open. `secret` names which secret sealed it (the first 8 bytes of a SHA-256 of it, which
// tells nothing of the secret), so that a wrong secret is told apart from a damaged row.
//
// The variable may list several secrets, comma-separated: the first seals, all open. That is how the
// secret is changed: start with "new,old"; at start-up every key is sealed again with the new one;
// then drop the old.

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import { StartupError } from '../config/startup-error.ts';
import { KEY_SECRET_LABEL } from '../config/product.ts';

export const SECRET_BYTES = 32;
const IV_BYTES = 12;
const ALGORITHM = 'aes-256-gcm';

export interface SealedJwk {
  sealed: 'A256GCM';
  secret: string;
  iv: string;
  ciphertext: string;
  tag: string;
}

/** What `signing_keys.private_jwk` holds: a plain JWK, or a sealed one. */
export type StoredPrivateKey = JWK | SealedJwk;

/** The stored keys cannot be opened with the configured secrets: the process must not start. */
export class SigningKeySecretError extends StartupError {
  override name = 'SigningKeySecretError';
}

export function isSealed(stored: StoredPrivateKey): stored is SealedJwk {
  return (stored as { sealed?: unknown }).sealed === 'A256GCM';
}

/** The name of a secret in sealed rows: not the secret, nor enough to guess it. */
export function secretId(secret: Buffer): string {
  return createHash('sha256').update(KEY_SECRET_LABEL).update(secret).digest('hex').slice(0, 16);
}

export class KeySealer {
  private readonly byId: Map<string, Buffer>;

  private readonly secrets: readonly Buffer[];

  /** `secrets`: SIGNING_KEY_SECRET, parsed (config.ts); the first seals. None: keys are stored plain. */
  constructor(secrets: readonly Buffer[] = []) {
    this.secrets = secrets;
    for (const secret of secrets) if (secret.length !== SECRET_BYTES) throw new Error(`a signing key secret must be ${SECRET_BYTES} bytes`);
    this.byId = new Map(secrets.map((secret) => [secretId(secret), secret]));
  }

  get enabled(): boolean {
    return this.secrets.length > 0;
  }

  /** What to store for a new key: sealed with the first secret, or the JWK itself when there is none. */
  protect(kid: string, jwk: JWK): StoredPrivateKey {
    const secret = this.secrets[0];
    if (!secret) return jwk;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, secret, iv);
    cipher.setAAD(Buffer.from(kid, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
    return {
      sealed: 'A256GCM',
      secret: secretId(secret),
      iv: iv.toString('base64url'),
      ciphertext: ciphertext.toString('base64url'),
      tag: cipher.getAuthTag().toString('base64url'),
    };
  }

  /** The private JWK of a stored key; throws SigningKeySecretError, naming the variable, when it cannot be opened. */
  open(kid: string, stored: StoredPrivateKey): JWK {
    if (!isSealed(stored)) return stored;
    if (!this.enabled) {
      throw new SigningKeySecretError(
        `the signing keys in the database are encrypted (key ${kid}): set SIGNING_KEY_SECRET to the secret they were encrypted with`,
      );
    }
    const secret = this.byId.get(stored.secret);
    if (!secret) {
      throw new SigningKeySecretError(
        `SIGNING_KEY_SECRET is not the secret the signing keys were encrypted with (key ${kid} needs the secret with id ${stored.secret}; this one has ${[...this.byId.keys()].join(', ')}): set it to that secret, or list both, comma-separated, the new one first`,
      );
    }
    try {
      const decipher = createDecipheriv(ALGORITHM, secret, Buffer.from(stored.iv, 'base64url'));
      decipher.setAAD(Buffer.from(kid, 'utf8'));
      decipher.setAuthTag(Buffer.from(stored.tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(stored.ciphertext, 'base64url')), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as JWK;
    } catch {
      throw new SigningKeySecretError(`the encrypted signing key ${kid} does not decrypt with SIGNING_KEY_SECRET: the row is damaged or was copied from another key`);
    }
  }

  /** Whether start-up should store the key again: plain while a secret is set, or sealed with a secret other than the first. */
  needsResealing(stored: StoredPrivateKey): boolean {
    const first = this.secrets[0];
    if (!first) return false;
    return !isSealed(stored) || stored.secret !== secretId(first);
  }
}
