// Block War games played to their end over HTTP, fast: set-up played with each awaited seat's
// first legal command (bots play their own seats), then blocks surrender (BW36) until one is left.

import { expect } from 'vitest';
import { call, postCommand, readGame, type GameAnswer, type HttpPlayer } from '../support/http-client.ts';

/** Seats: a player, or `bot` for a bot seat. */
export async function blockWar(base: string, creator: HttpPlayer, seats: (HttpPlayer | 'bot')[], extra: Record<string, unknown> = {}): Promise<string> {
  const created = await call(base, 'POST', '/v1/games', {
    token: creator.token,
    body: { game: 'block-war', options: { seats: seats.map((s, i) => (s === 'bot' ? { block: `Bot Block ${i}`, bot: true } : { block: `Block ${i}` })) }, ...extra },
  });
  expect(created.status, created.text).toBe(201);
  const id = (created.body as { id: string }).id;
  for (const [seat, p] of seats.entries()) {
    if (p === 'bot') continue;
    const claimed = await call(base, 'POST', `/v1/games/${id}/seats/${seat}/claim`, { token: p.token });
    expect(claimed.status, claimed.text).toBe(200);
  }
  return id;
}

const situation = (game: GameAnswer) => (game.view as { situation: { kind: string } }).situation.kind;

/** Plays set-up through: each awaited player's seat sends its first legal command; bots play theirs. */
export async function toFirstTurn(base: string, id: string, seats: (HttpPlayer | 'bot')[]): Promise<GameAnswer> {
  const watcher = seats.find((s): s is HttpPlayer => s !== 'bot')!;
  for (let i = 0; i < 2000; i++) {
    const game = await readGame(base, id, watcher);
    if (situation(game) === 'turn' || game.status !== 'active') return game;
    const awaited = game.awaiting.map((a) => seats[a.seat]).find((s): s is HttpPlayer => s !== undefined && s !== 'bot');
    if (!awaited) {
      // Only bots are awaited: wait for them (a long-poll on the game's events).
      await call(base, 'GET', `/v1/games/${id}/events?after=${game.version}&wait=5`, { token: watcher.token });
      continue;
    }
    const mine = await readGame(base, id, awaited);
    const sent = await postCommand(base, id, awaited, mine.legalCommands[0]);
    expect([200, 409]).toContain(sent.status);
  }
  throw new Error('set-up did not end');
}

/** Surrenders the players in `order` (after set-up), each as the game stands; the game is then over. */
export async function surrender(base: string, id: string, order: HttpPlayer[]): Promise<void> {
  for (const p of order) {
    const sent = await postCommand(base, id, p, { type: 'SURRENDER' });
    expect(sent.status, sent.text).toBe(200);
  }
}

/** The player page, read until `ready` holds (the outcome is recorded off the command path). */
export async function playerPageWhen<T>(base: string, handle: string, ready: (page: T) => boolean, token: string | null = null): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const res = await call(base, 'GET', `/v1/players/${handle}`, { token });
    if (res.status === 200 && ready(res.body as T)) return res.body as T;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the player page of ${handle} never got there`);
}
