// Player pages: a player's games in progress, the games they finished with each one's result,
// opponents and date, a count per game, and their ratings. Only what any visitor may see: the
// games any visitor could list (../ports/players.ts), seats by handle (bots by their bot's name),
// and the recorded results; nothing of any seat's hidden cards. A handle that has played no such
// game answers as a handle that does not exist: the page must not tell who has an account, which
// nothing else does (docs/architecture.md §9).

import { Refusal } from '../platform/refusal.ts';
import type { PlayerGameRow, PlayerRecords, FinishedCursor } from './ports/players.ts';
import type { RatingSystem } from './ports/outcomes.ts';
import type { GameRegistry } from './registry.ts';
import { shownRating } from './rating-systems.ts';

/** Games in progress a page shows at most; finished games come in pages of at most this many. */
export const IN_PROGRESS_SHOWN = 100;
export const MAX_FINISHED_PAGE = 50;

export type Result = 'won' | 'lost' | 'drawn' | 'abandoned';

export interface PlayerGame {
  id: string;
  game: string;
  /** The game's title and options in its words, as its module gives them. */
  title: string;
  status: 'active' | 'finished' | 'abandoned';
  seat: number;
  /** For a game that has ended; null while it runs, or for a moment after it finished. */
  result: Result | null;
  rated: boolean;
  opponents: { seat: number; handle: string | null; bot: string | null }[];
  startedAt: string;
  /** When it ended; null while it runs. */
  endedAt: string | null;
  updatedAt: string;
}

export interface PlayerPage {
  handle: string;
  counts: { game: string; inProgress: number; finished: number; won: number; lost: number; drawn: number; abandoned: number }[];
  ratings: { game: string; system: RatingSystem; rating: number; deviation: number; games: number }[];
  inProgress: PlayerGame[];
  finished: PlayerGame[];
  /** The cursor of the next page of finished games; null on the last. */
  next: string | null;
}

/**
 * A seat's result from the winners its module named: a draw when nobody won or everybody did, a
 * win when the seat is among them (a shared win too), else a loss.
 */
export function resultOf(seat: number, seats: number, winners: readonly number[]): Exclude<Result, 'abandoned'> {
  if (winners.length === 0 || winners.length >= seats) return 'drawn';
  return winners.includes(seat) ? 'won' : 'lost';
}

export class PlayerPages {
  private readonly records: PlayerRecords;
  private readonly registry: GameRegistry;

  constructor(
    records: PlayerRecords,
    registry: GameRegistry,
  ) {
    this.records = records;
    this.registry = registry;
  }

  async page(handle: string, options: { cursor?: string; limit: number }): Promise<PlayerPage> {
    const cursor = options.cursor === undefined ? null : parseCursor(options.cursor);
    const limit = Math.max(1, Math.min(MAX_FINISHED_PAGE, options.limit));
    const account = await this.records.account(handle);
    // The same reads whether or not the handle exists, so that the answer's time does not tell.
    const id = account?.id ?? NO_ACCOUNT;
    const [inProgress, ended] = await Promise.all([
      cursor ? Promise.resolve([]) : this.records.inProgress(id, IN_PROGRESS_SHOWN),
      this.records.ended(id, cursor, limit + 1),
    ]);
    // Read after the games: a result shown has its counts and ratings with it (recorded together).
    const [counts, ratings] = await Promise.all([this.records.counts(id), this.records.ratings(id)]);
    if (!account || counts.length === 0) throw playerNotFound(handle);
    const finishedRows = ended.slice(0, limit);
    const last = finishedRows.at(-1);
    return {
      handle: account.handle,
      counts: counts.map(({ module, ...count }) => ({ game: module, ...count })),
      ratings: ratings.map((r) => ({ game: r.module, system: r.system, rating: shownRating(r.system, r.value), deviation: r.value.deviation, games: r.games })),
      inProgress: inProgress.map((row) => this.game(row)),
      finished: finishedRows.map((row) => this.game(row)),
      next: ended.length > limit && last ? cursorOf({ at: last.updatedAt, id: last.id }) : null,
    };
  }

  private game(row: PlayerGameRow): PlayerGame {
    const module = this.registry.get(row.module);
    const ended = row.status !== 'active';
    return {
      id: row.id,
      game: row.module,
      title: module ? `${module.title}: ${module.describeOptions(row.publicOptions)}` : row.module,
      status: row.status,
      seat: row.seat,
      result: row.status === 'abandoned' ? 'abandoned' : row.status === 'finished' && row.winners ? resultOf(row.seat, row.seats.length, row.winners) : null,
      rated: row.rated,
      opponents: row.seats.filter((s) => s.seat !== row.seat).map((s) => ({ seat: s.seat, handle: s.botKind === null ? s.handle : null, bot: s.botKind })),
      startedAt: row.createdAt.toISOString(),
      endedAt: ended ? row.updatedAt.toISOString() : null,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}

/** No account has this id: the reads for a handle that does not exist. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

const playerNotFound = (handle: string) => new Refusal('not-found', 'PLAYER_NOT_FOUND', `There is no player ${handle} with games to show.`);

const cursorOf = (c: FinishedCursor): string => Buffer.from(`${c.at.toISOString()}|${c.id}`).toString('base64url');

function parseCursor(text: string): FinishedCursor {
  const [at, id, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const time = at ? Date.parse(at) : NaN;
  if (extra !== undefined || !id || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) || !Number.isFinite(time))
    throw new Refusal('invalid', 'INVALID_CURSOR', 'The cursor is not one this server gave: start again without it.');
  return { at: new Date(time), id };
}
