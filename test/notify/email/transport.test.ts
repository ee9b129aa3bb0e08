import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderEmail } from '../../../src/delivery/email/render.ts';
import { createMailer, EmailNotSentError, type Mailer, type OutgoingEmail } from '../../../src/delivery/email/transport.ts';
import { capturedLogger, GAME, notification, startSmtpServer, WORDING } from './fixtures.ts';

const FROM = 'Helter Skelter <no-reply@example.org>';

const email = (): OutgoingEmail => ({
  to: { address: 'slaine@example.org', name: 'Sláine' },
  ...renderEmail({
    to: { address: 'slaine@example.org', handle: 'Sláine', timeZone: 'America/New_York' },
    notifications: [notification()],
    unsubscribeUrl: 'https://play.example.org/unsubscribe/tok-123',
    wording: WORDING,
  }),
});

const header = (mail: ParsedMail, name: string): string | undefined =>
  mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, ' ');

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((object) => object.value.map(({ name, address }) => ({ name, address })));

/** What a reader sees: everything but the Message-ID and the Date, which differ per message. */
const content = (mail: ParsedMail) => ({
  subject: mail.subject,
  from: addresses(mail.from),
  to: addresses(mail.to),
  text: mail.text,
  html: mail.html,
  listUnsubscribe: header(mail, 'List-Unsubscribe'),
  listUnsubscribePost: header(mail, 'List-Unsubscribe-Post'),
  gameId: header(mail, 'X-Game-Id'),
});

let outboxDir: string;
let mailer: Mailer | undefined;
const closers: Array<() => Promise<void>> = [];

beforeEach(() => {
  outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hs-outbox-')), 'not-yet', 'outbox');
});

afterEach(async () => {
  mailer?.close();
  mailer = undefined;
  await Promise.all(closers.splice(0).map((close) => close()));
  fs.rmSync(path.dirname(path.dirname(outboxDir)), { recursive: true, force: true });
});

async function sendOverSmtp(): Promise<ParsedMail> {
  const server = await startSmtpServer();
  closers.push(server.close);
  mailer = createMailer({ smtpUrl: server.url, outboxDir, from: FROM, logger: capturedLogger().logger });
  const sent = await mailer.send(email());
  expect(server.received).toHaveLength(1);
  const mail = await simpleParser(server.received[0]!.raw);
  expect(mail.messageId).toBe(sent.messageId);
  expect(sent.path).toBeUndefined();
  return mail;
}

describe('sending email over SMTP', () => {
  it('delivers a message a mail client reads: subject, addresses, both parts, local deadline, link, unsubscribe headers', async () => {
    const mail = await sendOverSmtp();
    expect(content(mail)).toMatchObject({
      subject: 'Defend now in Block War in Sector 13',
      from: [{ name: 'Helter Skelter', address: 'no-reply@example.org' }],
      to: [{ name: 'Sláine', address: 'slaine@example.org' }],
      listUnsubscribe: '<https://play.example.org/unsubscribe/tok-123>',
      listUnsubscribePost: 'List-Unsubscribe=One-Click',
      gameId: GAME.id,
    });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Deadline: Tuesday, 3 March 2026 at 14:30 GMT-5 (America/New_York)');
      expect(part).toContain(GAME.url);
      expect(part).toContain('You have 3 legal commands to choose from.');
    }
    expect(mail.html).toContain(`<a href="${GAME.url}">`);
    expect(mail.text).not.toContain('Deadline: Tuesday, 3 March 2026 at 19:30');
  });

  it('uses the envelope of the message: MAIL FROM the sender, RCPT TO the player', async () => {
    const server = await startSmtpServer();
    closers.push(server.close);
    mailer = createMailer({ smtpUrl: server.url, outboxDir, from: FROM, logger: capturedLogger().logger });
    await mailer.send(email());
    expect(server.received[0]).toMatchObject({ from: 'no-reply@example.org', to: ['slaine@example.org'] });
    expect(fs.existsSync(outboxDir)).toBe(false);
  });

  it('rejects, marked permanent, when the server refuses the recipient for good (550)', async () => {
    const server = await startSmtpServer({
      onRcptTo: (_address, _session, callback) => callback(Object.assign(new Error('No such Judge here'), { responseCode: 550 })),
    });
    closers.push(server.close);
    mailer = createMailer({ smtpUrl: server.url, outboxDir, from: FROM, logger: capturedLogger().logger });
    const error = await mailer.send(email()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmailNotSentError);
    expect(error).toMatchObject({ code: 'EMAIL_NOT_SENT', permanent: true, responseCode: 550 });
    expect((error as Error).message).toMatch(/No such Judge here/);
    expect(server.received).toHaveLength(0);
  });

  it('rejects, to be retried, when the server refuses for now (450)', async () => {
    const server = await startSmtpServer({
      onRcptTo: (_address, _session, callback) => callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 450 })),
    });
    closers.push(server.close);
    mailer = createMailer({ smtpUrl: server.url, outboxDir, from: FROM, logger: capturedLogger().logger });
    await expect(mailer.send(email())).rejects.toMatchObject({ code: 'EMAIL_NOT_SENT', permanent: false, responseCode: 450 });
  });

  it('rejects instead of hanging when the server accepts the connection but never greets', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const { port } = silent.address() as net.AddressInfo;
    mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir, from: FROM, logger: capturedLogger().logger, smtpTimeoutMs: 200 });
    const started = Date.now();
    await expect(mailer.send(email())).rejects.toMatchObject({ code: 'EMAIL_NOT_SENT', permanent: false });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('rejects when nothing listens on the port', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir, from: FROM, logger: capturedLogger().logger });
    await expect(mailer.send(email())).rejects.toMatchObject({ code: 'EMAIL_NOT_SENT', permanent: false });
  });
});

describe('writing email to the outbox (no SMTP_URL)', () => {
  it('writes a .eml file, creating the directory, whose content is what the SMTP server received', async () => {
    const { logger, lines } = capturedLogger();
    mailer = createMailer({ outboxDir, from: FROM, logger });
    const sent = await mailer.send(email());

    expect(sent.path).toBeDefined();
    expect(path.dirname(sent.path!)).toBe(outboxDir);
    expect(path.basename(sent.path!)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    const raw = fs.readFileSync(sent.path!);
    expect(raw.toString('latin1')).toMatch(/^[\s\S]*?\r\n\r\n/); // RFC 822 lines end in CRLF
    const fromOutbox = await simpleParser(raw);
    expect(fromOutbox.messageId).toBe(sent.messageId);
    expect(fromOutbox.subject).toBe('Defend now in Block War in Sector 13');
    expect(fromOutbox.text).toContain('Deadline: Tuesday, 3 March 2026 at 14:30 GMT-5 (America/New_York)');

    mailer.close();
    const overSmtp = await sendOverSmtp();
    expect(content(fromOutbox)).toEqual(content(overSmtp));

    expect(lines).toContainEqual(expect.objectContaining({ level: 30, path: sent.path, msg: 'email written to the outbox' }));
  });

  it('names the files so that sorting them by name sorts them by time', async () => {
    mailer = createMailer({ outboxDir, from: FROM, logger: capturedLogger().logger });
    const paths: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      paths.push((await mailer.send(email())).path!);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(fs.readdirSync(outboxDir).sort()).toEqual(paths.map((file) => path.basename(file)));
  });
});
