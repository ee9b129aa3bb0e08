// Resigning (issue 31; docs/rulings.md R70–R72). The rulebook has no resignation; it has one way
// out of the game, "If all your characters are killed, you are eliminated and the remaining player
// with the most points wins. If it is a tie, the remaining players keep playing until one player
// has the most points", and, in solo, "If all your characters are killed, the Dark Judges win." A
// player who resigns leaves the game as an eliminated player does, under the same rule.

import { check } from '../../platform/draft.ts';
import { eliminationLeaders } from './damage.ts';
import { psiDiscards } from './defences.ts';
import type { Draft } from './draft.ts';
import { settleSetupFor } from './setup.ts';
import { awaiting } from './situations.ts';
import { playedByRules, SOLO_DARK_SEAT } from './solo/seat.ts';
import { charactersOf, isOver } from './state.ts';
import type { Command, GameState, Seat } from './types.ts';

/** R70: any seat still in the game may resign at any moment, awaited or not (not the seat the rules play). */
export function anytimeCommands(s: GameState, seat: Seat): Command[] {
  if (isOver(s) || playedByRules(s, seat) || s.seats[seat]?.eliminated !== false) return [];
  return [{ type: 'RESIGN' }];
}

/** What the seat's own moment is settled with, as its deadline would: decide.ts's rules, passed in (they import this file). */
export interface Settle {
  /** The actor's turn ends, as when its deadline passes. */
  endTurn(d: Draft, seat: Seat, interrupting: boolean): void;
  /** A seat's command, decided as if the seat had sent it. */
  play(d: Draft, seat: Seat, command: Command): void;
}

export function resign(d: Draft, me: Seat, settle: Settle): void {
  const s = d.state;
  check(!isOver(s), 'GAME_OVER', 'The game is over.');
  check(!playedByRules(s, me), 'PLAYED_BY_RULES', 'The Dark Judges’ seat is played by the rules.');
  check(!s.seats[me]!.eliminated, 'ELIMINATED', 'You are already out of the game.');
  d.emit({ type: 'SeatResigned', seat: me });
  // R71: solo, "If all your characters are killed, the Dark Judges win."
  if (s.solo) return void d.emit({ type: 'GameEnded', winners: [SOLO_DARK_SEAT], reason: 'resigned' });
  // R72: as eliminated, the remaining player with the most points wins; tied leaders play on.
  d.emit({ type: 'SeatEliminated', seat: me });
  const leaders = eliminationLeaders(d.state);
  if (leaders.length === 1) {
    removeFigures(d, me);
    return void d.emit({ type: 'GameEnded', winners: leaders, reason: 'resigned' });
  }
  settleOwnMoments(d, me, settle);
  if (!isOver(d.state)) removeFigures(d, me);
}

/** Its figures leave the game; nobody killed them, so nobody scores them ("If you kill your own character, remove it from the game"). */
function removeFigures(d: Draft, me: Seat): void {
  for (const c of charactersOf(d.state, me)) if (c.status !== 'dead') d.emit({ type: 'CharacterKilled', character: c.id, killer: me, scoredBy: null });
}

/**
 * R72: what the game awaits of the resigning seat is settled at once as its deadline would settle
 * it for that seat alone: its set-up cards are assigned, its turn ends, its defenders take the
 * damage (against PSI, the discard the deadline makes), its INTERRUPT window is passed. Settling
 * one may ask it again (a turn that would begin for it is passed over, it being eliminated), so
 * this repeats while it is awaited, a bounded number of times.
 */
function settleOwnMoments(d: Draft, me: Seat, settle: Settle): void {
  for (let step = 0; step < 20 && !isOver(d.state); step++) {
    const sit = d.state.situation;
    if (!awaiting(d.state).some((a) => a.seat === me)) return;
    if (sit.kind === 'setup') settleSetupFor(d, me);
    else if (sit.kind === 'turn') settle.endTurn(d, me, sit.interrupting);
    else if (sit.kind === 'interrupt') settle.play(d, me, { type: 'PASS_INTERRUPT' });
    else if (sit.kind === 'defence') {
      const undecided = sit.defenders.find((x) => x.choice.kind === 'undecided' && d.state.characters[x.character]!.seat === me);
      if (!undecided) return;
      const discard = sit.attack.action === 'PSI' ? psiDiscards(d.state, undecided.character)[0] : undefined;
      settle.play(d, me, discard ? { type: 'PSI_DISCARD', character: undecided.character, card: discard } : { type: 'TAKE_DAMAGE', character: undecided.character });
    } else return;
  }
}
