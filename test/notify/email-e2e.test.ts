// Email end to end: the app with its worker, a real SMTP receiver (smtp-server), the
// mails parsed with mailparser, and every link in them followed against the running service.

import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { call, playMoves, postCommand, readGame, register, startGame, type HttpPlayer } from '../support/http-client.ts';
import { useSmtpReceiver } from './email/fixtures.ts';

const smtp = useSmtpReceiver();

const t = useTestApp(() => ({ worker: QUICK_WORKER, mail: smtp.mail() }));

const addressOf = (player: HttpPlayer) => `${player.handle}@example.test`.toLowerCase();

/** Every mail received for `player`, parsed, oldest first. */
async function mailsTo(player: HttpPlayer): Promise<ParsedMail[]> {
  const raws = smtp.received.filter((mail) => mail.to.includes(addressOf(player)));
  return Promise.all(raws.map((mail) => simpleParser(mail.raw)));
}

/** Waits until `player` has received `count` mails matching `match` (at most `ms`), and returns those. */
async function waitForMails(player: HttpPlayer, count: number, match: (mail: ParsedMail) => boolean = () => true, ms = 10_000): Promise<ParsedMail[]> {
  const stop = Date.now() + ms;
  for (;;) {
    const mails = (await mailsTo(player)).filter(match);
    if (mails.length >= count || Date.now() > stop) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A header as sent, unfolded (mailparser turns List-* headers into objects). */
const header = (mail: ParsedMail, name: string): string | undefined =>
  mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, ' ');

const aboutGame = (id: string) => (mail: ParsedMail) => mail.headers.get('x-game-id') === id;
const linkIn = (text: string, pattern: RegExp): string => {
  const found = pattern.exec(text)?.[0];
  if (!found) throw new Error(`no link ${pattern} in:\n${text}`);
  return found;
};

async function verified(prefix: string, settings: object = { quietMinutes: 0 }): Promise<HttpPlayer> {
  const player = await register(t.base, prefix);
  const [mail] = await waitForMails(player, 1, (m) => /Confirm your email/.test(m.subject ?? ''));
  expect(mail, `verification email for ${player.handle}`).toBeDefined();
  const link = linkIn(mail!.text!, /http:\/\/\S+\/v1\/email\/verify\?token=\S+/);
  const opened = await fetch(link);
  expect(opened.status).toBe(200);
  const changed = await call(t.base, 'PUT', '/v1/me/notifications', { token: player.token, body: settings });
  expect(changed.status, changed.text).toBe(200);
  return player;
}

describe('email verification', () => {
  it('registration sends a link that verifies the address, once', async () => {
    const player = await register(t.base, 'ver');
    const [mail] = await waitForMails(player, 1);
    expect(mail!.subject).toMatch(/Confirm your email address/);
    const link = linkIn(mail!.text!, /http:\/\/\S+\/v1\/email\/verify\?token=\S+/);
    expect(link.startsWith(t.base)).toBe(true);
    expect((await call(t.base, 'GET', '/v1/me', { token: player.token })).body).toMatchObject({ emailVerified: false });

    const opened = await fetch(link);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/text\/html/);
    expect((await call(t.base, 'GET', '/v1/me', { token: player.token })).body).toMatchObject({ emailVerified: true });
    expect((await fetch(link)).status).toBe(400);
    expect((await call(t.base, 'POST', '/v1/me/email/verification', { token: player.token })).status).toBe(409);
  });

  it('a player may ask for the link again', async () => {
    const player = await register(t.base, 'again');
    await waitForMails(player, 1);
    const asked = await call(t.base, 'POST', '/v1/me/email/verification', { token: player.token });
    expect(asked.status).toBe(202);
    const mails = await waitForMails(player, 2);
    expect(mails).toHaveLength(2);
    expect((await fetch(linkIn(mails[1]!.text!, /http:\/\/\S+\/v1\/email\/verify\?token=\S+/))).status).toBe(200);
  });
});

