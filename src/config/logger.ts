// Structured logs: one JSON object per line on stdout, ISO timestamps, secrets redacted.
//
// Secrets reach a request in two places: headers (a bearer token, a cookie), redacted by path
// below, and the query string of the links we email (`/v1/email/verify?token=…`,
// `/v1/email/unsubscribe?token=…`): a log reader must not be able to verify or unsubscribe
// someone's address, so the request serializer writes the URL with every secret-like parameter's
// value replaced.

import { pino, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

const CENSOR = '[redacted]';

/**
 * Query parameters whose value is or may be a credential, by name: tokens, keys, secrets,
 * passwords, codes, signatures. By name rather than by route, so a link added later is covered.
 */
const SECRET_PARAMETER = /token|key|secret|pass|code|sig|auth|session|otp|nonce|ticket|credential/i;

/** The URL as logged: path as sent, each secret-like parameter's value replaced. */
export function redactedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url.slice(at + 1).split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replaceAll('+', ' '));
    } catch {
      // Undecodable: it may be anything, a secret's name included.
      return `${rawName}=${CENSOR}`;
    }
    return SECRET_PARAMETER.test(name) && equals !== -1 ? `${rawName}=${CENSOR}` : pair;
  });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

/** What Fastify logs of a request (its own serializer's fields), with the URL redacted. */
function request(req: { method?: string; url?: string; host?: string; ip?: string; headers?: Record<string, unknown>; socket?: { remotePort?: number } }) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactedUrl(req.url) : req.url,
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    timestamp: stdTimeFunctions.isoTime,
    // Fastify's own `req` serializer gives way to this one (it merges the logger's over its own).
    serializers: { req: request },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie'],
      censor: CENSOR,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
