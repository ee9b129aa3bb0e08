// A process that holds a game's row and seats in memory (after its own command on it) reads only
// the row's changing part to serve the game (src/service/views.ts `read`): whatever changes
// elsewhere must still show at once.

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { postCommand, readGame, register, startGame } from '../support/http-client.ts';

const t = useTestApp();

describe('a game this process holds in memory', () => {
  it('shows a seated player’s new handle, written behind its back, on the next read', async () => {
    const players = [await register(t.base, 'held-a'), await register(t.base, 'held-b')];
    const id = await startGame(t.base, players);
    const first = await readGame(t.base, id, players[0]!);
    const seat = first.awaiting[0]!.seat;
    const mine = await readGame(t.base, id, players[seat]!);
    expect((await postCommand(t.base, id, players[seat]!, { ...mine.legalCommands[0], expectedVersion: mine.version })).status).toBe(200);
    const held = await readGame(t.base, id, players[0]!);
    expect(held.seats.map((s) => s.player)).toEqual(players.map((p) => p.handle));

    await t.db.pool.query(`UPDATE accounts SET handle = 'renamed-held' WHERE handle = $1`, [players[1]!.handle]);
    const after = await readGame(t.base, id, players[0]!);
    expect(after.version).toBe(held.version);
    expect(after.seats.map((s) => s.player)).toEqual([players[0]!.handle, 'renamed-held']);
  });

  it('shows deadlines, status and version moved by another writer (the row read, not the memory)', async () => {
    const players = [await register(t.base, 'held-c'), await register(t.base, 'held-d')];
    const id = await startGame(t.base, players);
    const game = await readGame(t.base, id, players[0]!);
    const seat = game.awaiting[0]!.seat;
    const mine = await readGame(t.base, id, players[seat]!);
    expect((await postCommand(t.base, id, players[seat]!, { ...mine.legalCommands[0], expectedVersion: mine.version })).status).toBe(200);
    const held = await readGame(t.base, id, null);

    // Another writer abandons the game (as a sweeper of another process could): no memory of it here.
    await t.db.pool.query(`UPDATE games SET status = 'abandoned', deadlines = '[]', updated_at = now() + interval '1 second' WHERE id = $1`, [id]);
    const after = await readGame(t.base, id, null);
    expect(after.status).toBe('abandoned');
    expect(after.awaiting).toEqual([]);
    expect(after.updatedAt > held.updatedAt).toBe(true);
  });
});
