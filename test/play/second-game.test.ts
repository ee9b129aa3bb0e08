// A second game, end to end: Odds and evens (test/support/games/odds-and-evens),
// a module the platform has never heard of, given to buildApp as `extraGames` and played over
// HTTP on the real Postgres: the lobby, commands, hidden picks, a response window expiring on a
// real short deadline with its default applied, standing orders, webhooks to a local receiver and
// an email through a local SMTP server — all in the game's own words — and its schemas in the
// OpenAPI document beside Helter Skelter's. Only HTTP behaviour is checked.

import { simpleParser, type ParsedMail } from 'mailparser';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSmtpReceiver } from '../notify/email/fixtures.ts';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { GAMES } from '../../src/service/registry.ts';
import { oddsAndEvens } from '../support/games/odds-and-evens/index.ts';
import { HttpReceiver } from '../support/http-receiver.ts';
import { verifyDatabase } from '../support/event-log.ts';
import { verifyPublic } from '../../src/service/verify-public.ts';
import { verifyAll } from '../../src/service/verify.ts';
import { EventStore } from '../../src/store/event-store.ts';
import { storedGames } from '../../src/store/game-records.ts';
import { call, postCommand, readGame, register, type GameAnswer, type HttpPlayer } from '../support/http-client.ts';

const PUBLIC_URL = 'https://play.example.test';

const receiver = new HttpReceiver();
const smtp = useSmtpReceiver('Judge Dredd play-by-web <no-reply@example.org>');

beforeAll(async () => {
  await receiver.start();
});

afterAll(async () => {
  await receiver.stop();
});

const t = useTestApp(() => ({
  extraGames: [oddsAndEvens],
  worker: QUICK_WORKER,
  mail: smtp.mail(),
  webhookPolicy: { allowHttp: true, allowPrivate: true },
  publicUrl: PUBLIC_URL,
  webhookRetryScale: 0.001,
}));

