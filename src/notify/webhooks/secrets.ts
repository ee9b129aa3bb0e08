// Signing secrets in the Standard Webhooks form: `whsec_` then the base64 of the raw key.
// Receivers paste it as is into their verifier (standardwebhooks, svix), which strips the prefix
// and decodes the rest, so the form is part of our contract, not a detail of our storage.

import { randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';
/** The spec asks for keys of 24 to 64 bytes; we make 32, the size of a SHA-256 digest. */
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;
const NEW_KEY_BYTES = 32;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export class WebhookSecretError extends Error {
  readonly code = 'WEBHOOK_SECRET_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSecretError';
  }
}

export function newSecret(): string {
  return PREFIX + randomBytes(NEW_KEY_BYTES).toString('base64');
}

/** The raw HMAC key of a `whsec_…` secret; throws WebhookSecretError for anything else. */
export function parseSecret(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) {
    throw new WebhookSecretError(`A webhook secret starts with "${PREFIX}".`);
  }
  const encoded = secret.slice(PREFIX.length);
  // Buffer.from(…, 'base64') skips what it cannot read; check first so a typo is refused, not shortened.
  if (encoded.length === 0 || !BASE64.test(encoded)) {
    throw new WebhookSecretError('A webhook secret is "whsec_" followed by standard base64.');
  }
  const key = Buffer.from(encoded, 'base64');
  if (key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES) {
    throw new WebhookSecretError(
      `A webhook secret holds ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES} bytes; this one holds ${key.length}.`,
    );
  }
  return key;
}

/** True if parseSecret would accept it. */
export function isSecret(secret: string): boolean {
  try {
    parseSecret(secret);
    return true;
  } catch {
    return false;
  }
}
