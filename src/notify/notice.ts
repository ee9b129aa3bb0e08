// What the notification channels are handed when a game moves (docs/architecture.md §8): the
// seats newly asked something, with their deadlines, or the end of the game. The notifier
// (src/service/notifier.ts) derives it from the log after commit; each channel decides who is told.

import type { Deadline } from '../clock/deadlines.ts';

export interface GameNotice {
  gameId: string;
  /** The game's version the notice tells of. */
  version: number;
  /** ISO 8601: when the game reached that version. */
  at: string;
  /** Seats asked something new since the last notice (turn, defence, interrupt, set-up …), with their deadlines. */
  awaited: Deadline[];
  /** The game ended (finished or abandoned). */
  ended: boolean;
}
