// A browser test with email: a real SMTP receiver and an outbox directory for the app, started
// before the test file and removed after it, and the link a mail to an address carries.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll } from 'vitest';
import { startSmtpServer } from '../../notify/email/fixtures.ts';

export interface Mailbox {
  /** The app's mail settings (pass them to `useTestApp`). */
  mail(): { smtpUrl: string; outboxDir: string; from: string };
  /** The first link matching `link` in a mail to `address` whose subject matches `subject`, within 10 s. */
  linkTo(address: string, link: RegExp, subject?: RegExp): Promise<string>;
}

export function useMailbox(): Mailbox {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let outboxDir = '';
  beforeAll(async () => {
    smtp = await startSmtpServer();
    outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-outbox-'));
  });
  afterAll(async () => {
    await smtp?.close();
    if (outboxDir) fs.rmSync(outboxDir, { recursive: true, force: true });
  });
  return {
    mail: () => ({ smtpUrl: smtp.url, outboxDir, from: 'Judge Dredd <no-reply@example.org>' }),
    async linkTo(address, link, subject = /./) {
      const stop = Date.now() + 10_000;
      while (Date.now() < stop) {
        for (const raw of smtp.received.filter((mail) => mail.to.includes(address))) {
          const mail = await simpleParser(raw.raw);
          const found = link.exec(mail.text ?? '')?.[0];
          if (found && subject.test(mail.subject ?? '')) return found;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail to ${address} with a link matching ${link}`);
    },
  };
}
