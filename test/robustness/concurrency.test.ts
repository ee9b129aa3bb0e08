// Concurrency: many requests racing on one game. Whatever order the server takes them
// in, the log stays one unbroken line — events 1..version, commands 1..n, each command's events
// together — every request gets 200, 409 or 422 (never a 500), the log holds exactly the commands
// that got a 200, and replaying it through the rules reproduces it. Idempotency-Key: a repeat
// returns the first response and appends nothing, even fifty at once.

import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOn, type TestApp, useTestApp } from '../support/app.ts';
import { asStored, logProblems, storedLog, verifyDatabase, type StoredLog } from '../support/event-log.ts';
import { postCommand, readGame, register, startGame, type HttpAnswer, type HttpPlayer } from '../support/http-client.ts';

let players: HttpPlayer[];

const t = useTestApp();
beforeAll(async () => {
  players = await Promise.all([0, 1, 2, 3].map(() => register(t.base, 'conc')));
});

type Command = { type: string } & Record<string, unknown>;

interface Shot {
  seat: number;
  body: Command;
  headers: Record<string, string>;
  /** The version the request expects (in its body or If-Match), if any. */
  expects?: number;
}

interface Fired extends Shot {
  res: HttpAnswer;
}

/** Sends every shot at once; the i-th to the i-th server of `servers`, in turn. */
const fire = (id: string, shots: Shot[], servers: string[] = [t.base]): Promise<Fired[]> =>
  Promise.all(shots.map(async (shot, i) => ({ ...shot, res: await postCommand(servers[i % servers.length]!, id, players[shot.seat]!, shot.body, shot.headers) })));

/** Four ways to send a command: plain, expectedVersion in the body, If-Match, weak If-Match. */
function withVersion(seat: number, command: Command, mode: number, version: number): Shot {
  switch (mode % 4) {
    case 1:
      return { seat, body: { ...command, expectedVersion: version }, headers: {}, expects: version };
    case 2:
      return { seat, body: command, headers: { 'if-match': `"${version}"` }, expects: version };
    case 3:
      return { seat, body: command, headers: { 'if-match': `W/"${version}"` }, expects: version };
    default:
      return { seat, body: command, headers: {} };
  }
}

type Events = { seq: number; type: string }[];

/** Checks a round of racing requests against the log before and after it. */
async function checkRound(id: string, before: StoredLog, fired: Fired[]): Promise<{ accepted: Fired[]; after: StoredLog }> {
  for (const f of fired) {
    const what = `${f.res.status} for seat ${f.seat} ${JSON.stringify(f.body)}: ${f.res.text}`;
    expect([200, 409, 422], what).toContain(f.res.status);
    if (f.res.status !== 200) {
      expect(f.res.contentType, what).toMatch(/^application\/problem\+json/);
      expect(f.res.body, what).toMatchObject({ status: f.res.status, code: expect.any(String), detail: expect.any(String) });
    }
    // GAME_BUSY: another server kept changing the game while this one decided (two servers only).
    if (f.res.status === 409) expect(['VERSION_CONFLICT', 'GAME_BUSY'], what).toContain((f.res.body as { code: string }).code);
  }

  const after = await storedLog(t.db.pool, id);
  expect(logProblems(after)).toEqual([]);
  // Nothing before the round changed.
  expect(after.events.slice(0, before.events.length)).toEqual(before.events);
  expect(after.commands.slice(0, before.commands.length)).toEqual(before.commands);

  // The log grew by exactly the commands that got a 200, in some order, with their events.
  const accepted = fired
    .filter((f) => f.res.status === 200 && ((f.res.body as { events: Events }).events.length > 0))
    .sort((a, b) => (a.res.body as { events: Events }).events[0]!.seq - (b.res.body as { events: Events }).events[0]!.seq);
  expect(accepted.length).toBeGreaterThan(0);
  expect(after.commands.length - before.commands.length).toBe(accepted.length);
  const seqs = accepted.flatMap((f) => (f.res.body as { events: Events }).events.map((e) => e.seq));
  expect(seqs).toEqual(Array.from({ length: after.version - before.version }, (_, i) => before.version + 1 + i));
  for (const f of accepted) {
    const answer = f.res.body as { version: number; events: Events };
    expect(answer.version).toBe(answer.events.at(-1)!.seq);
    const stored = answer.events.map((e) => after.events[e.seq - 1]!);
    expect(stored.map((e) => e.type)).toEqual(answer.events.map((e) => e.type));
    const commandSeq = stored[0]!.commandSeq;
    expect(stored.every((e) => e.commandSeq === commandSeq)).toBe(true);
    const command = after.commands[commandSeq - 1]!;
    expect(command.seat).toBe(f.seat);
    expect(command.payload).toEqual(asStored(f.body));
    // A request that named a version was applied only at that version.
    if (f.expects !== undefined) expect(answer.events[0]!.seq).toBe(f.expects + 1);
  }

  const report = await verifyDatabase(t.db.pool, t.parts.gameService.registry);
  expect(report.mismatches).toEqual([]);
  return { accepted, after };
}

