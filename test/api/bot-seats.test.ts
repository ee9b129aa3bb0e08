// Choosing the bot of each bot seat when creating a game: `bot: "random" | "heuristic"` (or `true`
// for the game's default, heuristic), validated, stored, shown in the game's seats, and played by
// the server to the end.

import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import type { GameRecords } from '../../src/service/ports/game-records.ts';
import { Refusal } from '../../src/platform/refusal.ts';
import { BOT_MIN_DECISION_MS } from '../../src/service/bots.ts';
import { useTestApp } from '../support/app.ts';
import { as, getGame, registerPlayer, send, type Player } from '../support/players.ts';
import { pickCommand } from '../../src/platform/random-player.ts';
import { seedRng } from '../../src/platform/random.ts';

const t = useTestApp();

type Seats = { seat: number; player: string | null; bot: boolean; botKind: string | null }[];

const create = (player: Player, seats: object[]) =>
  request(t.app.server).post('/v1/games').set(as(player)).send({ game: 'helter-skelter', options: { map: 'grand-hall-of-justice', seats } });

describe('bot seats choose their bot', () => {
  it('a game with a heuristic bot seat, against a random one, plays to its end; the seats say which bot plays', async () => {
    const owner = await registerPlayer(t.app, 'botkind');
    const records = (t.parts.gameService.bots as unknown as { records: GameRecords }).records;
    const reads: string[] = [];
    const read = records.read.bind(records);
    const spy = vi.spyOn(records, 'read').mockImplementation((id: string) => (reads.push(id), read(id)));
    const created = await create(owner, [
      { team: 'judges', bot: 'heuristic' },
      { team: 'slaine', bot: 'random' },
      { team: 'nikolai-dante', bot: true },
    ]);
    expect(created.status).toBe(201);
    expect((created.body.seats as Seats).map((s) => [s.bot, s.botKind])).toEqual([
      [true, 'heuristic'],
      [true, 'random'],
      [true, 'heuristic'],
    ]);
    await t.parts.gameService.bots.idle();
    const end = await getGame(t.app, created.body.id, null);
    expect(end.status).toBe('finished');
    // The bots read the game when they start looking, not before each move: after a bot's own
    // command they go on from the game as it left it (src/service/bots.ts).
    const { rows } = await t.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM commands WHERE game_id = $1`, [created.body.id]);
    expect(rows[0]!.n).toBeGreaterThan(50);
    expect(reads.filter((id) => id === created.body.id).length).toBeLessThanOrEqual(5);
    spy.mockRestore();
    expect(end.view.winners.length).toBeGreaterThan(0);
    expect((end.seats as Seats).map((s) => s.botKind)).toEqual(['heuristic', 'random', 'heuristic']);
  }, 120_000);

  it('a player’s seat has no bot kind; a person can play against a heuristic bot to the end', async () => {
    const human = await registerPlayer(t.app, 'botkind');
    const created = await create(human, [{ team: 'judges' }, { team: 'slaine', bot: 'heuristic' }]);
    expect(created.status).toBe(201);
    expect((created.body.seats as Seats).map((s) => s.botKind)).toEqual([null, 'heuristic']);
    const id = created.body.id as string;
    expect((await request(t.app.server).post(`/v1/games/${id}/seats/0/claim`).set(as(human))).status).toBe(200);
    let rng = seedRng('human-vs-heuristic');
    for (let step = 0; step < 20_000; step++) {
      await t.parts.gameService.bots.idle();
      const game = await getGame(t.app, id, human);
      if (game.status === 'finished') break;
      expect(game.awaiting.some((a) => a.seat === 0)).toBe(true);
      let command: { type: string };
      [command, rng] = pickCommand(game.legalCommands, rng);
      expect((await send(t.app, id, human, command)).status).toBe(200);
    }
    expect((await getGame(t.app, id, human)).status).toBe('finished');
    // With a person at the table, no bot answers sooner than BOT_MIN_DECISION_MS after the move it
    // answers: how long it thought would tell of its hand.
    const { rows } = await t.db.pool.query<{ seat: number | null; gap: number | null }>(
      `SELECT seat, extract(epoch FROM accepted_at - lag(accepted_at) OVER (ORDER BY seq)) * 1000 AS gap
         FROM commands WHERE game_id = $1 AND sender_kind = 'seat' ORDER BY seq`,
      [id],
    );
    const botGaps = rows.filter((r) => r.seat === 1 && r.gap !== null).map((r) => Number(r.gap));
    expect(botGaps.length).toBeGreaterThan(10);
    for (const gap of botGaps) expect(gap).toBeGreaterThanOrEqual(BOT_MIN_DECISION_MS - 1);
  }, 120_000);

  it('refuses a bot the game does not offer: 400 problem+json naming the field, and nothing is created', async () => {
    const owner = await registerPlayer(t.app, 'botkind');
    const before = await t.db.pool.query(`SELECT count(*)::int AS n FROM games WHERE options->>'createdBy' IS NOT NULL`);
    for (const bot of ['clever', 'HEURISTIC', '', 'random ']) {
      const res = await create(owner, [{ team: 'judges', bot }, { team: 'slaine' }]);
      expect([bot, res.status]).toEqual([bot, 400]);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.body)).toContain('bot');
    }
    const after = await t.db.pool.query(`SELECT count(*)::int AS n FROM games WHERE options->>'createdBy' IS NOT NULL`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('the service itself refuses an unknown bot with UNKNOWN_BOT, whoever calls it', async () => {
    const owner = await registerPlayer(t.app, 'botkind');
    const me = await request(t.app.server).get('/v1/me').set(as(owner));
    const attempt = t.parts.gameService.create(me.body.id as string, {
      game: 'helter-skelter',
      options: { map: 'grand-hall-of-justice', seats: [{ team: 'judges', bot: 'clever' }, { team: 'slaine' }] },
    });
    await expect(attempt).rejects.toBeInstanceOf(Refusal);
    await expect(attempt).rejects.toMatchObject({ code: 'UNKNOWN_BOT', kind: 'invalid', extensions: { bots: ['random', 'heuristic'] } });
  });
});
