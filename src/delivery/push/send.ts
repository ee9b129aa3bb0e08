// One push to one device: web-push encrypts the payload to the subscription's keys (RFC 8291,
// aes128gcm) and signs the VAPID header (RFC 8292); the request goes out from here, to the address
// the webhooks' guard just checked (src/delivery/webhooks/address-guard.ts), on a fresh connection,
// with a timeout, and no redirect followed, as a webhook would. web-push's own sender cannot be
// pinned to a checked address, and speaks only https.

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { PushEndpoint, VapidKeys } from '../../notify/ports/push-records.ts';
import { resolveDeliveryTarget, type ResolvedAddress, type ResolveHost, type WebhookUrlPolicy } from '../webhooks/address-guard.ts';

export interface PushRequest {
  to: PushEndpoint;
  /** The JSON the service worker reads. */
  payload: string;
  vapid: VapidKeys;
  /** The VAPID `sub`: a mailto: or https: URL where the push service can reach the operator. */
  subject: string;
  /** How long the push service keeps the message for a device that is offline. */
  ttlSeconds: number;
  /** Newer pushes with the same topic replace an undelivered older one (at most 32 base64url characters). */
  topic?: string;
  timeoutMs: number;
  policy: WebhookUrlPolicy;
  resolve?: ResolveHost;
}

export type PushOutcome =
  /** The push service took it (201). */
  | { kind: 'sent'; status: number }
  /** The subscription has expired or was withdrawn (404, 410): it must not be used again. */
  | { kind: 'gone'; status: number }
  /** Worth trying again later: no answer, 429, 5xx. */
  | { kind: 'retry'; status: number | null; error: string }
  /** Refused for good (any other status, or an endpoint the guard now refuses). */
  | { kind: 'refused'; status: number | null; error: string };

export async function sendPush(request: PushRequest): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails({ endpoint: request.to.endpoint, keys: { p256dh: request.to.p256dh, auth: request.to.auth } }, request.payload, {
    vapidDetails: { subject: request.subject, publicKey: request.vapid.publicKey, privateKey: request.vapid.privateKey },
    TTL: request.ttlSeconds,
    contentEncoding: 'aes128gcm',
    urgency: 'high',
    ...(request.topic ? { topic: request.topic } : {}),
  });
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const target = await resolveDeliveryTarget(request.to.endpoint, request.policy, request.resolve);
    if (!target.ok) return { kind: 'refused', status: null, error: target.message };
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
    const status = await post(target.url, target.pinned, headers, details.body ?? Buffer.alloc(0), signal);
    if (status >= 200 && status < 300) return { kind: 'sent', status };
    if (status === 404 || status === 410) return { kind: 'gone', status };
    if (status === 429 || status >= 500) return { kind: 'retry', status, error: `HTTP ${status}.` };
    return { kind: 'refused', status, error: `HTTP ${status}.` };
  } catch (error) {
    const message = signal.aborted ? `No answer within ${request.timeoutMs} ms.` : error instanceof Error ? error.message : String(error);
    return { kind: 'retry', status: null, error: message };
  }
}

function post(url: URL, pinned: ResolvedAddress | null, headers: Record<string, string>, body: Buffer, signal: AbortSignal): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const lookup: LookupFunction | undefined = pinned
      ? (_hostname, options, callback) => {
          if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
          else callback(null, pinned.address, pinned.family);
        }
      : undefined;
    const outgoing = client.request(url, { method: 'POST', headers, agent: false, signal, ...(lookup ? { lookup } : {}) }, (incoming) => {
      // Only the status matters; the body is drained and dropped.
      incoming.resume();
      incoming.on('end', () => resolve(incoming.statusCode ?? 0));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