/** Spreads picks over a list: the i-th of n picks. */
const spread = <T>(list: T[], i: number): T => list[(i * 7919) % list.length]!;

describe('50 concurrent conflicting commands on one game', () => {
  let id: string;

  it('during set-up, every seat racing with many different choices, some naming the version', async () => {
    id = await startGame(t.base, players, { seed: 'concurrency-setup' });
    const before = await storedLog(t.db.pool, id);
    const legal = await Promise.all(players.map(async (p) => (await readGame(t.base, id, p)).legalCommands));
    for (const list of legal) expect(list.length).toBeGreaterThan(1);

    const shots = Array.from({ length: 50 }, (_, i) => withVersion(i % 4, spread(legal[i % 4]!, i), Math.floor(i / 4), before.version));
    const fired = await fire(id, shots);
    const { accepted } = await checkRound(id, before, fired);
    // Some choices conflict (one character, one map card): not everything can have been accepted.
    expect(accepted.length).toBeLessThan(50);
    expect(fired.filter((f) => f.expects !== undefined && f.res.status === 200).length).toBeLessThanOrEqual(1);
  });

  it('during a turn, the actor racing with many different moves while the other seats barge in', async () => {
    // Finish the set-up one command at a time.
    for (let step = 0; step < 100; step++) {
      const spectator = await readGame(t.base, id, null);
      const awaited = spectator.awaiting[0]!;
      if (awaited.situation === 'turn') break;
      const game = await readGame(t.base, id, players[awaited.seat]!);
      expect((await postCommand(t.base, id, players[awaited.seat]!, game.legalCommands[0])).status).toBe(200);
    }
    const spectator = await readGame(t.base, id, null);
    expect(spectator.awaiting).toHaveLength(1);
    const actor = spectator.awaiting[0]!.seat;
    const legal = (await readGame(t.base, id, players[actor]!)).legalCommands;
    expect(legal.length).toBeGreaterThan(1);
    const before = await storedLog(t.db.pool, id);

    const shots = Array.from({ length: 50 }, (_, i): Shot => {
      const command = spread(legal, i);
      // Every third request comes from a seat that is not awaited, with the actor's command.
      const seat = i % 3 === 2 ? (actor + 1 + (i % 3)) % 4 : actor;
      return withVersion(seat, command, i, before.version);
    });
    const fired = await fire(id, shots);
    const { accepted } = await checkRound(id, before, fired);
    expect(accepted.every((f) => f.seat === actor)).toBe(true);
    for (const f of fired.filter((x) => x.seat !== actor)) expect([409, 422]).toContain(f.res.status);
    expect(fired.filter((f) => f.expects !== undefined && f.res.status === 200).length).toBeLessThanOrEqual(1);
  });
});

