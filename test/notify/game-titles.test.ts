// Every game is titled in its own words in notifications (issue 29): the module's title and its
// options as the game describes them (`GameModule.describeOptions`), not Helter Skelter's option
// names (a map and teams) nor a module id. Proved end to end for the games that once fell back to
// their module id: an email (a real SMTP receiver) and a webhook (a real receiver on loopback).

import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { call, register, type HttpPlayer } from '../support/http-client.ts';
import { HttpReceiver } from '../support/http-receiver.ts';
import { useSmtpReceiver } from './email/fixtures.ts';

const smtp = useSmtpReceiver('Games <no-reply@example.org>');
const receiver = new HttpReceiver();

beforeAll(async () => {
  await receiver.start();
});

afterAll(async () => {
  await receiver.stop();
});

const t = useTestApp(() => ({ worker: QUICK_WORKER, webhookPolicy: { allowHttp: true, allowPrivate: true }, mail: smtp.mail() }));

async function until<T>(find: () => Promise<T | undefined> | T | undefined, what: string, ms = 10_000): Promise<T> {
  const stop = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > stop) throw new Error(`no ${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A player whose address is verified, who wants every email at once, and whose webhook hears of their seats. */
async function notifiedPlayer(prefix: string): Promise<HttpPlayer> {
  const player = await register(t.base, prefix);
  const address = `${player.handle}@example.test`.toLowerCase();
  const mail = await until(async () => {
    const raw = smtp.received.find((m) => m.to.includes(address));
    return raw ? simpleParser(raw.raw) : undefined;
  }, `verification email for ${player.handle}`);
  const link = /http:\/\/\S+\/v1\/email\/verify\?token=\S+/.exec(mail.text ?? '')?.[0];
  expect((await fetch(link!)).status).toBe(200);
  expect((await call(t.base, 'PUT', '/v1/me/notifications', { token: player.token, body: { quietMinutes: 0 } })).status).toBe(200);
  const hook = await call(t.base, 'POST', '/v1/webhooks', { token: player.token, body: { url: `${receiver.base}/${player.handle}` } });
  expect(hook.status, hook.text).toBe(201);
  return player;
}

async function startedGame(game: string, options: object, players: HttpPlayer[]): Promise<string> {
  const created = await call(t.base, 'POST', '/v1/games', { token: players[0]!.token, body: { game, options } });
  expect(created.status, created.text).toBe(201);
  const id = (created.body as { id: string }).id;
  for (const [seat, p] of players.entries()) expect((await call(t.base, 'POST', `/v1/games/${id}/seats/${seat}/claim`, { token: p.token })).status).toBe(200);
  return id;
}

/** The first notification email about game `id` to any of `players`, and the first webhook body about it. */
async function notificationsAbout(id: string, players: HttpPlayer[]): Promise<{ mail: ParsedMail; hook: { data: { game: { id: string; title: string } } } }> {
  const addresses = players.map((p) => `${p.handle}@example.test`.toLowerCase());
  const mail = await until(async () => {
    for (const raw of smtp.received.filter((m) => addresses.some((a) => m.to.includes(a)))) {
      const parsed = await simpleParser(raw.raw);
      if (parsed.headers.get('x-game-id') === id) return parsed;
    }
    return undefined;
  }, `email about ${id}`);
  const hook = await until(() => [...receiver.byPath.values()].flat().map((h) => JSON.parse(h.body) as { data: { game: { id: string; title: string } } }).find((b) => b.data?.game?.id === id), `webhook about ${id}`);
  return { mail, hook };
}

describe('notifications title every game in its own words', () => {
  it('a Block War game is "Block War: 2 blocks" in the email subject and the webhook body', async () => {
    const players = [await notifiedPlayer('bwa'), await notifiedPlayer('bwb')];
    const id = await startedGame('block-war', { seats: [{ block: 'Rick Whitely' }, { block: 'Dolly Parton' }] }, players);
    const { mail, hook } = await notificationsAbout(id, players);
    expect(mail.subject).toContain('Block War: 2 blocks');
    expect(mail.text).toContain('Block War: 2 blocks');
    expect(hook.data.game).toMatchObject({ id, title: 'Block War: 2 blocks' });
  });

  it('a Miniatures game is titled by its scenario: "Judge Dredd Miniatures: The Barko Brothers"', async () => {
    const players = [await notifiedPlayer('mia'), await notifiedPlayer('mib')];
    const id = await startedGame('miniatures', { scenario: 'barko-brothers', seats: [{}, {}] }, players);
    const { mail, hook } = await notificationsAbout(id, players);
    expect(mail.subject).toContain('Judge Dredd Miniatures: The Barko Brothers');
    expect(mail.text).toContain('Judge Dredd Miniatures: The Barko Brothers');
    expect(hook.data.game).toMatchObject({ id, title: 'Judge Dredd Miniatures: The Barko Brothers' });
  });
});
