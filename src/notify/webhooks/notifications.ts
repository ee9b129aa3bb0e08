// What a webhook says: the notifications built from a notice (a seat awaited, the game over) or
// from a reminder job, for one seat (a player's subscription) or for the whole game (a per-game
// one). Their ids are stable, so the same event always makes the same `webhook-id` and the
// delivery table's unique key drops a second copy. Pure.

import type { Deadline } from '../../clock/deadlines.ts';
import type { GameNotice } from '../../service/ports/notices.ts';
import type { GameRow, SeatRow } from '../../service/ports/records.ts';
import type { Notification } from '../notification.ts';

/** The game as the notifications need it. */
export interface NotifiedGame {
  game: GameRow;
  /** The game's title for people: its own title and its options in its words (`GameTitling`). */
  title: string;
  seats: SeatRow[];
  /** Where players reach the service, without a trailing slash. */
  publicUrl: string;
  /** The seat's legal command count now; null when unknown (the game has not started). */
  legalCount: (seat: number) => number | null;
  /** The seats that won (`GameReader.winners`): empty until the game is over, and for a draw. */
  winners: readonly number[];
}

function base(g: NotifiedGame, at: string) {
  return { game: { id: g.game.id, module: g.game.module, title: g.title, url: `${g.publicUrl}/games/${g.game.id}` }, at };
}

/** For a player's subscription: about one of their seats. */
export function seatNotification(g: NotifiedGame, notice: GameNotice, seat: number, awaited: Deadline | null): Notification {
  const who = seatLabel(g.seats, seat);
  if (notice.ended) {
    return {
      ...base(g, notice.at),
      id: `ended_${g.game.id}_v${notice.version}_s${seat}`,
      kind: 'ended',
      seat,
      situation: null,
      windowId: null,
      deadline: null,
      legalCommandCount: null,
      summary: `The game is over (${who}): ${outcome(g)}.`,
    };
  }
  return {
    ...base(g, notice.at),
    id: `awaited_${g.game.id}_v${notice.version}_s${seat}_${headerSafe(awaited?.windowId ?? '')}`,
    kind: 'awaited',
    seat,
    situation: awaited?.situation ?? null,
    windowId: awaited?.windowId ?? null,
    deadline: awaited?.deadline ?? null,
    legalCommandCount: g.legalCount(seat),
    summary: `${who} can act: ${awaited?.situation ?? 'a decision'} is due.`,
  };
}

/**
 * For a per-game subscription: one notification for the whole notice, whoever it concerns. It
 * never carries a seat's legal command count: how many commands a seat has tells whether it holds
 * an INTERRUPT or a defence, and the subscriber may sit elsewhere at the table.
 */
export function gameNotification(g: NotifiedGame, notice: GameNotice): Notification {
  const id = `${notice.ended ? 'ended' : 'awaited'}_${g.game.id}_v${notice.version}_all`;
  if (notice.ended) {
    return { ...base(g, notice.at), id, kind: 'ended', seat: null, situation: null, windowId: null, deadline: null, legalCommandCount: null, summary: `The game is over: ${outcome(g)}.` };
  }
  const only = notice.awaited.length === 1 ? notice.awaited[0]! : null;
  const first = [...notice.awaited].sort((a, b) => a.deadline.localeCompare(b.deadline))[0];
  const who = notice.awaited.map((a) => seatLabel(g.seats, a.seat)).join(', ');
  return {
    ...base(g, notice.at),
    id,
    kind: 'awaited',
    seat: only?.seat ?? null,
    situation: first?.situation ?? null,
    windowId: first?.windowId ?? null,
    deadline: first?.deadline ?? null,
    legalCommandCount: null,
    summary: `${who} can act: ${first?.situation ?? 'a decision'} is due.`,
  };
}

/**
 * A seat's deadline is near and it has not acted: the same for a player's subscription and a
 * per-game one (which gets one per awaited seat). One per seat and window, whatever the deadline:
 * a deadline moved after its reminder went out is not reminded of twice. The seat's legal command
 * count goes only to its own owner (`forOwner`).
 */
export function reminderNotification(g: NotifiedGame, deadline: Deadline, at: string, forOwner: boolean): Notification {
  return {
    ...base(g, at),
    id: `reminder_${g.game.id}_s${deadline.seat}_${headerSafe(deadline.windowId)}`,
    kind: 'reminder',
    seat: deadline.seat,
    situation: deadline.situation,
    windowId: deadline.windowId,
    deadline: deadline.deadline,
    legalCommandCount: forOwner ? g.legalCount(deadline.seat) : null,
    summary: `${seatLabel(g.seats, deadline.seat)} has not acted yet: the ${deadline.situation} deadline is near.`,
  };
}

/** Who won, in words: "Seat 0 (rico) won", "Seat 0 and Seat 2 won", "no seat won". */
function outcome(g: NotifiedGame): string {
  if (g.winners.length === 0) return 'no seat won';
  return `${g.winners.map((seat) => seatLabel(g.seats, seat)).join(' and ')} won`;
}

function seatLabel(seats: SeatRow[], seat: number): string {
  const handle = seats.find((s) => s.seat === seat)?.handle;
  return handle ? `Seat ${seat} (${handle})` : `Seat ${seat}`;
}

/** Ids travel in the `webhook-id` header: printable ASCII only. */
const headerSafe = (text: string) => text.replace(/[^!-~]/g, '');
