// "It is helpful to set a time limit for play, say two hours. Once that time has been reached and
// the round finished, each player in turn order starting is allowed one turn before points are
// calculated and a winner decided." — "If there was a time limit to the game, then once everyone
// has been afforded one last round, the points are totalled and a winner declared." (BW50)
// The module reads no clock: the time is the command's acceptance time the platform gives decide.

import { instantIso, instantMs } from '../../platform/instant.ts';
import type { Draft } from './draft.ts';
import type { Seat } from './types.ts';

/** The limit starts with the game's first command given a time: it runs out at that time plus the limit. */
export function startTimeLimit(d: Draft): void {
  const limit = d.state.timeLimit;
  if (!limit || limit.endsAt !== null || d.at === null) return;
  const start = instantMs(d.at);
  if (start === null) return;
  d.emit({ type: 'TimeLimitStarted', endsAt: instantIso(start + limit.minutes * 60_000) });
}

/**
 * The turn passes from `from` to `next`. A round is finished when the turn goes back round the
 * turn order (to the first fighting player's place or before it). At the end of the last round the
 * points are totalled as when control reaches 100 (BW13): the game ends and returns true. At the
 * end of a round once the time is up, the last round begins.
 */
export function roundEnded(d: Draft, from: Seat, next: Seat, winners: (s: Draft['state']) => Seat[]): boolean {
  const limit = d.state.timeLimit;
  if (!limit || limit.endsAt === null) return false;
  const order = d.state.order;
  if (order.indexOf(next) > order.indexOf(from)) return false;
  if (limit.lastRound) {
    d.emit({ type: 'GameEnded', winners: winners(d.state), reason: 'time-limit' });
    return true;
  }
  const now = d.at === null ? null : instantMs(d.at);
  if (now !== null && now >= instantMs(limit.endsAt)!) d.emit({ type: 'LastRoundBegan' });
  return false;
}
