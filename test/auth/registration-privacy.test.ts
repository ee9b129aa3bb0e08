// Registration does not tell whether an email address is taken (src/auth/accounts.ts): the answer
// to a registration with an address a verified account holds is indistinguishable from one with a
// free address; the owner is emailed instead, and the new account can never verify the address.
// The app runs its worker and sends to a real SMTP receiver, whose mails are parsed.

import { simpleParser, type ParsedMail } from 'mailparser';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { useSmtpReceiver } from '../notify/email/fixtures.ts';
import { bearer } from './support.ts';

const smtp = useSmtpReceiver();

const t = useTestApp(() => ({ worker: QUICK_WORKER, mail: smtp.mail() }));

const PASSWORD = 'correct horse battery staple';
let counter = 0;
/** A suffix of fixed length, so that two handles or addresses made with it have equal lengths. */
const unique = () => `${process.pid}`.padStart(7, '0') + `${++counter}`.padStart(3, '0');

const register = (handle: string, email: string, password = PASSWORD) => request(t.app.server).post('/v1/accounts').send({ handle, email, password });
const logIn = (login: object, password = PASSWORD) => request(t.app.server).post('/v1/sessions').send({ ...login, password });
const me = async (token: string) => (await request(t.app.server).get('/v1/me').set(bearer(token)).expect(200)).body as { id: string; emailVerified: boolean };

async function mailsTo(address: string): Promise<ParsedMail[]> {
  return Promise.all(smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw)));
}

