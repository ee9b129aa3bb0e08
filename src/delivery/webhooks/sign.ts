// Signing a delivery as the Standard Webhooks spec asks (https://www.standardwebhooks.com):
// the signed content is "<webhook-id>.<webhook-timestamp>.<body>", the signature an HMAC-SHA256
// of it keyed by the decoded secret, sent as "v1,<base64>". During a secret rotation we sign with
// the new and the old secret, space-separated, so receivers still holding the old one keep
// verifying until they switch.

import { createHmac } from 'node:crypto';
import { parseSecret } from '../../notify/webhooks/secrets.ts';

export interface SignatureInput {
  /** The notification's id: receivers drop a second delivery with the same one. */
  id: string;
  timestamp: Date;
  /** Exactly the bytes that will be sent; re-serialising after signing breaks the signature. */
  body: string;
  /** The current secret first; during a rotation, the previous one after it. */
  secrets: readonly string[];
}

export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** Header-safe: printable ASCII, no spaces. */
const MESSAGE_ID = /^[!-~]+$/;

export function signatureHeaders({ id, timestamp, body, secrets }: SignatureInput): SignatureHeaders {
  if (!MESSAGE_ID.test(id)) {
    throw new Error('A webhook id is printable ASCII without spaces.');
  }
  if (secrets.length === 0) {
    throw new Error('A webhook delivery is signed with at least one secret.');
  }
  const seconds = Math.floor(timestamp.getTime() / 1000);
  if (!Number.isFinite(seconds)) {
    throw new Error('A webhook timestamp is a valid date.');
  }
  const signed = `${id}.${seconds}.${body}`;
  const signatures = secrets.map(
    (secret) => `v1,${createHmac('sha256', parseSecret(secret)).update(signed, 'utf8').digest('base64')}`,
  );
  return {
    'webhook-id': id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': signatures.join(' '),
  };
}
