// A command tried without being sent: would the rules accept it now, and why not, and what the
// game measures of it (GameModule.preview). Nothing is appended, and `decide` is pure, so a
// preview changes nothing; it tells a seat only what sending the command would have told it.

import type { GameStates } from './game-states.ts';
import { Refusal, notFound } from '../platform/refusal.ts';
import type { GameRecords } from './ports/game-records.ts';
import { isPrivate } from './ports/records.ts';
import { seatOf } from './views.ts';

export interface CommandPreview {
  /** The game's module id. */
  game: string;
  /** The version the command was tried at. */
  version: number;
  /** Whether the rules would accept it now. */
  legal: boolean;
  /** Why not, as the refusal would say it; null when legal. */
  problem: { code: string; message: string } | null;
  /** What the game measures of it (its `<Game>Preview`); null for a game that measures nothing. */
  details: unknown;
}

export class Previews {
  private readonly records: GameRecords;
  private readonly states: GameStates;

  constructor(
    records: GameRecords,
    states: GameStates,
  ) {
    this.records = records;
    this.states = states;
  }

  async preview(gameId: string, accountId: string, command: Record<string, unknown>): Promise<CommandPreview> {
    const found = await this.records.read(gameId);
    if (!found) throw notFound(`Game ${gameId}`);
    const { game, seats } = found;
    const seat = seatOf(seats, accountId);
    if (seat === null) throw isPrivate(game) ? notFound(`Game ${gameId}`) : new Refusal('forbidden', 'NOT_SEATED', 'You hold no seat in this game.');
    if (game.status === 'open') throw new Refusal('conflict', 'GAME_NOT_STARTED', 'The game starts when every seat is taken.');
    if (game.status === 'abandoned')
      throw new Refusal('conflict', 'GAME_ABANDONED', 'The game was abandoned: its deadlines kept passing with nobody playing.');
    const module = this.states.moduleOf(game);
    const state = await this.states.at(game);
    const decision = module.decide(state, command, { kind: 'seat', seat });
    return {
      game: module.id,
      version: game.version,
      legal: decision.ok,
      problem: decision.ok ? null : { code: decision.error.code, message: decision.error.message },
      details: module.preview ? (module.preview(state, command, seat) ?? null) : null,
    };
  }
}