/** Waits for `count` mails to `address` matching `match`, and returns those. */
async function waitForMails(address: string, count: number, match: (mail: ParsedMail) => boolean = () => true, ms = 10_000): Promise<ParsedMail[]> {
  const stop = Date.now() + ms;
  for (;;) {
    const mails = (await mailsTo(address)).filter(match);
    if (mails.length >= count || Date.now() > stop) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the worker has run every email job queued so far: what was not sent by then never will be. */
async function emailJobsDone(): Promise<void> {
  const stop = Date.now() + 10_000;
  for (;;) {
    const { rows } = await t.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier IN ('send-verification', 'registration-attempt-email')`,
    );
    if (rows[0]!.n === 0) return;
    if (Date.now() > stop) throw new Error(`${rows[0]!.n} email jobs still queued`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const isVerification = (mail: ParsedMail) => /Confirm your email/.test(mail.subject ?? '');
const isNotice = (mail: ParsedMail) => /tried to register/.test(mail.subject ?? '');
const greets = (handle: string) => (mail: ParsedMail) => mail.text!.startsWith(`Hello ${handle},`);
const verifyLink = (mail: ParsedMail) => /http:\/\/\S+\/v1\/email\/verify\?token=\S+/.exec(mail.text!)![0];

/** An account whose address is verified, by the link it was sent. */
async function verifiedOwner(handle: string, email: string): Promise<{ id: string; token: string }> {
  const res = await register(handle, email).expect(201);
  const [mail] = await waitForMails(email, 1, greets(handle));
  expect(mail, `verification email for ${handle}`).toBeDefined();
  expect((await fetch(verifyLink(mail!))).status).toBe(200);
  return { id: res.body.account.id, token: res.body.token };
}

/** The JSON's structure: every key, and the type of every value. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  return value === null ? 'null' : typeof value;
}

describe('registering with an address a verified account holds', () => {
  it('answers exactly as with a free address, and emails the owner instead of a verification link', async () => {
    const n = unique();
    const taken = `taken${n}@example.test`;
    const owner = await verifiedOwner(`own${n}`, taken);

    // Handles and addresses of equal lengths: even content-length must not differ.
    const intruder = await register(`dup${n}`, taken);
    const newcomer = await register(`new${n}`, `fresh${n}@example.test`);
    expect(intruder.status).toBe(201);
    expect(newcomer.status).toBe(201);
    const perRequest = new Set(['date', 'x-request-id']);
    const headers = (res: request.Response) => Object.fromEntries(Object.entries(res.headers).filter(([name]) => !perRequest.has(name)));
    expect(headers(intruder)).toEqual(headers(newcomer));
    expect(Object.keys(intruder.headers).sort()).toEqual(Object.keys(newcomer.headers).sort());
    expect(shape(intruder.body)).toEqual(shape(newcomer.body));
    expect(intruder.body.account).toMatchObject({ handle: `dup${n}`, email: taken, emailVerified: false });
    expect(newcomer.body.account).toMatchObject({ handle: `new${n}`, email: `fresh${n}@example.test`, emailVerified: false });

    // The owner is told, by handle, with nothing to click that acts.
    const [notice] = await waitForMails(taken, 1, isNotice);
    expect(notice, 'the notice to the owner').toBeDefined();
    expect(notice!.text).toContain(`Hello own${n},`);
    expect(notice!.text).toContain(`your account is "own${n}"`);
    expect(notice!.text).not.toMatch(/token=/);
    expect(await waitForMails(`fresh${n}@example.test`, 1, isVerification)).toHaveLength(1);

    // Asking for the link again answers alike, and still sends the intruder none.
    const askedByIntruder = await request(t.app.server).post('/v1/me/email/verification').set(bearer(intruder.body.token));
    const askedByNewcomer = await request(t.app.server).post('/v1/me/email/verification').set(bearer(newcomer.body.token));
    expect([askedByIntruder.status, askedByNewcomer.status]).toEqual([202, 202]);
    expect(shape(askedByIntruder.body)).toEqual(shape(askedByNewcomer.body));
    await emailJobsDone();
    expect(await waitForMails(`fresh${n}@example.test`, 2, isVerification)).toHaveLength(2);
    expect((await mailsTo(taken)).filter(greets(`dup${n}`))).toEqual([]);
    expect((await mailsTo(taken)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/Confirm your email/), expect.stringMatching(/tried to register/)]);

    // Even holding a link for that address, the intruder's account cannot verify it.
    const token = await t.parts.emailChannel!.links.verificationToken(intruder.body.account.id, taken);
    const refused = await request(t.app.server).get(`/v1/email/verify?token=${token}`);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVALID_LINK');
    expect((await me(intruder.body.token)).emailVerified).toBe(false);

    // Log-in by the address is the owner's; the intruder logs in by handle.
    expect((await me((await logIn({ email: taken }).expect(200)).body.token)).id).toBe(owner.id);
    const other = 'another password 2';
    await register(`dip${n}`, taken, other).expect(201);
    expect((await logIn({ email: taken }, other)).status).toBe(401);
    await logIn({ handle: `dip${n}` }, other).expect(200);
  });

  it('tells the owner at most once an hour, however often someone tries', async () => {
    // Once per clock hour: not across an hour's turn, which would rightly allow a second email.
    const toNextHour = 3_600_000 - (Date.now() % 3_600_000);
    if (toNextHour < 15_000) await new Promise((resolve) => setTimeout(resolve, toNextHour + 100));
    const n = unique();
    const taken = `often${n}@example.test`;
    await verifiedOwner(`own${n}`, taken);
    for (const prefix of ['aaa', 'bbb', 'ccc']) await register(`${prefix}${n}`, taken).expect(201);
    await emailJobsDone();
    expect(await waitForMails(taken, 1, isNotice)).toHaveLength(1);
    // Queued once, so nothing more is on its way.
    expect((await mailsTo(taken)).filter(isNotice)).toHaveLength(1);
  });
});

describe('an address no account has verified yet', () => {
  it('gets each registration its link; the first to verify owns it, the other link stops working; log-in by email follows', async () => {
    const n = unique();
    const shared = `shared${n}@example.test`;
    const first = await register(`fst${n}`, shared, 'first password 1').expect(201);
    const second = await register(`snd${n}`, shared, 'second password 2').expect(201);
    const [toFirst] = await waitForMails(shared, 1, greets(`fst${n}`));
    const [toSecond] = await waitForMails(shared, 1, greets(`snd${n}`));
    expect(toFirst && toSecond, 'a verification email to each').toBeTruthy();

    // Until one verifies, log-in by email is the first registered's.
    expect((await me((await logIn({ email: shared }, 'first password 1').expect(200)).body.token)).id).toBe(first.body.account.id);
    expect((await logIn({ email: shared }, 'second password 2')).status).toBe(401);

    expect((await fetch(verifyLink(toSecond!))).status).toBe(200);
    expect((await fetch(verifyLink(toFirst!))).status).toBe(400);
    expect((await me(first.body.token)).emailVerified).toBe(false);
    expect((await me(second.body.token)).emailVerified).toBe(true);

    expect((await me((await logIn({ email: shared }, 'second password 2').expect(200)).body.token)).id).toBe(second.body.account.id);
    expect((await logIn({ email: shared }, 'first password 1')).status).toBe(401);
    await logIn({ handle: `fst${n}` }, 'first password 1').expect(200);
  });
});