describe('two servers on one database', () => {
  // Each server takes one game's commands in turn, but the two race each other: an append lands
  // only if the game is still at the version its command was decided on; the loser decides again.
  let second: TestApp;
  let secondBase: string;

  beforeAll(async () => {
    second = await appOn(t.database.url);
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    secondBase = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await second?.close();
  });

  it('50 conflicting set-up choices split between them leave one unforked log', async () => {
    const id = await startGame(t.base, players, { seed: 'concurrency-two-servers' });
    const before = await storedLog(t.db.pool, id);
    const legal = await Promise.all(players.map(async (p) => (await readGame(t.base, id, p)).legalCommands));
    const shots = Array.from({ length: 50 }, (_, i) => withVersion(i % 4, spread(legal[i % 4]!, i), Math.floor(i / 4), before.version));
    const fired = await fire(id, shots, [t.base, secondBase]);
    const { accepted } = await checkRound(id, before, fired);
    expect(accepted.length).toBeLessThan(50);
  });

  it('a game played through both, every move sent to both at once, keeps one unforked log', async () => {
    const id = await startGame(t.base, players.slice(0, 2), { seed: 'concurrency-two-servers-play' });
    let applied = 0;
    for (let step = 0; step < 40; step++) {
      const spectator = await readGame(t.base, id, null);
      if (spectator.status === 'finished') break;
      const seat = spectator.awaiting[0]!.seat;
      const game = await readGame(step % 2 ? t.base : secondBase, id, players[seat]!);
      // Both servers at once, with the same move: one applies it, the other is refused or applies the next.
      const [a, b] = await Promise.all([t.base, secondBase].map((server) => postCommand(server, id, players[seat]!, game.legalCommands[0])));
      for (const res of [a!, b!]) expect([200, 409, 422], res.text).toContain(res.status);
      applied += [a!, b!].filter((res) => res.status === 200).length;
    }
    const log = await storedLog(t.db.pool, id);
    expect(log.commands.length).toBe(applied);
    expect(logProblems(log)).toEqual([]);
    expect((await verifyDatabase(t.db.pool, t.parts.gameService.registry)).mismatches).toEqual([]);
  });
});

