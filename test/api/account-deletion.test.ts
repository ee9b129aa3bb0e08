// Deleting an account (DELETE /v1/me) on the real Postgres: the games it played stay whole for the
// other players and still verify, from the stored log and from the public API alike; it shows as
// "deleted player" at every table, in chat and on its opponents' pages; its seat in a game being
// played goes to the game's default bot, its seat in a game not started is freed; it can no longer
// log in or use any token; its personal data is gone; its handle is free again.

import { describe, expect, it } from 'vitest';
import { GAMES as REGISTERED } from '../../src/service/registry.ts';
import { verifyAll } from '../../src/service/verify.ts';
import { verifyPublic } from '../../src/service/verify-public.ts';
import { EventStore } from '../../src/store/event-store.ts';
import { storedGames } from '../../src/store/game-records.ts';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { call, readGame, register, type HttpPlayer } from '../support/http-client.ts';
import { blockWar, playerPageWhen, surrender, toFirstTurn } from './players-support.ts';

const PASSWORD = 'correct horse battery staple';

interface Page {
  finished: { id: string; result: string | null; opponents: { handle: string | null; bot: string | null }[] }[];
}

async function accountId(t: { db: { pool: import('pg').Pool } }, handle: string): Promise<string> {
  const { rows } = await t.db.pool.query<{ id: string }>('SELECT id FROM accounts WHERE handle = $1', [handle]);
  return rows[0]!.id;
}

