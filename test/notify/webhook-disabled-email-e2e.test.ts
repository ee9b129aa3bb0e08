// A webhook switched off for failing emails its owner: the app with its worker, a real
// loopback receiver that always fails, a real SMTP receiver (smtp-server), mails parsed with
// mailparser. Retries are shrunk a thousandfold; "failing for over a day" is recorded, not waited for.

import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { call, register, startGame, type HttpPlayer } from '../support/http-client.ts';
import { HttpReceiver } from '../support/http-receiver.ts';
import { useSmtpReceiver } from './email/fixtures.ts';

const smtp = useSmtpReceiver();
/** Answers 500 to everything. */
const receiver = new HttpReceiver(() => 500);

beforeAll(async () => {
  await receiver.start();
});

afterAll(async () => {
  await receiver.stop();
});

const t = useTestApp(() => ({
  worker: QUICK_WORKER,
  mail: smtp.mail(),
  webhookPolicy: { allowHttp: true, allowPrivate: true },
  // Retry waits of at most 5, 10, 20 ms instead of 5, 10, 20 s: five attempts within a second.
  webhookRetryScale: 0.001,
}));

const addressOf = (player: HttpPlayer) => `${player.handle}@example.test`.toLowerCase();

async function waitForMails(player: HttpPlayer, match: (mail: ParsedMail) => boolean, ms = 10_000): Promise<ParsedMail[]> {
  const stop = Date.now() + ms;
  for (;;) {
    const raws = smtp.received.filter((mail) => mail.to.includes(addressOf(player)));
    const mails = (await Promise.all(raws.map((mail) => simpleParser(mail.raw)))).filter(match);
    if (mails.length > 0 || Date.now() > stop) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const isVerification = (m: ParsedMail) => /Confirm your email/.test(m.subject ?? '');
const isSwitchedOff = (m: ParsedMail) => /switched off/.test(m.subject ?? '');

/** A player whose address is verified, by following the link in the verification email. */
async function verified(prefix: string): Promise<HttpPlayer> {
  const player = await register(t.base, prefix);
  const [mail] = await waitForMails(player, isVerification);
  const link = /http:\/\/\S+\/v1\/email\/verify\?token=\S+/.exec(mail!.text!)![0];
  expect((await fetch(link)).status).toBe(200);
  return player;
}

/**
 * A subscription of `owner` to a receiver that always fails, recorded as failing since yesterday,
 * and a game that notifies it: five failed attempts in a row later, it is switched off.
 */
async function failingSubscription(owner: HttpPlayer, name: string): Promise<{ id: string; url: string }> {
  const url = `${receiver.base}/down/${name}`;
  const created = await call(t.base, 'POST', '/v1/webhooks', { token: owner.token, body: { url } });
  expect(created.status, created.text).toBe(201);
  const { id } = created.body as { id: string };
  await t.db.pool.query(`UPDATE webhook_subscriptions SET first_failure_at = now() - interval '25 hours' WHERE id = $1`, [id]);
  await startGame(t.base, [owner, await register(t.base, 'opp')]);
  return { id, url };
}

/** Until the subscription is off and its owner's email job has run (or was never queued). */
async function disabledAndTold(owner: HttpPlayer, id: string): Promise<void> {
  const stop = Date.now() + 10_000;
  for (;;) {
    const shown = await call(t.base, 'GET', `/v1/webhooks/${id}`, { token: owner.token });
    const { rows } = await t.db.pool.query(`SELECT 1 FROM graphile_worker.jobs WHERE key = $1`, [`webhook-disabled:${id}`]);
    if ((shown.body as { enabled: boolean }).enabled === false && rows.length === 0) return;
    if (Date.now() > stop) throw new Error(`subscription ${id} was not disabled, or its email job did not run: ${shown.text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a webhook switched off for failing', () => {
  it('emails its owner, whose address is verified, even with notification emails off', async () => {
    const owner = await verified('own');
    // The email is about the player's account, not a game: `email: off` does not stop it.
    const off = await call(t.base, 'PUT', '/v1/me/notifications', { token: owner.token, body: { email: 'off' } });
    expect(off.status, off.text).toBe(200);
    const hook = await failingSubscription(owner, 'owner');

    const [mail] = await waitForMails(owner, isSwitchedOff);
    expect(mail, 'the switched-off email').toBeDefined();
    expect(receiver.byPath.get('/down/owner')?.length).toBe(5);
    expect(mail!.subject).toBe(`Your webhook to ${hook.url} was switched off`);
    expect(mail!.text).toContain(hook.url);
    expect(mail!.text).toContain(`POST ${t.base}/v1/webhooks/${hook.id}/enable`);
    expect(mail!.text).toContain(`${t.base}/v1/webhooks/${hook.id}/deliveries`);
    expect(mail!.text).toContain('(5 attempts in a row)');
    expect(mail!.text).toContain('The last attempt: HTTP 500.');
    expect(mail!.html).toContain(`href="${t.base}/v1/webhooks/${hook.id}/deliveries"`);

    // What the email says works: the subscription is off, and the enable route switches it on.
    const shown = await call(t.base, 'GET', `/v1/webhooks/${hook.id}`, { token: owner.token });
    expect(shown.body).toMatchObject({ enabled: false, consecutiveFailures: 5 });
    const enabled = await call(t.base, 'POST', `/v1/webhooks/${hook.id}/enable`, { token: owner.token });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ enabled: true, consecutiveFailures: 0 });
    expect(await waitForMails(owner, isSwitchedOff, 0)).toHaveLength(1);
  });

  it('emails nothing to an owner whose address is not verified', async () => {
    const owner = await register(t.base, 'unv');
    const hook = await failingSubscription(owner, 'unverified');
    await disabledAndTold(owner, hook.id);
    expect(receiver.byPath.get('/down/unverified')?.length).toBe(5);
    const mails = await waitForMails(owner, () => true, 0);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/Confirm your email/)]);
  });
});