describe('Idempotency-Key', () => {
  let id: string;
  beforeAll(async () => {
    id = await startGame(t.base, players.slice(0, 2), { seed: 'idempotency' });
  });

  /** The seat awaited first, and a command it could send. */
  async function nextMove(n = 0): Promise<{ seat: number; command: Command; others: Command[] }> {
    const spectator = await readGame(t.base, id, null);
    const seat = spectator.awaiting[0]!.seat;
    const legal = (await readGame(t.base, id, players[seat]!)).legalCommands;
    return { seat, command: legal[n % legal.length]!, others: legal.filter((_, i) => i !== n % legal.length) };
  }

  it('a repeat returns the first response and appends nothing; the same key for another request is 409', async () => {
    const { seat, command, others } = await nextMove();
    const key = randomUUID();
    const first = await postCommand(t.base, id, players[seat]!, command, { 'idempotency-key': key });
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // The answer says who acts next, as the game resource does: a client need not read the game for it.
    expect((first.body as { awaiting: unknown }).awaiting).toEqual((await readGame(t.base, id, null)).awaiting);
    const afterFirst = await storedLog(t.db.pool, id);

    for (let i = 0; i < 3; i++) {
      const again = await postCommand(t.base, id, players[seat]!, command, { 'idempotency-key': key });
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(await storedLog(t.db.pool, id)).toEqual(afterFirst);
    }

    // The same key with another body, or the same body naming a version: a different request.
    for (const body of [others[0] ?? { type: 'END_TURN' }, { ...command, expectedVersion: afterFirst.version }, { ...command, windowId: 'w-other' }]) {
      const reused = await postCommand(t.base, id, players[seat]!, body, { 'idempotency-key': key });
      expect(reused.status, reused.text).toBe(409);
      expect(reused.contentType).toMatch(/^application\/problem\+json/);
      expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(await storedLog(t.db.pool, id)).toEqual(afterFirst);
    }
    expect(logProblems(afterFirst)).toEqual([]);
  });

  it('one key sent at once with commands to two games: one applies, the other is 409 IDEMPOTENCY_KEY_REUSED, never a 500', async () => {
    // Two games where players[0] holds seat 0, during set-up (every seat may choose at once).
    const games = [await startGame(t.base, players.slice(0, 2), { seed: 'idem-a' }), await startGame(t.base, players.slice(0, 2), { seed: 'idem-b' })];
    const befores = await Promise.all(games.map((game) => storedLog(t.db.pool, game)));
    const commands = await Promise.all(games.map(async (game) => (await readGame(t.base, game, players[0]!)).legalCommands[0]!));
    const key = randomUUID();
    const answers = await Promise.all(games.map((game, i) => postCommand(t.base, game, players[0]!, commands[i]!, { 'idempotency-key': key })));
    expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join('\n')).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    // The refused game's log is as it was; the other grew by one command.
    const afters = await Promise.all(games.map((game) => storedLog(t.db.pool, game)));
    const grew = afters.map((after, i) => after.commands.length - befores[i]!.commands.length);
    expect(grew.sort()).toEqual([0, 1]);
  });

  it('keys belong to their caller: another player may use the same key for its own request', async () => {
    const { seat, command } = await nextMove();
    const key = randomUUID();
    const other = (seat + 1) % 2;
    // The other seat sends the key first (refused by the rules: nothing stored), then the awaited seat.
    const stranger = await postCommand(t.base, id, players[other]!, command, { 'idempotency-key': key });
    expect([409, 422]).toContain(stranger.status);
    expect((stranger.body as { code: string }).code).not.toBe('IDEMPOTENCY_KEY_REUSED');
    const mine = await postCommand(t.base, id, players[seat]!, command, { 'idempotency-key': key });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.headers.get('idempotent-replayed')).toBeNull();
  });

  it('fifty identical requests at once with one key apply once and all get the first response', async () => {
    const { seat, command } = await nextMove(1);
    const before = await storedLog(t.db.pool, id);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => postCommand(t.base, id, players[seat]!, command, { 'idempotency-key': key })),
    );
    for (const a of answers) expect(a.status, a.text).toBe(200);
    const fresh = answers.filter((a) => a.headers.get('idempotent-replayed') === null);
    expect(fresh).toHaveLength(1);
    for (const a of answers) expect(a.body).toEqual(fresh[0]!.body);

    const after = await storedLog(t.db.pool, id);
    expect(logProblems(after)).toEqual([]);
    expect(after.commands).toHaveLength(before.commands.length + 1);
    expect(after.commands.at(-1)).toMatchObject({ seat, payload: command });
    const answer = fresh[0]!.body as { version: number; events: Events };
    expect(answer.version).toBe(after.version);
    expect(answer.events.map((e) => e.seq)).toEqual(after.events.slice(before.version).map((e) => e.seq));
    expect((await verifyDatabase(t.db.pool, t.parts.gameService.registry)).mismatches).toEqual([]);
  });

  it('fifty different requests at once, each with its own key, then all repeated: nothing applies twice', async () => {
    const { seat } = await nextMove();
    const legal = (await readGame(t.base, id, players[seat]!)).legalCommands;
    const before = await storedLog(t.db.pool, id);
    const sends = Array.from({ length: 50 }, (_, i) => ({ body: spread(legal, i), key: randomUUID() }));
    const firsts = await Promise.all(sends.map((s) => postCommand(t.base, id, players[seat]!, s.body, { 'idempotency-key': s.key })));
    for (const a of firsts) expect([200, 409, 422], a.text).toContain(a.status);
    const middle = await storedLog(t.db.pool, id);
    expect(logProblems(middle)).toEqual([]);
    expect(middle.commands.length - before.commands.length).toBe(firsts.filter((a) => a.status === 200).length);

    const repeats = await Promise.all(sends.map((s) => postCommand(t.base, id, players[seat]!, s.body, { 'idempotency-key': s.key })));
    repeats.forEach((again, i) => {
      if (firsts[i]!.status === 200) {
        expect(again.status).toBe(200);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(again.body).toEqual(firsts[i]!.body);
      } else {
        // A refusal is not stored: the repeat is decided afresh, and the game has moved on.
        expect([200, 409, 422], again.text).toContain(again.status);
      }
    });
    const after = await storedLog(t.db.pool, id);
    expect(logProblems(after)).toEqual([]);
    const newlyApplied = repeats.filter((a, i) => firsts[i]!.status !== 200 && a.status === 200).length;
    expect(after.commands.length - middle.commands.length).toBe(newlyApplied);
    expect((await verifyDatabase(t.db.pool, t.parts.gameService.registry)).mismatches).toEqual([]);
  });
});