describe('deleting an account', () => {
  const t = useTestApp({ worker: QUICK_WORKER });

  it('keeps its games whole and verifiable, shows it as a deleted player, hands its seats on and erases what is personal', async () => {
    const [anna, bill, cara, dave] = [await register(t.base, 'del-anna'), await register(t.base, 'del-bill'), await register(t.base, 'del-cara'), await register(t.base, 'del-dave')];
    // A finished game between Anna and Bill, with a word from Anna at its table.
    const finished = await blockWar(t.base, anna, [anna, bill]);
    const turn = await toFirstTurn(t.base, finished, [anna, bill]);
    await surrender(t.base, finished, [[anna, bill][turn.awaiting[0]!.seat === 0 ? 1 : 0]!]);
    expect((await call(t.base, 'POST', `/v1/games/${finished}/chat`, { token: anna.token, body: { text: 'Good game' } })).status).toBe(201);
    // Its result and ratings are recorded off the command path: before she goes.
    await playerPageWhen<Page>(t.base, bill.handle, (p) => p.finished.some((g) => g.id === finished && g.result !== null));
    // A game Anna and Cara are playing, and a game of Dave's she has a seat in, not started.
    const playing = await blockWar(t.base, cara, [anna, cara]);
    await toFirstTurn(t.base, playing, [anna, cara]);
    const open = await call(t.base, 'POST', '/v1/games', { token: dave.token, body: { game: 'block-war', seat: 0, options: { seats: [{ block: 'One' }, { block: 'Two' }, { block: 'Three' }] } } });
    const openId = (open.body as { id: string }).id;
    expect((await call(t.base, 'POST', `/v1/games/${openId}/seats/1/claim`, { token: anna.token })).status).toBe(200);
    // Her personal access token, and things of hers that are personal.
    const pat = await call(t.base, 'POST', '/v1/me/tokens', { token: anna.token, body: { name: 'script' } });
    expect(pat.status, pat.text).toBe(201);
    const patToken = (pat.body as { token: string }).token;
    expect((await call(t.base, 'PUT', `/v1/me/mutes/${bill.handle}`, { token: anna.token })).status).toBe(200);
    const id = await accountId(t, anna.handle);

    // Refused: a wrong password, a personal access token; nothing changes.
    const wrong = await call(t.base, 'DELETE', '/v1/me', { token: anna.token, body: { password: 'not my password at all' } });
    expect(wrong.status).toBe(403);
    expect((wrong.body as { code: string }).code).toBe('WRONG_PASSWORD');
    const byPat = await call(t.base, 'DELETE', '/v1/me', { token: patToken, body: { password: PASSWORD } });
    expect((byPat.body as { code: string }).code).toBe('SESSION_REQUIRED');
    expect((await call(t.base, 'GET', '/v1/me', { token: anna.token })).status).toBe(200);

    const deleted = await call(t.base, 'DELETE', '/v1/me', { token: anna.token, body: { password: PASSWORD } });
    expect(deleted.status, deleted.text).toBe(204);

    // No token of hers works, and she cannot log in.
    expect((await call(t.base, 'GET', '/v1/me', { token: anna.token })).status).toBe(401);
    expect((await call(t.base, 'GET', '/v1/me', { token: patToken })).status).toBe(401);
    const login = await call(t.base, 'POST', '/v1/sessions', { body: { handle: anna.handle, password: PASSWORD } });
    expect(login.status).toBe(401);

    // The finished game: whole, her seat a deleted player's, her chat message kept under that name.
    const seen = await readGame(t.base, finished, bill);
    expect(seen.status).toBe('finished');
    expect((seen as unknown as { seats: { seat: number; player: string | null }[] }).seats.map((s) => s.player)).toEqual(['deleted player', bill.handle]);
    const chat = await call(t.base, 'GET', `/v1/games/${finished}/chat`, { token: bill.token });
    expect((chat.body as { messages: { author: string; text: string }[] }).messages).toEqual([expect.objectContaining({ author: 'deleted player', text: 'Good game' })]);
    // Bill's page names his opponent as a deleted player; hers is gone.
    const page = await playerPageWhen<Page>(t.base, bill.handle, (p) => p.finished.some((g) => g.id === finished));
    expect(page.finished.find((g) => g.id === finished)!.opponents).toEqual([expect.objectContaining({ handle: 'deleted player', bot: null })]);
    expect((await call(t.base, 'GET', `/v1/players/${anna.handle}`)).status).toBe(404);

    // The logs still replay: from the store, and from the public API as anyone would.
    const report = await verifyAll(REGISTERED, storedGames(new EventStore(t.db.pool)));
    expect(report.mismatches).toEqual([]);
    const verdict = await verifyPublic(REGISTERED, async (path) => (await call(t.base, 'GET', path)).body, finished);
    expect(verdict.ok, JSON.stringify(verdict)).toBe(true);

    // The game being played: her seat is the default bot's now, and the game goes on.
    const going = (await readGame(t.base, playing, cara)) as unknown as { seats: { seat: number; bot: boolean; botKind: string | null; player: string | null }[] };
    expect(going.seats[0]).toMatchObject({ bot: true, botKind: 'heuristic', player: 'deleted player' });
    // Its table says why.
    const said = await call(t.base, 'GET', `/v1/games/${playing}/chat`, { token: cara.token });
    expect((said.body as { messages: { author: string; text: string }[] }).messages).toEqual([
      expect.objectContaining({ author: 'deleted player', text: 'This player has deleted their account: a bot plays their seat from now on.' }),
    ]);
    await surrender(t.base, playing, [cara]);
    expect((await readGame(t.base, playing, cara)).status).toBe('finished');
    // The game not started: her seat is free again.
    const waiting = (await readGame(t.base, openId, dave)) as unknown as { seats: { seat: number; player: string | null }[] };
    expect(waiting.seats[1]!.player).toBeNull();

    // What was personal is gone; the row stays for the games.
    const { rows } = await t.db.pool.query('SELECT handle, email, password_hash, email_verified_at, preferences, deleted_at FROM accounts WHERE id = $1', [id]);
    expect(rows[0]).toMatchObject({ handle: 'deleted player', email: '', password_hash: '', email_verified_at: null, preferences: {}, deleted_at: expect.any(Date) });
    for (const table of ['access_tokens', 'push_subscriptions', 'webhook_subscriptions', 'email_tokens', 'ratings'])
      expect((await t.db.pool.query(`SELECT 1 FROM ${table} WHERE account_id = $1`, [id])).rowCount, table).toBe(0);
    expect((await t.db.pool.query('SELECT 1 FROM chat_mutes WHERE account_id = $1 OR muted_account_id = $1', [id])).rowCount).toBe(0);

    // Her handle is free: anyone may take it, and inherits nothing.
    const again = await call(t.base, 'POST', '/v1/accounts', { body: { handle: anna.handle, email: 'someone-else@example.test', password: PASSWORD } });
    expect(again.status, again.text).toBe(201);
    // The newcomer has played nothing: the page answers as for any such handle.
    expect((await call(t.base, 'GET', `/v1/players/${anna.handle}`)).status).toBe(404);
  }, 240_000);

  it('a second deletion of the same account, with a token made before, is refused as the token is', async () => {
    const erin: HttpPlayer = await register(t.base, 'del-erin');
    expect((await call(t.base, 'DELETE', '/v1/me', { token: erin.token, body: { password: PASSWORD } })).status).toBe(204);
    expect((await call(t.base, 'DELETE', '/v1/me', { token: erin.token, body: { password: PASSWORD } })).status).toBe(401);
    expect((await call(t.base, 'DELETE', '/v1/me', { body: { password: PASSWORD } })).status).toBe(401);
  });
});
