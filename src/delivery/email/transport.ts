// Delivers rendered emails: to a mail server when SMTP_URL is set, otherwise as .eml files in an
// outbox directory, so that a developer sees every email without running a mail server. Both
// paths compose the message from the same options, so what lands in the outbox is what a mail
// server would have been sent.

import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type NodemailerError, type SendMailOptions } from 'nodemailer';
import type { Logger } from '../../config/logger.ts';
import type { RenderedEmail } from './render.ts';

export interface OutgoingEmail extends RenderedEmail {
  to: { address: string; name?: string };
}

export interface SentEmail {
  messageId: string;
  /** The .eml file, in outbox mode. */
  path?: string;
}

export interface Mailer {
  /** Resolves once the server accepted the message (or the file is written); rejects with EmailNotSentError. */
  send(email: OutgoingEmail): Promise<SentEmail>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps://; without it, emails go to `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
  /** `Name <address>` or a bare address. */
  from: string;
  logger: Logger;
  /** How long to wait for the server to connect, greet, or answer a command. */
  smtpTimeoutMs?: number;
}

const DEFAULT_SMTP_TIMEOUT_MS = 5_000;

/**
 * The message did not leave. `permanent` is true when the server refused it for good (an SMTP 5xx
 * reply): sending it again would be refused again. Otherwise the caller should retry later.
 */
export class EmailNotSentError extends Error {
  override name = 'EmailNotSentError';
  readonly code = 'EMAIL_NOT_SENT';
  readonly permanent: boolean;
  readonly responseCode: number | undefined;

  constructor(cause: NodemailerError) {
    super(`The email could not be sent: ${cause.message}`, { cause });
    this.permanent = cause.permanent === true;
    this.responseCode = cause.responseCode;
  }
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl !== undefined && options.smtpUrl !== '' ? smtpMailer(options, options.smtpUrl) : outboxMailer(options);
}

function smtpMailer(options: MailerOptions, smtpUrl: string): Mailer {
  const timeout = options.smtpTimeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
  });
  return {
    async send(email) {
      try {
        const info = await transport.sendMail(mailOptions(options.from, email));
        options.logger.debug({ messageId: info.messageId }, 'email sent');
        return { messageId: info.messageId };
      } catch (error) {
        throw new EmailNotSentError(error as NodemailerError);
      }
    },
    close: () => transport.close(),
  };
}

function outboxMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(email) {
      try {
        const info = await transport.sendMail(mailOptions(options.from, email));
        await mkdir(options.outboxDir, { recursive: true });
        const file = path.join(options.outboxDir, outboxFileName(new Date()));
        await writeFile(file, info.message as Buffer, { flag: 'wx' });
        options.logger.info({ path: file, messageId: info.messageId }, 'email written to the outbox');
        return { messageId: info.messageId, path: file };
      } catch (error) {
        throw new EmailNotSentError(error as NodemailerError);
      }
    },
    close: () => transport.close(),
  };
}

function mailOptions(from: string, email: OutgoingEmail): SendMailOptions {
  return {
    from,
    to: { name: email.to.name ?? '', address: email.to.address },
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: email.headers,
    // The message is built from our own strings: never let it read files or fetch URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** Sorts by time as text: `2026-03-03T19-30-00.123Z-9f3a61c2.eml`. */
function outboxFileName(now: Date): string {
  return `${now.toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
}
