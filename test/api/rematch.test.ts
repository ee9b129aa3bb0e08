// Rematches over HTTP on the real Postgres: against a bot the rematch starts at once, seats
// rotated; between two people it waits for the other's yes, a no closes it, a new offer can follow,
// and answers sent at once start one game only.

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { call, readGame, register, type HttpPlayer } from '../support/http-client.ts';
import { blockWar, surrender, toFirstTurn } from './players-support.ts';

interface Rematch {
  offeredBy: number;
  accepted: number[];
  declined: number[];
  waitingFor: number[];
  status: 'open' | 'declined' | 'started';
  game: string | null;
}

interface Seats {
  status: string;
  options: { seats: { block: string }[] };
  seats: { seat: number; player: string | null; bot: boolean }[];
}

/** A Block War game of these seats, ended: the first player surrenders. */
async function ended(base: string, seats: (HttpPlayer | 'bot')[]): Promise<string> {
  const players = seats.filter((s): s is HttpPlayer => s !== 'bot');
  const id = await blockWar(base, players[0]!, seats);
  await toFirstTurn(base, id, seats);
  await surrender(base, id, players.slice(0, Math.max(1, players.length - 1)));
  return id;
}

const post = async (base: string, path: string, p: HttpPlayer) => call(base, 'POST', path, { token: p.token });
const code = (body: unknown) => (body as { code: string }).code;

describe('rematches', () => {
  const t = useTestApp();

  it('against a bot, the offer is everyone’s yes: the rematch starts at once, each seat one on, the bot’s seat a bot’s', async () => {
    const fay = await register(t.base, 'rm-fay');
    const id = await ended(t.base, [fay, 'bot']);
    const offered = await post(t.base, `/v1/games/${id}/rematch`, fay);
    expect(offered.status, offered.text).toBe(200);
    const rematch = offered.body as Rematch;
    expect(rematch).toMatchObject({ offeredBy: 0, accepted: [0, 1], declined: [], waitingFor: [], status: 'started' });
    const next = (await readGame(t.base, rematch.game!, fay)) as unknown as Seats;
    expect(next.status).toBe('active');
    // Fay sat at seat 0: she is at seat 1 now, and the bot at seat 0; each seat keeps its own block.
    expect(next.seats.map((s) => ({ player: s.player, bot: s.bot }))).toEqual([
      { player: null, bot: true },
      { player: fay.handle, bot: false },
    ]);
    expect(next.options.seats.map((s) => s.block)).toEqual(['Block 0', 'Bot Block 1']);
    // Offering again answers the same offer; so does reading it.
    expect(((await post(t.base, `/v1/games/${id}/rematch`, fay)).body as Rematch).game).toBe(rematch.game);
    expect(((await call(t.base, 'GET', `/v1/games/${id}/rematch`)).body as { rematch: Rematch }).rematch).toMatchObject({ status: 'started', game: rematch.game });
  }, 120_000);

  it('between two players: a no closes the offer, a new one can follow, and the yes starts the rematch with the seats rotated', async () => {
    const [gus, hal, ivy] = [await register(t.base, 'rm-gus'), await register(t.base, 'rm-hal'), await register(t.base, 'rm-ivy')];
    const id = await ended(t.base, [gus, hal]);
    expect(code((await post(t.base, `/v1/games/${id}/rematch/accept`, hal)).body)).toBe('NO_REMATCH_OFFER');
    expect(((await call(t.base, 'GET', `/v1/games/${id}/rematch`)).body as { rematch: null }).rematch).toBeNull();

    const open = (await post(t.base, `/v1/games/${id}/rematch`, gus)).body as Rematch;
    expect(open).toMatchObject({ offeredBy: 0, accepted: [0], waitingFor: [1], status: 'open', game: null });
    // Someone not seated cannot answer.
    const stranger = await post(t.base, `/v1/games/${id}/rematch/accept`, ivy);
    expect([stranger.status, code(stranger.body)]).toEqual([403, 'NOT_SEATED']);

    const no = (await post(t.base, `/v1/games/${id}/rematch/decline`, hal)).body as Rematch;
    expect(no).toMatchObject({ declined: [1], waitingFor: [], status: 'declined', game: null });
    const late = await post(t.base, `/v1/games/${id}/rematch/accept`, hal);
    expect([late.status, code(late.body)]).toEqual([409, 'REMATCH_DECLINED']);

    // Offered again, by Hal this time, and accepted by Gus.
    expect((await post(t.base, `/v1/games/${id}/rematch`, hal)).body).toMatchObject({ offeredBy: 1, accepted: [1], declined: [], status: 'open' });
    const yes = (await post(t.base, `/v1/games/${id}/rematch/accept`, gus)).body as Rematch;
    expect(yes).toMatchObject({ accepted: [0, 1], status: 'started' });
    const next = (await readGame(t.base, yes.game!, hal)) as unknown as Seats;
    expect(next.status).toBe('active');
    expect(next.seats.map((s) => s.player)).toEqual([hal.handle, gus.handle]);
    // Once started, a no is refused and a yes answers as it is.
    expect(code((await post(t.base, `/v1/games/${id}/rematch/decline`, hal)).body)).toBe('REMATCH_STARTED');
    expect(((await post(t.base, `/v1/games/${id}/rematch/accept`, hal)).body as Rematch).game).toBe(yes.game);
  }, 120_000);

  it('an offer and an answer sent at once start one game, and a game not over cannot be rematched', async () => {
    const [jo, kim] = [await register(t.base, 'rm-jo'), await register(t.base, 'rm-kim')];
    const id = await ended(t.base, [jo, kim]);
    const answers = await Promise.all([post(t.base, `/v1/games/${id}/rematch`, jo), post(t.base, `/v1/games/${id}/rematch`, kim)]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const final = ((await call(t.base, 'GET', `/v1/games/${id}/rematch`)).body as { rematch: Rematch }).rematch;
    expect(final.status).toBe('started');
    const { rows } = await t.db.pool.query(`SELECT id FROM games WHERE id <> $1 AND created_at > (SELECT created_at FROM games WHERE id = $1) AND options->>'createdBy' IN (SELECT id::text FROM accounts WHERE handle IN ($2, $3))`, [id, jo.handle, kim.handle]);
    expect(rows.map((r) => r.id)).toEqual([final.game]);

    const running = await blockWar(t.base, jo, [jo, kim]);
    const early = await post(t.base, `/v1/games/${running}/rematch`, jo);
    expect([early.status, code(early.body)]).toEqual([409, 'REMATCH_TOO_EARLY']);
  }, 120_000);
});