describe('notification emails', () => {
  it('the awaited player gets an email with both parts, unsubscribe headers and a game link that works', async () => {
    const [alice, bob] = [await verified('alice'), await verified('bob')];
    const id = await startGame(t.base, [alice!, bob!]);
    const [mail] = await waitForMails(alice!, 1, aboutGame(id));
    expect(mail, 'the set-up email').toBeDefined();
    expect(mail!.subject).toMatch(/^Choose starting cards in /);
    expect(mail!.from?.text).toContain('no-reply@example.org');
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail!, 'List-Unsubscribe')).toMatch(new RegExp(`^<${t.base}/v1/email/unsubscribe\\?token=`));
    expect(mail!.text).toContain('Deadline: ');
    expect(mail!.html).toContain(`href="${t.base}/games/${id}"`);

    // The link is the web client's page of the game, which reads the game's API resource.
    const gameLink = linkIn(mail!.text!, /Open the game: (\S+)/).replace('Open the game: ', '');
    expect(gameLink).toBe(`${t.base}/games/${id}`);
    const opened = await call(t.base, 'GET', `/v1${gameLink.slice(t.base.length)}`, { token: alice!.token });
    expect(opened.status).toBe(200);
    expect((opened.body as { mySeat: number }).mySeat).toBe(0);

    // Play on until someone's turn begins: that player is told.
    const game = await playMoves(t.base, id, [alice!, bob!], 10, { until: (g) => g.awaiting.some((a) => a.situation === 'turn') });
    const turn = game.awaiting.find((a) => a.situation === 'turn')!;
    const player = [alice!, bob!][turn.seat]!;
    const [turnMail] = await waitForMails(player, 1, (m) => aboutGame(id)(m) && /^Your turn in /.test(m.subject ?? ''));
    expect(turnMail, 'the turn email').toBeDefined();
  });

  it('a notify job run again after its email went out sends it no second time', async () => {
    const [carl, dina] = [await verified('carl'), await verified('dina')];
    const id = await startGame(t.base, [carl, dina]);
    await Promise.all([waitForMails(carl, 1, aboutGame(id)), waitForMails(dina, 1, aboutGame(id))]);
    // The notice the start caused, as its `notify` job carried it; the emails it queued are sent,
    // their jobs gone (a job outlives its email by a moment: a slow CI once read it still queued).
    // A retry of that job (or two) runs the listener again.
    const emailJobs = async () => (await t.db.pool.query(`SELECT 1 FROM graphile_worker.jobs WHERE key LIKE $1`, [`email:%:${id}:%`])).rows;
    for (const stop = Date.now() + 10_000; (await emailJobs()).length > 0 && Date.now() < stop; ) await new Promise((r) => setTimeout(r, 50));
    const game = await readGame(t.base, id, null);
    const notice = {
      gameId: id,
      version: game.version,
      at: new Date().toISOString(),
      awaited: game.awaiting.map((a) => ({ seat: a.seat, windowId: a.windowId, situation: a.situation, deadline: a.deadline! })),
      ended: false,
    };
    await t.parts.emailChannel!.onNotice(notice);
    await t.parts.emailChannel!.onNotice(notice);
    expect(await emailJobs(), 'no email job queued again').toHaveLength(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(await waitForMails(carl, 2, aboutGame(id), 0)).toHaveLength(1);
    expect(await waitForMails(dina, 2, aboutGame(id), 0)).toHaveLength(1);
  });

  it('an unverified address gets nothing but its verification email', async () => {
    const verifiedPlayer = await verified('vfd');
    const unverified = await register(t.base, 'unv');
    const id = await startGame(t.base, [verifiedPlayer, unverified]);
    // The same notify job tells both: once one has mail, the other has been considered.
    await waitForMails(verifiedPlayer, 1, aboutGame(id));
    await new Promise((r) => setTimeout(r, 300));
    expect(await waitForMails(unverified, 1, aboutGame(id), 0)).toHaveLength(0);
    expect(await mailsTo(unverified)).toHaveLength(1);
  });

  it('a digest sends one email for many events', async () => {
    const digester = await verified('dig', { quietMinutes: 0, email: 'digest', digestMinutes: 0.1 });
    const other = await verified('oth');
    const id = await startGame(t.base, [digester, other]);
    const started = Date.now();
    await playMoves(t.base, id, [digester, other], 40, { until: () => Date.now() - started > 3_000 });
    const pending = await t.db.pool.query<{ n: number }>(`SELECT jsonb_array_length(notifications) AS n FROM email_digests WHERE game_id = $1`, [id]);
    expect(pending.rows[0]?.n ?? 0, 'several notifications wait in the digest').toBeGreaterThan(1);
    const mails = await waitForMails(digester, 1, aboutGame(id), 10_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(await waitForMails(digester, 1, aboutGame(id), 0)).toHaveLength(1);
    const combined = Number(/^(\d+) updates in /.exec(mails[0]!.subject ?? '')?.[1]);
    expect(combined).toBeGreaterThanOrEqual(pending.rows[0]!.n);
    expect(mails[0]!.text).toMatch(/1\. /);
  });

  it('one-click unsubscribe turns email off: nothing more arrives', async () => {
    const [leaver, stayer] = [await verified('leave'), await verified('stay')];
    const first = await startGame(t.base, [leaver!, stayer!]);
    const [mail] = await waitForMails(leaver!, 1, aboutGame(first));
    const url = header(mail!, 'List-Unsubscribe')!.replace(/^<|>$/g, '');

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');
    expect((await call(t.base, 'GET', '/v1/me/notifications', { token: leaver!.token })).body).toMatchObject({ email: 'every' });

    const posted = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(posted.status).toBe(200);
    expect((await call(t.base, 'GET', '/v1/me/notifications', { token: leaver!.token })).body).toMatchObject({ email: 'off' });

    const second = await startGame(t.base, [leaver!, stayer!]);
    await waitForMails(stayer!, 1, aboutGame(second));
    await new Promise((r) => setTimeout(r, 300));
    expect(await waitForMails(leaver!, 1, aboutGame(second), 0)).toHaveLength(0);
    const unknown = await fetch(`${t.base}/v1/email/unsubscribe?token=nope`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unknown.status).toBe(404);
  });

  it('no email about a game the player acted in during the quiet period', async () => {
    const busy = await verified('busy', { quietMinutes: 5 });
    const idle = await verified('idle', { quietMinutes: 0 });
    const id = await startGame(t.base, [busy, idle]);
    await waitForMails(busy, 1, aboutGame(id));
    await playMoves(t.base, id, [busy, idle], 20, { seed: 'quiet' });
    const idleMails = await waitForMails(idle, 3, aboutGame(id), 3_000);
    expect(idleMails.length, 'the other player is told each time').toBeGreaterThan(1);
    // The busy player was told of the set-up, before acting; not after.
    expect(await waitForMails(busy, 2, aboutGame(id), 0)).toHaveLength(1);
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM commands WHERE game_id = $1 AND caller_id IN (SELECT id::text FROM accounts WHERE handle = $2)`, [id, busy.handle]);
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('a reminder before a deadline goes only to a seat still awaited then', async () => {
    const late = await verified('late', { quietMinutes: 0, reminderMinutes: 0.05 });
    const prompt = await verified('prompt', { quietMinutes: 0, reminderMinutes: 0.05 });
    const id = await startGame(t.base, [late, prompt], { clock: { setup: 6 } });
    // The prompt player makes every set-up choice at once (one command per character).
    for (let game = await readGame(t.base, id, prompt); game.awaiting.some((a) => a.seat === 1); game = await readGame(t.base, id, prompt)) {
      const acted = await postCommand(t.base, id, prompt, game.legalCommands[0]);
      expect(acted.status, acted.text).toBe(200);
    }
    const reminders = await waitForMails(late, 1, (m) => aboutGame(id)(m) && /^Deadline soon in /.test(m.subject ?? ''), 6_000);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('Your deadline is near');
    expect(await waitForMails(prompt, 1, (m) => /^Deadline soon in /.test(m.subject ?? ''), 0)).toHaveLength(0);
  });

  it('a deadline moved by a vacation moves its reminder instead of sending it', async () => {
    const away = await verified('away', { quietMinutes: 0, reminderMinutes: 60 });
    const id = await startGame(t.base, [away, await verified('home')]);
    const deadline = (await readGame(t.base, id, null)).awaiting.find((a) => a.seat === 0)!.deadline!;
    const key = `remind:%:${id}:%:0`;
    const job = async () => {
      // The payload is only in graphile-worker's private table (its `jobs` view leaves it out).
      const { rows } = await t.db.pool.query<{ payload: { deadline: string }; run_at: Date }>(`SELECT payload, run_at FROM graphile_worker._private_jobs WHERE key LIKE $1`, [key]);
      return rows;
    };
    const stop = Date.now() + 5_000;
    while ((await job()).length === 0 && Date.now() < stop) await new Promise((r) => setTimeout(r, 25));
    const [queued] = await job();
    expect(queued!.payload.deadline).toBe(deadline);
    expect(queued!.run_at.getTime()).toBe(Date.parse(deadline) - 3_600_000);

    expect((await call(t.base, 'POST', '/v1/me/vacation', { token: away.token, body: { days: 1 } })).status).toBe(200);
    const moved = (await readGame(t.base, id, null)).awaiting.find((a) => a.seat === 0)!.deadline!;
    expect(Date.parse(moved) - Date.parse(deadline)).toBe(86_400_000);

    // The job runs (as it would at its time): the deadline moved, so it moves too and sends nothing.
    // (Counting reminders only: the game's first notification may still be on its way.)
    const reminders = async () => (await mailsTo(away)).filter((m) => /^Deadline soon in /.test(m.subject ?? '')).length;
    const before = await reminders();
    await t.parts.emailChannel!.remind(queued!.payload as never);
    const [requeued] = await job();
    expect(requeued!.payload.deadline).toBe(moved);
    expect(requeued!.run_at.getTime()).toBe(Date.parse(moved) - 3_600_000);
    expect(await reminders()).toBe(before);
  });
});
