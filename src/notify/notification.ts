// What a player is told, whatever the channel (email, push, webhook). Built by each channel from the
// service's notices (a seat becomes awaited, the game ends) and its reminder jobs (a deadline
// nears), stored with the job that delivers it, and rendered by each channel (src/delivery/email,
// src/delivery/webhooks).

import type { Deadline } from '../clock/deadlines.ts';
import type { SituationWords } from '../platform/game-module.ts';
import type { GameNotice } from '../service/ports/notices.ts';

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

/** The game a notification is about: its title for people and the page where the player acts. */
export function notifiedGame(titles: GameTitling | undefined, publicUrl: string, gameId: string, module: string, options: Readonly<Record<string, unknown>>): Notification['game'] {
  return { id: gameId, module, title: (titles ?? NO_TITLES)(module, options), url: `${publicUrl}/games/${gameId}` };
}

/**
 * A seat is asked something (email and push; webhooks keep their own header-safe ids). The id is
 * the notice's version, seat and window, so a notice handed over twice makes the same notification.
 */
export function awaitedNotification(notice: GameNotice, awaited: Deadline, game: Notification['game'], legalCommandCount: number | null, summary: string): Notification {
  return {
    id: `${notice.gameId}:${notice.version}:${awaited.seat}:${awaited.windowId}`,
    kind: 'awaited',
    game,
    seat: awaited.seat,
    situation: awaited.situation,
    windowId: awaited.windowId,
    deadline: awaited.deadline,
    legalCommandCount,
    summary,
    at: notice.at,
  };
}

/** The game is over, told to one seat. */
export function endedNotification(notice: GameNotice, seat: number, game: Notification['game'], summary: string): Notification {
  return { id: `${notice.gameId}:${notice.version}:${seat}:ended`, kind: 'ended', game, seat, situation: null, windowId: null, deadline: null, legalCommandCount: null, summary, at: notice.at };
}

/** A seat's deadline is near: one per seat and window, whatever the deadline (a moved one is not reminded of twice). */
export function deadlineNotification(deadline: Deadline, game: Notification['game'], legalCommandCount: number | null, summary: string, at: string): Notification {
  return {
    id: `${game.id}:${deadline.windowId}:${deadline.seat}:reminder`,
    kind: 'reminder',
    game,
    seat: deadline.seat,
    situation: deadline.situation,
    windowId: deadline.windowId,
    deadline: deadline.deadline,
    legalCommandCount,
    summary,
    at,
  };
}
