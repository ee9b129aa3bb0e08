// What a player is told, whatever the channel (email, webhook). Built by each channel from the
// service's notices (a seat becomes awaited, the game ends) and its reminder jobs (a deadline
// nears), stored with the job that delivers it, and rendered by each channel (src/delivery/email,
// src/delivery/webhooks).

import type { SituationWords } from '../platform/game-module.ts';

export type NotificationKind =
  /** The seat can act now: its turn began, it is asked to defend, it may claim an INTERRUPT, a set-up choice is due. */
  | 'awaited'
  /** A deadline is near and the seat has not acted. */
  | 'reminder'
  /** The game is over. */
  | 'ended';

export interface Notification {
  /** Unique per notification: webhooks send it as `webhook-id`, so receivers can drop duplicates. */
  id: string;
  kind: NotificationKind;
  /** `module`: the game's module id (`GameModule.id`), whose words (`SituationWords`) the channels use for `situation`. */
  game: { id: string; module: string; title: string; url: string };
  /** The seat concerned; null for a notification about the whole game (a per-game webhook). */
  seat: number | null;
  /** One of the game's situations (`GameModule.situations`); null for `ended`. */
  situation: string | null;
  windowId: string | null;
  /** ISO 8601, UTC; null without a clock. */
  deadline: string | null;
  /**
   * How many complete commands the seat could send now (its `legalCommands`), told only to the
   * seat's owner; null for `ended` and in a per-game webhook (a count would tell other seats
   * whether this one holds an INTERRUPT or a defence).
   */
  legalCommandCount: number | null;
  /** One line saying what happened, e.g. "Seat 1 (Sláine) attacked Dredd with a SMASH." */
  summary: string;
  /** ISO 8601, UTC: when the events that caused it were committed. */
  at: string;
}

/**
 * The words a game uses for one of its situations (`GameModule.situations[name].words`), by the
 * game's module id: the composition root passes one over the registered games. Undefined for an
 * unknown game or situation, which the channels then name in general words.
 */
export type SituationWording = (module: string, situation: string) => SituationWords | undefined;

/** Knows no game: every channel then speaks in general words. */
export const NO_WORDING: SituationWording = () => undefined;

/**
 * A game's title for people, from its module id and the options every reader sees: the game's
 * own title and its options in its own words (`GameModule.describeOptions`), e.g. "Odds and
 * Evens: odd v even". The composition root passes one over the registered games.
 */
export type GameTitling = (module: string, publicOptions: Readonly<Record<string, unknown>>) => string;

/** Knows no game: a game is titled by its module id. */
export const NO_TITLES: GameTitling = (module) => module;