/** Every mail received for `player`, parsed, once `count` match `match` (or after `ms`). */
async function mailsTo(player: HttpPlayer, count: number, match: (mail: ParsedMail) => boolean, ms = 10_000): Promise<ParsedMail[]> {
  const address = `${player.handle}@example.test`.toLowerCase();
  const stop = Date.now() + ms;
  for (;;) {
    const mails = (await Promise.all(smtp.received.filter((m) => m.to.includes(address)).map((m) => simpleParser(m.raw)))).filter(match);
    if (mails.length >= count || Date.now() > stop) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A player whose address is verified and who wants every email at once. */
async function verified(prefix: string): Promise<HttpPlayer> {
  const player = await register(t.base, prefix);
  const [mail] = await mailsTo(player, 1, (m) => /Confirm your email/.test(m.subject ?? ''));
  expect(mail, `verification email for ${player.handle}`).toBeDefined();
  // Links point at PUBLIC_URL: followed here against the app itself.
  const link = /\/v1\/email\/verify\?token=\S+/.exec(mail!.text!)?.[0];
  expect(link, mail!.text).toBeDefined();
  expect((await fetch(`${t.base}${link}`)).status).toBe(200);
  const changed = await call(t.base, 'PUT', '/v1/me/notifications', { token: player.token, body: { quietMinutes: 0 } });
  expect(changed.status, changed.text).toBe(200);
  return player;
}

async function create(owner: HttpPlayer, clock: unknown): Promise<string> {
  const created = await call(t.base, 'POST', '/v1/games', {
    token: owner.token,
    body: { game: 'odds-and-evens', options: { seats: [{ side: 'odd' }, { side: 'even' }], clock } },
  });
  expect(created.status, created.text).toBe(201);
  expect(created.body).toMatchObject({ game: 'odds-and-evens', status: 'open', awaiting: [], options: { seats: [{ side: 'odd' }, { side: 'even' }] } });
  return (created.body as { id: string }).id;
}

async function claimBoth(id: string, players: HttpPlayer[]): Promise<void> {
  for (const [seat, player] of players.entries()) {
    const claimed = await call(t.base, 'POST', `/v1/games/${id}/seats/${seat}/claim`, { token: player.token });
    expect(claimed.status, claimed.text).toBe(200);
  }
}

type SeatView = { seat: number; side: string; picked: boolean; pick?: number | null; orders?: { respond: string } };
const seatsOf = (game: GameAnswer) => (game.view as { seats: SeatView[] }).seats;

async function until(id: string, player: HttpPlayer, done: (game: GameAnswer) => boolean, ms = 10_000): Promise<GameAnswer> {
  const stop = Date.now() + ms;
  for (;;) {
    const game = await readGame(t.base, id, player);
    if (done(game) || Date.now() > stop) return game;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('a second game, played over HTTP beside Helter Skelter', () => {
  it('publishes its schemas in the OpenAPI document, beside Helter Skelter’s, under one oneOf with a discriminator on `game`', async () => {
    const res = await call(t.base, 'GET', '/openapi.json');
    expect(res.status).toBe(200);
    const schemas = (res.body as { components: { schemas: Record<string, Record<string, unknown>> } }).components.schemas;
    for (const name of ['Game', 'Options', 'View', 'Command', 'Event', 'NewGame', 'Side', 'StandingOrders'])
      expect(schemas, `OddsAndEvens${name}`).toHaveProperty(`OddsAndEvens${name}`);
    expect(schemas.GameResource).toMatchObject({
      oneOf: [
        { $ref: '#/components/schemas/HelterSkelterGame' },
        { $ref: '#/components/schemas/BlockWarGame' },
        { $ref: '#/components/schemas/MiniaturesGame' },
        { $ref: '#/components/schemas/OddsAndEvensGame' },
      ],
      discriminator: {
        propertyName: 'game',
        mapping: {
          'helter-skelter': '#/components/schemas/HelterSkelterGame',
          'block-war': '#/components/schemas/BlockWarGame',
          miniatures: '#/components/schemas/MiniaturesGame',
          'odds-and-evens': '#/components/schemas/OddsAndEvensGame',
        },
      },
    });
    expect(schemas.Command).toMatchObject({
      anyOf: [
        { $ref: '#/components/schemas/HelterSkelterCommand' },
        { $ref: '#/components/schemas/BlockWarCommand' },
        { $ref: '#/components/schemas/MiniaturesCommand' },
        { $ref: '#/components/schemas/OddsAndEvensCommand' },
      ],
    });
    // Its own names point at its own parts, not Helter Skelter's.
    expect(JSON.stringify(schemas.OddsAndEvensView)).toContain('#/components/schemas/OddsAndEvensStandingOrders');
    expect((schemas.Awaited as { properties: { situation: { enum: string[] } } }).properties.situation.enum).toEqual([...new Set([...GAMES.values(), oddsAndEvens].flatMap((module) => Object.keys(module.situations)))]);
    expect((schemas.Awaited as { properties: { situation: { enum: string[] } } }).properties.situation.enum.slice(-2)).toEqual(['pick', 'respond']);
    const createGame = (res.body as { paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: object; examples: object }> } }>> }).paths['/v1/games']!.post!
      .requestBody.content['application/json']!;
    expect(createGame.schema).toMatchObject({
      oneOf: [
        { $ref: '#/components/schemas/HelterSkelterNewGame' },
        { $ref: '#/components/schemas/BlockWarNewGame' },
        { $ref: '#/components/schemas/MiniaturesNewGame' },
        { $ref: '#/components/schemas/OddsAndEvensNewGame' },
      ],
    });
    expect(createGame.examples).toHaveProperty('oddsAndEvens');
    // Seat numbers are bounded by each game's own `maxSeats` (two here, four for Helter Skelter),
    // and by the largest where any game's seat may appear (a route, `Awaited`).
    const seatMax = (name: string, property: string) => (schemas[name] as { properties: Record<string, { maximum?: number }> }).properties[property]!.maximum;
    expect(seatMax('OddsAndEvensGame', 'mySeat')).toBe(1);
    expect(seatMax('HelterSkelterGame', 'mySeat')).toBe(3);
    expect((schemas.Awaited as { properties: { seat: { maximum: number } } }).properties.seat.maximum).toBe(3);
  });

  it('lobby, hidden picks, a response window expiring into its default, webhooks and email in the game’s words', async () => {
    const alice = await verified('oe-alice');
    const bob = await register(t.base, 'oe-bob');
    const json = (await call(t.base, 'POST', '/v1/webhooks', { token: alice.token, body: { url: `${receiver.base}/alice/json` } })).body as { secret: string };
    const discord = await call(t.base, 'POST', '/v1/webhooks', { token: alice.token, body: { url: `${receiver.base}/alice/discord`, format: 'discord' } });
    expect(discord.status, discord.text).toBe(201);

    // The lobby refuses what the game refuses, and a clock for situations it does not have.
    const sameSides = await call(t.base, 'POST', '/v1/games', { token: alice.token, body: { game: 'odds-and-evens', options: { seats: [{ side: 'odd' }, { side: 'odd' }] } } });
    expect(sameSides.status).toBe(400);
    expect(sameSides.body).toMatchObject({ code: 'INVALID_OPTIONS' });
    const otherClock = await call(t.base, 'POST', '/v1/games', {
      token: alice.token,
      body: { game: 'odds-and-evens', options: { seats: [{ side: 'odd' }, { side: 'even' }], clock: { turn: 5 } } },
    });
    expect(otherClock.status).toBe(400);
    expect(otherClock.body).toMatchObject({ code: 'INVALID_CLOCK' });
    const helterOptions = await call(t.base, 'POST', '/v1/games', { token: alice.token, body: { game: 'odds-and-evens', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] } } });
    expect(helterOptions.status).toBe(400);
    expect(helterOptions.body).toMatchObject({ code: 'VALIDATION_FAILED' });

    // Picks have all the time they need; the response window closes after 0.2 s.
    const id = await create(alice, { pick: 60, respond: 0.2 });
    await claimBoth(id, [alice, bob]);
    let game = await readGame(t.base, id, alice);
    expect(game.status).toBe('active');
    expect(game.awaiting.map((a) => [a.seat, a.situation])).toEqual([
      [0, 'pick'],
      [1, 'pick'],
    ]);
    expect(game.legalCommands).toHaveLength(5);
    expect(await call(t.base, 'GET', `/v1/games/${id}/seats/0/orders`, { token: alice.token })).toMatchObject({ status: 200, body: { respond: 'ask' } });

    // Another game's command and another game's order: refused by this game, with the usual codes.
    const helterCommand = await postCommand(t.base, id, alice, { type: 'END_TURN' });
    expect(helterCommand.status).toBe(422);
    expect(helterCommand.body).toMatchObject({ code: 'INVALID_COMMAND' });
    const helterOrder = await call(t.base, 'PUT', `/v1/games/${id}/seats/0/orders`, { token: alice.token, body: { interrupt: 'armed' } });
    expect(helterOrder.status).toBe(422);
    expect(helterOrder.body).toMatchObject({ code: 'INVALID_COMMAND' });

    // Alice picks 3 in secret: she sees it, Bob and spectators see only that she picked.
    const picked = await postCommand(t.base, id, alice, { type: 'PICK', number: 3, windowId: 'w1' });
    expect(picked.status, picked.text).toBe(200);
    expect(seatsOf(await readGame(t.base, id, alice))[0]).toMatchObject({ picked: true, pick: 3 });
    for (const reader of [bob, null]) {
      const seen = await readGame(t.base, id, reader);
      expect(seatsOf(seen)[0]).toEqual({ seat: 0, side: 'odd', picked: true });
      expect(JSON.stringify(seen.view)).not.toContain('"pick":3');
      const events = await call(t.base, 'GET', `/v1/games/${id}/events?after=0`, { token: reader?.token ?? null });
      expect(events.status).toBe(200);
      expect((events.body as { events: { data: object }[] }).events.map((e) => e.data)).toEqual([{ type: 'Picked', seat: 0 }]);
    }
    expect(seatsOf(await readGame(t.base, id, bob))[0]).not.toHaveProperty('orders');

    // Bob picks 4: seat 0 is asked whether to raise, blind, for 0.2 s; nobody answers. The window
    // and its deadline are read from the pick's answer, the seats at the version the pick reached:
    // a plain read on a busy machine may come after the window closed (and a past version shows
    // no deadline).
    const raised = await postCommand(t.base, id, bob, { type: 'PICK', number: 4 });
    expect(raised.status).toBe(200);
    const { version, awaiting } = raised.body as { version: number; awaiting: GameAnswer['awaiting'] };
    expect(awaiting).toMatchObject([{ seat: 0, situation: 'respond', windowId: 'w2' }]);
    expect(Date.parse(awaiting[0]!.deadline!) - Date.now()).toBeLessThan(1000);
    game = await readGame(t.base, id, alice, `?at=${version}`);
    expect(game.awaiting).toMatchObject([{ seat: 0, situation: 'respond', windowId: 'w2' }]);
    expect(seatsOf(game)[1]).toEqual({ seat: 1, side: 'even', picked: true });

    game = await until(id, bob, (g) => g.status === 'finished');
    expect(game.status).toBe('finished');
    // The default: no raise. 3 + 4 is odd: Alice (odd) wins; every pick is shown now.
    expect(game.view).toMatchObject({ phase: 'over', raised: false, winner: 0 });
    expect(seatsOf(game).map((s) => s.pick)).toEqual([3, 4]);
    const log = await call(t.base, 'GET', `/v1/games/${id}/commands`);
    const commands = (log.body as { commands: { sender: { kind: string }; command: { type: string } }[] }).commands;
    expect(commands.at(-1)).toMatchObject({ sender: { kind: 'system' }, command: { type: 'EXPIRE_WINDOW' } });

    // Webhooks: our JSON names the situations; Discord says them in the game's words.
    const jsonGot = await receiver.waitFor('/alice/json', (got) => got.some((g) => g.body.includes('"respond"')));
    const payloads = jsonGot.map((g) => new Webhook(json.secret).verify(g.body, g.headers) as { type: string; data: { situation: string | null; game: { id: string; title: string } } });
    expect(payloads.filter((p) => p.data.game.id === id).map((p) => [p.type, p.data.situation])).toEqual(
      expect.arrayContaining([
        ['seat.awaited', 'pick'],
        ['seat.awaited', 'respond'],
      ]),
    );
    expect(payloads[0]!.data.game.title).toBe('Odds and Evens: odd v even');
    const discordGot = await receiver.waitFor('/alice/discord', (got) => got.some((g) => g.body.includes('chance to raise')));
    const contents = discordGot.map((g) => (JSON.parse(g.body) as { content: string }).content);
    expect(contents).toEqual(expect.arrayContaining(['Seat 0: your secret pick in **Odds and Evens: odd v even**.', 'Seat 0: your chance to raise in **Odds and Evens: odd v even**.']));

    // Email: the subject and the ask are the game's.
    const about = (m: ParsedMail) => m.headers.get('x-game-id') === id;
    const [pickMail] = await mailsTo(alice, 1, (m) => about(m) && /^Pick a number in /.test(m.subject ?? ''));
    expect(pickMail, 'the pick email').toBeDefined();
    expect(pickMail!.text).toContain('The picking has begun.');
    expect(pickMail!.text).toContain('Pick a number from 1 to 5: nobody sees it until both have picked.');
    const [raiseMail] = await mailsTo(alice, 1, (m) => about(m) && /^Raise or not in /.test(m.subject ?? ''));
    expect(raiseMail, 'the raise email').toBeDefined();
    expect(raiseMail!.subject).toBe('Raise or not in Odds and Evens: odd v even');
    expect(raiseMail!.text).toContain('Both have picked: raise the stakes, or let the picks be shown.');

    // The end, with its winner from the contract's `winners`: 3 + 4 is odd, Alice's seat 0 won.
    const endedGot = await receiver.waitFor('/alice/json', (got) => got.some((g) => g.body.includes('"game.ended"')));
    const ended = endedGot.map((g) => JSON.parse(g.body) as { type: string; data: { game: { id: string }; summary: string } }).find((p) => p.type === 'game.ended' && p.data.game.id === id);
    expect(ended?.data.summary).toBe(`The game is over (Seat 0 (${alice.handle})): Seat 0 (${alice.handle}) won.`);
    const [endMail] = await mailsTo(alice, 1, (m) => about(m) && /is over$/.test(m.subject ?? ''));
    expect(endMail?.subject).toBe('Odds and Evens: odd v even is over');
    expect(endMail?.text).toContain(`The game has ended: Seat 0 (${alice.handle}) won.`);

    // Verification asks the registry the app was given (issue 29): a game that is not among the
    // registered ones is verified like any other, from the store and from the public API.
    const registry = t.parts.gameService.registry;
    expect(registry.get('odds-and-evens')).toBe(oddsAndEvens);
    const report = await verifyDatabase(t.db.pool, registry);
    expect(report.mismatches).toEqual([]);
    expect(report.games).toBeGreaterThan(0);
    // `npm run verify -- --game <id>`: the games of one game only.
    const stored = storedGames(new EventStore(t.db.pool));
    expect(await verifyAll(registry, stored, 'odds-and-evens')).toMatchObject({ games: report.games, mismatches: [] });
    expect((await verifyAll(registry, stored, 'block-war')).games).toBe(0);
    const verdict = await verifyPublic(registry, async (path) => (await call(t.base, 'GET', path)).body, id);
    expect(verdict.ok, verdict.lines.join('\n')).toBe(true);
  });

  it('a standing order answers the response window: with `never`, seat 0 is not asked and the game ends on the second pick', async () => {
    const [carol, dave] = [await register(t.base, 'oe-carol'), await register(t.base, 'oe-dave')];
    const id = await create(carol, 'live');
    await claimBoth(id, [carol, dave]);
    const game = await readGame(t.base, id, carol);
    // `live` under this game's own durations: a minute to pick.
    const left = Date.parse(game.awaiting[0]!.deadline!) - Date.now();
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(60_000);

    const set = await call(t.base, 'PUT', `/v1/games/${id}/seats/0/orders`, { token: carol.token, body: { respond: 'never' } });
    expect(set).toMatchObject({ status: 200, body: { respond: 'never' } });
    expect((await call(t.base, 'GET', `/v1/games/${id}/seats/0/orders`, { token: dave.token })).status).toBe(403);

    expect((await postCommand(t.base, id, dave, { type: 'PICK', number: 2 })).status).toBe(200);
    // Dave has picked and is not awaited: no legal command, but the game's anytime commands, which
    // the service accepts from a seat it does not await.
    const waiting = await readGame(t.base, id, dave);
    expect(waiting.awaiting.map((a) => a.seat)).toEqual([0]);
    expect(waiting.legalCommands).toEqual([]);
    expect(waiting.anytimeCommands).toEqual([{ type: 'SET_ORDERS', respond: 'never' }]);
    expect((await call(t.base, 'GET', `/v1/games/${id}`)).body).toMatchObject({ mySeat: null, anytimeCommands: [] });
    expect((await postCommand(t.base, id, dave, { type: 'SET_ORDERS', respond: 'never' })).status).toBe(200);
    expect((await readGame(t.base, id, dave)).anytimeCommands).toEqual([{ type: 'SET_ORDERS', respond: 'ask' }]);
    expect((await postCommand(t.base, id, carol, { type: 'PICK', number: 2 })).status).toBe(200);
    const over = await readGame(t.base, id, dave);
    expect(over.status).toBe('finished');
    // 2 + 2 is even: Dave (even) wins, and nobody raised.
    expect(over.view).toMatchObject({ phase: 'over', raised: false, winner: 1 });
  });

  it('preferred standing orders are any game’s settings, and each game’s seats get their own game’s at the start', async () => {
    const [erin, frank] = [await register(t.base, 'oe-erin'), await register(t.base, 'oe-frank')];
    // Before any choice: every setting of every game, at its game's default.
    const fresh = await call(t.base, 'GET', '/v1/me/preferences', { token: erin.token });
    expect(fresh.body).toMatchObject({ orders: { interrupt: 'armed', defence: 'always', respond: 'ask' } });
    const changed = await call(t.base, 'PUT', '/v1/me/preferences', { token: erin.token, body: { orders: { respond: 'never', defence: 'ask' } } });
    expect(changed).toMatchObject({ status: 200, body: { orders: { interrupt: 'armed', defence: 'ask', respond: 'never' } } });
    // A setting no game has is refused, and changes nothing.
    const unknown = await call(t.base, 'PUT', '/v1/me/preferences', { token: erin.token, body: { orders: { bluff: 'always' } } });
    expect(unknown.status).toBe(400);
    expect((await call(t.base, 'GET', '/v1/me/preferences', { token: erin.token })).body).toEqual(changed.body);

    const id = await create(erin, 'live');
    await claimBoth(id, [erin, frank]);
    // Odds and Evens gets its own setting (and nothing of Helter Skelter's `defence`).
    const own = await until(id, erin, (game) => seatsOf(game)[0]!.orders?.respond === 'never');
    expect(seatsOf(own)[0]!.orders).toEqual({ respond: 'never' });
    expect((await call(t.base, 'GET', `/v1/games/${id}/seats/1/orders`, { token: frank.token })).body).toEqual({ respond: 'ask' });
  });
});
