// Notifications, a throwaway SMTP server and a log catcher for the email channel's tests.

import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { createLogger, type Logger } from '../../../src/config/logger.ts';
import type { Notification } from '../../../src/notify/notification.ts';
import { GAMES, situationWording } from '../../../src/service/registry.ts';

export const GAME = { id: 'game-7f3a', module: 'helter-skelter', title: 'Block War in Sector 13', url: 'https://play.example.org/games/game-7f3a' };

/** The registered games' words for their situations, as the composition root passes them. */
export const WORDING = situationWording(GAMES);

export function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'ntf-1',
    kind: 'awaited',
    game: GAME,
    seat: 1,
    situation: 'defence',
    windowId: 'w-12',
    // 19:30 UTC is 14:30 in New York (EST, UTC-5) and 19:30 in London (GMT) on that day.
    deadline: '2026-03-03T19:30:00.000Z',
    legalCommandCount: 3,
    summary: 'Seat 0 (Judge Dredd) attacked Sláine with a SMASH.',
    at: '2026-03-02T19:30:00.000Z',
    ...overrides,
  };
}

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: Buffer;
}

/** An SMTP server on a free port of 127.0.0.1 that keeps what it is sent. */
export async function startSmtpServer(
  handlers: Pick<SMTPServerOptions, 'onRcptTo'> = {},
): Promise<{ url: string; received: ReceivedMail[]; close: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...handlers,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A logger whose lines the test can read back. */
export function capturedLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('debug', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

/** The app's mail settings that `useSmtpReceiver` hands out (`useTestApp`'s `mail`). */
export interface TestMailSettings {
  smtpUrl: string;
  outboxDir: string;
  from: string;
}

/**
 * For a test file whose app sends email: an SMTP receiver (`startSmtpServer`) and an outbox
 * directory, made before the file's tests and removed after them. Call it before `useTestApp`,
 * whose settings then take `mail()`.
 */
export function useSmtpReceiver(from = 'Helter Skelter <no-reply@example.org>'): { readonly received: ReceivedMail[]; mail(): TestMailSettings } {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  let outboxDir = '';
  beforeAll(async () => {
    smtp = await startSmtpServer();
    outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-outbox-'));
  });
  afterAll(async () => {
    await smtp?.close();
    if (outboxDir) fs.rmSync(outboxDir, { recursive: true, force: true });
  });
  return {
    get received() {
      return smtp!.received;
    },
    mail: () => ({ smtpUrl: smtp!.url, outboxDir, from }),
  };
}
