// One delivery attempt: POST the signed body once, to the address the guard just checked, and
// report what happened. It never throws for anything the receiver or the network does, keeps
// only the first bytes of the answer (enough for a delivery log, too few to be a burden) and
// follows no redirect: a 3xx could send us anywhere the guard never saw, so it is a failure.

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveDeliveryTarget, type ResolveHost, type ResolvedAddress, type WebhookUrlPolicy } from './address-guard.ts';
import { PRODUCT_SLUG } from '../../config/product.ts';

export interface DeliveryRequest {
  url: string;
  /** Sent byte for byte: the signature in `headers` covers exactly this. */
  body: string;
  /** The signature headers and any the owner asked for; content-type and length are ours. */
  headers: Record<string, string>;
  /** For the whole attempt: resolving, connecting, sending and reading the answer's first bytes. */
  timeoutMs: number;
  policy: WebhookUrlPolicy;
  /** Tests give their own resolver; production uses the system's. */
  resolve?: ResolveHost;
}

export type DeliveryErrorCode =
  | 'WEBHOOK_URL_INVALID'
  | 'WEBHOOK_URL_NOT_HTTPS'
  | 'WEBHOOK_URL_CREDENTIALS'
  | 'WEBHOOK_URL_PRIVATE'
  | 'WEBHOOK_PORT_NOT_ALLOWED'
  | 'WEBHOOK_URL_UNRESOLVABLE'
  | 'WEBHOOK_TIMEOUT'
  | 'WEBHOOK_NETWORK'
  | 'WEBHOOK_REDIRECT'
  | 'WEBHOOK_HTTP_STATUS';

export interface DeliveryResult {
  /** A 2xx answer arrived in time. */
  ok: boolean;
  /** The receiver's HTTP status; null if none arrived. */
  status: number | null;
  latencyMs: number;
  /** Null on success; otherwise a sentence for the delivery log. */
  error: string | null;
  errorCode: DeliveryErrorCode | null;
  /** The first RESPONSE_PREFIX_BYTES of the answer's body, decoded as UTF-8. */
  responsePrefix: string;
}

export const RESPONSE_PREFIX_BYTES = 512;
const USER_AGENT = `${PRODUCT_SLUG}-webhooks/1`;

interface Answer {
  status: number;
  location: string | undefined;
  prefix: Buffer;
  /** The answer's body did not finish before the timeout. */
  cutShort: boolean;
}

export async function deliver(request: DeliveryRequest): Promise<DeliveryResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(request.timeoutMs);
  const result = (fields: Omit<DeliveryResult, 'latencyMs' | 'ok'>): DeliveryResult => ({
    ok: fields.errorCode === null,
    latencyMs: Math.round(performance.now() - started),
    ...fields,
  });
  const timedOut = () =>
    result({ status: null, error: `No answer within ${request.timeoutMs} ms.`, errorCode: 'WEBHOOK_TIMEOUT', responsePrefix: '' });

  try {
    const target = await untilAborted(resolveDeliveryTarget(request.url, request.policy, request.resolve), signal);
    if (target === 'aborted') return timedOut();
    if (!target.ok) {
      return result({ status: null, error: target.message, errorCode: target.code, responsePrefix: '' });
    }

    const answer = await post(target.url, target.pinned, request, signal);
    const responsePrefix = answer.prefix.toString('utf8');
    const status = answer.status;
    if (answer.cutShort) {
      return result({ status, error: `The answer did not finish within ${request.timeoutMs} ms.`, errorCode: 'WEBHOOK_TIMEOUT', responsePrefix });
    }
    if (status >= 200 && status < 300) {
      return result({ status, error: null, errorCode: null, responsePrefix });
    }
    if (status >= 300 && status < 400) {
      const to = answer.location === undefined ? '' : ` to ${answer.location.slice(0, 200)}`;
      return result({ status, error: `HTTP ${status}: redirect${to} not followed.`, errorCode: 'WEBHOOK_REDIRECT', responsePrefix });
    }
    return result({ status, error: `HTTP ${status}.`, errorCode: 'WEBHOOK_HTTP_STATUS', responsePrefix });
  } catch (error) {
    if (signal.aborted) return timedOut();
    const message = error instanceof Error ? error.message : String(error);
    return result({ status: null, error: message, errorCode: 'WEBHOOK_NETWORK', responsePrefix: '' });
  }
}

async function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T | 'aborted'> {
  if (signal.aborted) return 'aborted';
  let onAbort = () => {};
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Makes node connect to the address the guard checked instead of resolving the name again. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

function post(url: URL, pinned: ResolvedAddress | null, request: DeliveryRequest, signal: AbortSignal): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const options: https.RequestOptions = {
      method: 'POST',
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(request.body, 'utf8'),
        'user-agent': USER_AGENT,
      },
      // A fresh connection each time: a pooled socket may still lead to an address checked long ago.
      agent: false,
      signal,
      ...(pinned === null ? {} : { lookup: pinnedLookup(pinned) }),
    };

    let answered = false;
    const outgoing = client.request(url, options, (incoming) => {
      answered = true;
      const kept: Buffer[] = [];
      let keptBytes = 0;
      let settled = false;
      const settle = (cutShort: boolean) => {
        if (settled) return;
        settled = true;
        const location = incoming.headers.location;
        resolve({ status: incoming.statusCode ?? 0, location, prefix: Buffer.concat(kept), cutShort });
      };
      incoming.on('data', (chunk: Buffer) => {
        if (keptBytes < RESPONSE_PREFIX_BYTES) {
          const piece = chunk.subarray(0, RESPONSE_PREFIX_BYTES - keptBytes);
          kept.push(piece);
          keptBytes += piece.length;
        }
        if (keptBytes >= RESPONSE_PREFIX_BYTES) {
          // Enough for the log: the rest is the receiver's business, not worth our bandwidth.
          settle(false);
          incoming.destroy();
        }
      });
      incoming.on('end', () => settle(false));
      incoming.on('error', () => settle(signal.aborted));
      incoming.on('close', () => settle(signal.aborted));
    });
    // Once an answer has begun, its own events settle the attempt (with the status it carried).
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    outgoing.end(request.body, 'utf8');
  });
}
