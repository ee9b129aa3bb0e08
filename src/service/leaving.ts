// Leaving a game before it starts (issue 31): its creator calls off an open game, and a seated
// player leaves one, freeing the seat. Both hold the game's row, as a claim does, so neither can
// cross the last claim that starts the game: once it has started, the way out is to resign (the
// game's own command, GameModule.anytimeCommands) or, for someone away, the bot that stands in.

import { isPrivate, type GameRow, type SeatRow } from './ports/records.ts';
import type { GameRecords, HeldGame } from './ports/game-records.ts';
import { Refusal, notFound } from '../platform/refusal.ts';
import { OneAtATime } from '../platform/one-at-a-time.ts';

export class Leaving {
  /** Claims, cancellations and departures of one game wait their turn here before holding its row. */
  private readonly serial = new OneAtATime();

  private readonly records: GameRecords;

  constructor(records: GameRecords) {
    this.records = records;
  }

  /** The creator calls off an open game: it leaves the lobby, and its seats with it. */
  async cancel(gameId: string, accountId: string): Promise<void> {
    await this.held(gameId, accountId, async (held, game) => {
      if ((game.options as { createdBy?: unknown }).createdBy !== accountId)
        throw new Refusal('forbidden', 'NOT_CREATOR', 'Only the player who created this game can call it off.');
      await held.cancel(game.id);
    });
  }

  /** A seated player leaves an open game: the seat is free for someone else. */
  async leave(gameId: string, seat: number, accountId: string): Promise<void> {
    await this.held(gameId, accountId, async (held, game, seats) => {
      const row = seats.find((s) => s.seat === seat);
      if (!row) throw new Refusal('not-found', 'NOT_A_SEAT', `Game ${gameId} has no seat ${seat}.`);
      if (row.accountId !== accountId) throw new Refusal('forbidden', 'NOT_YOUR_SEAT', `Seat ${seat} is not yours.`);
      await held.freeSeat(game.id, seat, accountId);
    });
  }

  /** Runs `work` holding an open game the caller may see; refused once the game has started. */
  private async held(gameId: string, accountId: string, work: (held: HeldGame, game: GameRow, seats: SeatRow[]) => Promise<void>): Promise<void> {
    const done = await this.serial.run(`game:${gameId}`, () =>
      this.records.withGameLocked(gameId, async (held, game, seats) => {
        // A private game is absent to anyone not seated in it, as everywhere (src/service/invites.ts).
        if (isPrivate(game) && !seats.some((s) => s.accountId === accountId) && (game.options as { createdBy?: unknown }).createdBy !== accountId) throw notFound(`Game ${gameId}`);
        if (game.status !== 'open')
          throw new Refusal('conflict', 'GAME_STARTED', 'The game has started: it can no longer be called off or left. Resign instead, from the game itself.');
        await work(held, game, seats);
      }),
    );
    if (!done) throw notFound(`Game ${gameId}`);
  }
}


