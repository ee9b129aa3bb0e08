// "Playing solo against the Dark Judges" over HTTP: a client creates a solo game (`options.solo`),
// takes its one seat — the game starts at once — and plays it to its end using only the API: the
// view, `legalCommands` and `awaiting`. The Dark Judges' turns are played by the server within the
// player's commands, as ordinary events in the feed (which card, which judge, which action, which
// target, why); the solo deck's order is never shown, the cards drawn always are.

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pickCommand } from '../../src/platform/random-player.ts';
import { seedRng, type RngState } from '../../src/platform/random.ts';
import { useTestApp } from '../support/app.ts';
import { as, getGame, registerPlayer, send } from '../support/players.ts';

const t = useTestApp();

interface SoloView {
  deckSize: number;
  drawn: string[];
  discard: string[];
  step: number | null;
  reserve: number;
}

describe('a solo game against the Dark Judges, over HTTP', () => {
  it('refuses a malformed solo game with a stable code, creating nothing', async () => {
    const p = await registerPlayer(t.app);
    for (const [options, code] of [
      [{ map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }], solo: true }, 'BAD_PLAYER_COUNT'],
      [{ map: 'dan-tanna-enid-blyton', seats: [{ team: 'dark-judges' }], solo: true }, 'SOLO_TEAM'],
      [{ map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }] }, 'BAD_PLAYER_COUNT'],
    ] as const) {
      const res = await request(t.app.server).post('/v1/games').set(as(p)).send({ game: 'helter-skelter', options });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe(code);
    }
    const res = await request(t.app.server).post('/v1/games').set(as(p)).send({ game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }], solo: 'yes' } });
    expect(res.status).toBe(400);
  });

  it('one player creates, takes the seat (the game starts at once) and plays to the end', async () => {
    const p = await registerPlayer(t.app);
    const created = await request(t.app.server)
      .post('/v1/games')
      .set(as(p))
      .send({ game: 'helter-skelter', options: { map: 'grand-hall-of-justice', seed: 'solo-e2e', seats: [{ team: 'strontium-dogs' }], solo: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body.seats).toHaveLength(1);
    const claimed = await request(t.app.server).post(`/v1/games/${id}/seats/0/claim`).set(as(p));
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);

    let game = await getGame(t.app, id, p);
    expect(game.status).toBe('active');
    expect(game.awaiting).toEqual([expect.objectContaining({ seat: 0, situation: 'setup' })]);

    let rng: RngState = seedRng('solo-e2e-player');
    const seen = new Set<string>();
    let cursor = 0;
    for (let step = 0; step < 5_000 && game.status !== 'finished'; step++) {
      // Only the player is ever awaited: the Dark Judges are played by the server.
      expect(game.awaiting.every((a) => a.seat === 0), JSON.stringify(game.awaiting)).toBe(true);
      const solo = (game.view as unknown as { solo: SoloView }).solo;
      expect(solo).not.toHaveProperty('deck');
      expect(solo.deckSize + solo.drawn.length + solo.discard.length).toBe(20);
      let command: { type: string };
      [command, rng] = pickCommand(game.legalCommands, rng);
      const res = await send(t.app, id, p, command);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (step % 10 === 0) cursor = await checkFeed(id, cursor, seen);
      game = await getGame(t.app, id, p);
    }
    await checkFeed(id, cursor, seen);
    expect(game.status, 'the game did not finish').toBe('finished');
    expect(game.view.winners.length).toBe(1);
    expect(game.awaiting).toEqual([]);
    for (const type of ['SoloCharactersPlaced', 'DarkJudgesCardDrawn', 'DarkJudgeActed', 'SoloCardResolved', 'SoloCardsDiscarded', 'GameEnded']) expect(seen).toContain(type);

    async function checkFeed(gameId: string, after: number, types: Set<string>): Promise<number> {
      const feed = await request(t.app.server).get(`/v1/games/${gameId}/events?after=${after}`).set(as(p));
      expect(feed.status).toBe(200);
      for (const e of feed.body.events as { type: string; data: Record<string, unknown> }[]) {
        types.add(e.type);
        const text = JSON.stringify(e.data);
        expect(text).not.toContain('"rng"');
        // "the deck order stays hidden from everyone": a reshuffle shows its size only.
        if (e.type === 'SoloDeckReshuffled') expect(Object.keys(e.data).filter((k) => k !== 'type')).toEqual(['size']);
        if (e.type === 'DarkJudgesCardDrawn') expect(e.data.card).toMatch(/^solo-\d\d$/);
        if (e.type === 'DarkJudgeActed') expect(e.data).toEqual(expect.objectContaining({ judge: expect.any(String), action: expect.any(String), result: expect.any(Object) }));
      }
      return (feed.body.events as { seq: number }[]).at(-1)?.seq ?? after;
    }
  }, 180_000);
});
