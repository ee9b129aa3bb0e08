// Tells players what the log says, after commit and off the command path (docs/architecture.md
// §8). Each game row carries a cursor: the version its players were last told of, and the
// deadlines at it. The notifier reads the games whose version is past their cursor and the
// commands since (each records the version it reached and the deadlines after it), works out each
// commit's news (seats asked something new by it, or the end of the game), hands it to each
// channel (webhooks, email), which queue their deliveries as durable jobs, and then moves the
// cursor — only if it is still where it was read.
//
// Nothing acknowledged goes untold: a commit always moves `version` past the cursor, in the same
// statement as the events, so a commit that lands late is still found; and the cursor moves only
// after every channel has queued its deliveries. A notifier killed mid-batch leaves the cursor
// behind: the next one hands the same news again, and the channels' keys (delivery and job keys
// derived from the game, version, seat and window) drop the copies.
//
// So what is told depends on the log alone, never on when the notifier looked: the same commands
// give the same notices (test/robustness/hidden-information-surfaces.test.ts compares them byte
// for byte between games).

import type { Logger } from '../config/logger.ts';
import { newlyAwaited, type Deadline } from '../clock/deadlines.ts';
import type { GameLog, NotifiedMark } from './ports/game-log.ts';
import type { GameNotice, NoticeListener } from './ports/notices.ts';
import { hasEnded, type UnnotifiedGame } from './ports/records.ts';
import { CoalescingLoop } from './coalescing-loop.ts';

export interface NotifierSettings {
  /** Safety-net look for untold games, even without a wake-up (default 1 s). */
  intervalMs: number;
  /** Games read per batch (default 100). */
  batch: number;
  /** Games whose channels run at once (default 8). */
  concurrency: number;
}

export const DEFAULT_NOTIFIER_SETTINGS: NotifierSettings = { intervalMs: 1_000, batch: 100, concurrency: 8 };

/** A game whose channels failed is tried again after this, doubling up to a minute. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 60_000;

export type { NoticeListener } from './ports/notices.ts';

/**
 * The news between a game's cursor and its version, one notice per commit that asked a seat
 * something new or ended the game (and one for the start, when the cursor is −1), in order.
 */
export function noticesOf(game: UnnotifiedGame): GameNotice[] {
  const notices: GameNotice[] = [];
  let before: readonly Deadline[] = game.notifiedDeadlines;
  if (game.notifiedVersion < 0) {
    // The start: every seat asked is news. (When it happened is not stored; the first commit's time, or the last move's, stands in.)
    const at = game.moves[0]?.at ?? game.updatedAt;
    if (before.length > 0) notices.push({ gameId: game.id, version: 0, at: at.toISOString(), awaited: [...before], ended: false });
  }
  const last = game.moves.at(-1);
  for (const move of game.moves) {
    const ended = move === last && move.version === game.version && hasEnded(game.status);
    const awaited = ended ? [] : newlyAwaited(before, move.deadlines);
    if (ended || awaited.length > 0) notices.push({ gameId: game.id, version: move.version, at: move.at.toISOString(), awaited, ended });
    before = move.deadlines;
  }
  return notices;
}

export class Notifier {
  private readonly loop: CoalescingLoop;
  /** Games whose channels failed: not before this time (epoch ms), and how many times in a row. */
  private readonly failing = new Map<string, { until: number; failures: number }>();

  private readonly log: GameLog;
  private readonly listeners: readonly NoticeListener[];
  private readonly settings: NotifierSettings;
  private readonly logger?: Logger;

  constructor(
    log: GameLog,
    listeners: readonly NoticeListener[],
    settings: NotifierSettings = DEFAULT_NOTIFIER_SETTINGS,
    logger?: Logger,
  ) {
    this.log = log;
    this.listeners = listeners;
    this.settings = settings;
    this.logger = logger;
    this.loop = new CoalescingLoop(() => this.drain(), settings.intervalMs, (error) => logger?.warn({ err: error }, 'notifier failed'));
  }

  start(): void {
    this.loop.start();
  }

  /** Stops looking; waits for the batch in hand (its cursors move only if all of it was handed over). */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** A game moved (a commit here, or a NOTIFY from another process): look now, or once more after the current look. */
  wake(): void {
    this.loop.run();
  }

  /** Batches until no untold game is left (except those waiting to retry). */
  private async drain(): Promise<void> {
    while (!this.loop.stopped) {
      const untold = await this.log.unnotified(this.settings.batch);
      const now = Date.now();
      const ready = untold.filter((game) => (this.failing.get(game.id)?.until ?? 0) <= now);
      if (ready.length === 0) return;
      const marks = await this.tell(ready);
      await this.log.markNotified(marks);
      if (untold.length < this.settings.batch) return;
    }
  }

  /** Hands each game's news to every channel; the marks of the games fully handed over. */
  private async tell(games: readonly UnnotifiedGame[]): Promise<NotifiedMark[]> {
    const marks: NotifiedMark[] = [];
    let next = 0;
    const worker = async () => {
      while (next < games.length && !this.loop.stopped) {
        const game = games[next++]!;
        const notices = game.wanted ? noticesOf(game) : [];
        try {
          for (const notice of notices) await Promise.all(this.listeners.map((listener) => listener(notice)));
          this.failing.delete(game.id);
          marks.push({ gameId: game.id, from: game.notifiedVersion, to: game.version, deadlines: game.deadlines });
        } catch (error) {
          const failures = (this.failing.get(game.id)?.failures ?? 0) + 1;
          this.failing.set(game.id, { failures, until: Date.now() + Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failures - 1)) });
          this.logger?.warn({ err: error, gameId: game.id, version: game.version }, 'could not hand a notice to the channels; retrying');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.settings.concurrency, games.length) }, worker));
    return marks;
  }
}
