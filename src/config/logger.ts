// Structured logs: one JSON object per line on stdout, ISO timestamps, secrets redacted.

import { pino, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    timestamp: stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
