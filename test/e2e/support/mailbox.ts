// A browser test with email: a real SMTP receiver and an outbox directory for the app, started
// before the test file and removed after it, and the link a mail to an address carries.

import { simpleParser } from 'mailparser';
import { useSmtpReceiver } from '../../notify/email/fixtures.ts';

export interface Mailbox {
  /** The app's mail settings (pass them to `useTestApp`). */
  mail(): { smtpUrl: string; outboxDir: string; from: string };
  /** The first link matching `link` in a mail to `address` whose subject matches `subject`, within 10 s. */
  linkTo(address: string, link: RegExp, subject?: RegExp): Promise<string>;
}

export function useMailbox(): Mailbox {
  const smtp = useSmtpReceiver('Judge Dredd <no-reply@example.org>');
  return {
    mail: smtp.mail,
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
