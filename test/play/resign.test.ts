// Resigning over HTTP, in every game (issue 31; docs/rulings.md R70–R72, M25, BW36): each game's
// giving-up command is among the seat's `anytimeCommands` and named in `givingUp`; sent, it ends
// the game or lets it go on as the game's ruling says, and the finished game verifies from its
// public log alone (src/service/verify-public.ts).

import { describe, expect, it } from 'vitest';
import { verifyPublic } from '../../src/service/verify-public.ts';
import { GAMES as REGISTERED } from '../../src/service/registry.ts';
import { useTestApp } from '../support/app.ts';
import { call, postCommand, readGame, register, startGame, type HttpPlayer } from '../support/http-client.ts';

const t = useTestApp();

const verified = async (id: string) => {
  const verdict = await verifyPublic(REGISTERED, async (path) => (await call(t.base, 'GET', path)).body, id);
  expect(verdict.ok, verdict.lines.join('\n')).toBe(true);
};
const winnersOf = async (id: string) => ((await readGame(t.base, id, null)).view as { winners?: number[] }).winners;
const eventTypes = (answer: { body: unknown }) => (answer.body as { events: { data: { type: string } }[] }).events.map((e) => e.data.type);

async function create(owner: HttpPlayer, body: object, seat = 0): Promise<string> {
  const created = await call(t.base, 'POST', '/v1/games', { token: owner.token, body: { ...body, seat } });
  expect(created.status, created.text).toBe(201);
  return (created.body as { id: string }).id;
}

describe('resigning, in every game', () => {
  it('Helter Skelter, two players: the seat not awaited resigns during set-up and the other wins; the log verifies (R72)', async () => {
    const players = [await register(t.base, 'rs-a'), await register(t.base, 'rs-b')];
    const id = await startGame(t.base, players);
    const mine = await readGame(t.base, id, players[1]!);
    expect(mine.anytimeCommands).toEqual([{ type: 'RESIGN' }]);
    expect((mine as unknown as { givingUp: string[] }).givingUp).toEqual(['RESIGN']);
    // Not the spectator's, nor a way to answer what the game awaits.
    expect((await readGame(t.base, id, null)).anytimeCommands).toEqual([]);
    expect(mine.legalCommands.some((c) => c.type === 'RESIGN')).toBe(false);
    const gave = await postCommand(t.base, id, players[1]!, { type: 'RESIGN' });
    expect(gave.status, gave.text).toBe(200);
    expect(eventTypes(gave)).toEqual(expect.arrayContaining(['SeatResigned', 'SeatEliminated', 'GameEnded']));
    expect((await readGame(t.base, id, null)).status).toBe('finished');
    await verified(id);
    // Once over, nobody resigns again.
    expect((await postCommand(t.base, id, players[0]!, { type: 'RESIGN' })).body).toMatchObject({ code: 'GAME_OVER' });
  });

  it('Helter Skelter, three players: with the others tied the game goes on; the next resignation ends it; the log verifies (R72)', async () => {
    const players = [await register(t.base, 'rs-c'), await register(t.base, 'rs-d'), await register(t.base, 'rs-e')];
    const id = await startGame(t.base, players);
    expect((await postCommand(t.base, id, players[2]!, { type: 'RESIGN' })).status).toBe(200);
    const after = await readGame(t.base, id, players[0]!);
    expect(after.status).toBe('active');
    expect(after.awaiting.map((a) => a.seat)).not.toContain(2);
    expect((await readGame(t.base, id, players[2]!)).anytimeCommands).toEqual([]);
    expect((await postCommand(t.base, id, players[0]!, { type: 'RESIGN' })).status).toBe(200);
    expect((await readGame(t.base, id, null)).status).toBe('finished');
    expect(await winnersOf(id)).toEqual([1]);
    await verified(id);
  });

  it('Helter Skelter solo: the Dark Judges win; the log verifies (R71)', async () => {
    const p = await register(t.base, 'rs-solo');
    const id = await create(p, { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }], solo: true } });
    expect((await readGame(t.base, id, p)).anytimeCommands).toEqual([{ type: 'RESIGN' }]);
    expect((await postCommand(t.base, id, p, { type: 'RESIGN' })).status).toBe(200);
    expect(await winnersOf(id)).toEqual([1]);
    await verified(id);
  });

  it('Miniatures: the other side wins; the log verifies (M25)', async () => {
    const [a, b] = [await register(t.base, 'rs-m1'), await register(t.base, 'rs-m2')];
    const id = await create(a, { game: 'miniatures', options: { scenario: 'barko-brothers', seats: [{}, {}] } });
    expect((await call(t.base, 'POST', `/v1/games/${id}/seats/1/claim`, { token: b.token })).status).toBe(200);
    const gave = await postCommand(t.base, id, b, { type: 'RESIGN' });
    expect(gave.status, gave.text).toBe(200);
    const game = await readGame(t.base, id, null);
    expect(game.status).toBe('finished');
    await verified(id);
    const ended = (await call(t.base, 'GET', `/v1/games/${id}/events?after=0`)).body as { events: { data: { type: string; winner?: number; reason?: string } }[] };
    expect(ended.events.at(-1)!.data).toMatchObject({ type: 'GameEnded', winner: 0, reason: 'resigned' });
  });
});
