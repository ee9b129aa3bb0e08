// A player's push subscriptions, one per device (browser), the use cases behind
// /v1/me/push-subscriptions: saved from the PushSubscription the browser made with our VAPID key,
// listed, deleted. The endpoint is the push service's URL that this service will POST to, so it
// passes the same address guard as a webhook URL (src/delivery/webhooks/address-guard.ts, handed
// in as `checkEndpoint`); the keys must be what RFC 8291 says they are, or no payload could be
// encrypted to them.

import { Refusal } from '../../platform/refusal.ts';
import type { PushEndpoint, PushSubscriptionRecord, PushSubscriptionRecords } from '../ports/push-records.ts';

export type { PushSubscriptionRecord } from '../ports/push-records.ts';

/** An endpoint refused, with the code and sentence the client is told. */
export type EndpointVerdict = { ok: true } | { ok: false; code: string; message: string };

export type CheckEndpoint = (url: string) => Promise<EndpointVerdict>;

/** The browser's PushSubscription, as `PushSubscription.toJSON()` gives it. */
export interface PushSubscriptionBody {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** Devices an account may subscribe: a player's phones, tablets and browsers, with room to spare. */
export const DEFAULT_PUSH_LIMITS = { pushSubscriptionsPerAccount: 10 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

export class PushSubscriptions {
  private readonly records: PushSubscriptionRecords;
  private readonly checkEndpoint: CheckEndpoint;
  private readonly limits: { pushSubscriptionsPerAccount: number };

  constructor(
    records: PushSubscriptionRecords,
    checkEndpoint: CheckEndpoint,
    limits: { pushSubscriptionsPerAccount: number } = DEFAULT_PUSH_LIMITS,
  ) {
    this.records = records;
    this.checkEndpoint = checkEndpoint;
    this.limits = limits;
  }

  async save(accountId: string, body: PushSubscriptionBody): Promise<PushSubscriptionRecord> {
    const subscription: PushEndpoint = { endpoint: body.endpoint, p256dh: keyOf(body.keys.p256dh, 'p256dh'), auth: keyOf(body.keys.auth, 'auth') };
    const verdict = await this.checkEndpoint(body.endpoint);
    // The guard's codes name webhooks (WEBHOOK_URL_PRIVATE …); here they name the endpoint (PUSH_ENDPOINT_PRIVATE …).
    if (!verdict.ok) throw new Refusal('rule', verdict.code.replace(/^WEBHOOK_(URL_)?/, 'PUSH_ENDPOINT_'), verdict.message);
    const max = this.limits.pushSubscriptionsPerAccount;
    return this.records.save(accountId, subscription, (count) => {
      if (count >= max) throw new Refusal('limited', 'PUSH_SUBSCRIPTION_LIMIT_REACHED', `You have ${count} devices subscribed to push, the most allowed: delete one first.`, { limit: max });
    });
  }

  list(accountId: string): Promise<PushSubscriptionRecord[]> {
    return this.records.list(accountId);
  }

  async remove(accountId: string, id: string): Promise<void> {
    if (!UUID.test(id) || !(await this.records.remove(accountId, id))) throw new Refusal('not-found', 'PUSH_SUBSCRIPTION_NOT_FOUND', `You have no push subscription ${id}.`);
  }
}

/**
 * The key as stored (base64url without padding), if it decodes to what RFC 8291 requires: `p256dh`
 * an uncompressed P-256 point (65 bytes, 0x04 first), `auth` a 16-byte secret.
 */
function keyOf(text: string, which: 'p256dh' | 'auth'): string {
  const bytes = BASE64URL.test(text) ? Buffer.from(text, 'base64url') : Buffer.alloc(0);
  const fits = which === 'p256dh' ? bytes.length === 65 && bytes[0] === 4 : bytes.length === 16;
  if (!fits) {
    const what = which === 'p256dh' ? 'an uncompressed P-256 public key (65 bytes)' : 'a 16-byte authentication secret';
    throw new Refusal('invalid', 'PUSH_KEYS_INVALID', `keys.${which} must be ${what}, base64url-encoded, as the browser's PushSubscription gives it.`);
  }
  return bytes.toString('base64url');
}
