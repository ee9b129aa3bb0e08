// "DAMAGE AND DEATH" and "GAME END".

import { playedByRules } from './solo/seat.ts';
import { doubledOnKill, SOLO_WINNING_POINTS } from './solo/plan.ts';
import { damageThroughArmour } from './specials/armour.ts';
import { afterDamageDealt, afterDamageTaken } from './specials/index.ts';
import type { Draft } from './draft.ts';
import { charactersOf, isOver, points } from './state.ts';
import type { Attack, CharacterId, GameState, Seat } from './types.ts';

const WINNING_POINTS = 5;

/**
 * "When a character takes damage, remove as many health cubes from their character card as the
 * damage shown. When the last cube has been removed from a character, they have been killed."
 */
export function dealDamage(d: Draft, attack: Attack, victimId: CharacterId): void {
  if (isOver(d.state)) return;
  const victim = d.state.characters[victimId]!;
  if (victim.status !== 'deployed') return;
  const damage = damageThroughArmour(d, attack, victimId);
  if (damage === 0) return;
  const amount = Math.min(damage, victim.health);
  d.emit({ type: 'DamageTaken', character: victimId, amount, from: attack.character });
  afterDamageDealt(d, attack, victimId, amount);
  if (d.state.characters[victimId]!.health === 0) kill(d, victimId, attack.seat);
  else afterDamageTaken(d, victimId);
}

/**
 * Deals an action's damage to each of its defenders in turn, then judges eliminations and ties once
 * the whole action has been taken (R26: "one EXPLODE eliminating the last two"); five points still
 * end the game at once, mid-action (R25).
 */
export function dealDamageToAll(d: Draft, attack: Attack, victims: readonly CharacterId[]): void {
  for (const victim of victims) dealDamage(d, attack, victim);
  checkEliminationVictory(d);
}

/**
 * "If you take a combat action that kills another team's character, take the figure and place it
 * in front of you as a point. You do not earn points for killing your own characters."
 */
function kill(d: Draft, victimId: CharacterId, killer: Seat): void {
  const victimSeat = d.state.characters[victimId]!.seat;
  d.emit({ type: 'CharacterKilled', character: victimId, killer, scoredBy: victimSeat === killer ? null : killer });
  if (victimSeat !== killer && playedByRules(d.state, victimSeat)) doubleFragments(d, killer);
  if (victimSeat !== killer) checkFivePoints(d, killer);
  if (isOver(d.state)) return;
  // "If all your characters are killed, you are eliminated." Who wins is judged when the action is
  // complete (dealDamageToAll).
  if (charactersOf(d.state, victimSeat).every((c) => c.status === 'dead')) d.emit({ type: 'SeatEliminated', seat: victimSeat });
}

/**
 * Solo, "Game End": "Each time you kill a Dark Judge, you double your fragments of reality. Do this
 * by taking fragments from the ones next to the Dark Judges character cards." … "If you kill a Dark
 * Judge before you have collected any fragments, you get nothing." (R50: never more than are there.)
 */
function doubleFragments(d: Draft, seat: Seat): void {
  const have = d.state.seats[seat]!.fragments;
  const count = Math.min(doubledOnKill(have) - have, d.state.solo!.reserve);
  if (count > 0) d.emit({ type: 'FragmentsDoubled', seat, count });
}

/**
 * "If you reach five points, you win. The other players don't get to take any more turns." Solo:
 * "If you reach 6 points, or you kill all the Dark Judges, you win" (the Dark Judges' side is then
 * eliminated, and the player the last seat standing).
 */
function checkFivePoints(d: Draft, seat: Seat): void {
  if (isOver(d.state)) return;
  if (points(d.state, seat) >= (d.state.solo ? SOLO_WINNING_POINTS : WINNING_POINTS)) d.emit({ type: 'GameEnded', winners: [seat], reason: 'points' });
}

/** Called when a seat scores outside combat (a fragment): five points, or a tie after an elimination broken. */
export function checkPointsVictory(d: Draft, seat: Seat): void {
  checkFivePoints(d, seat);
  checkEliminationVictory(d);
}

/**
 * "If all your characters are killed, you are eliminated and the remaining player with the most
 * points wins. If it is a tie, the remaining players keep playing until one player has the most
 * points." Checked once every action that eliminated a seat or scored a point is complete.
 */
function checkEliminationVictory(d: Draft): void {
  const s = d.state;
  if (isOver(s) || !s.seats.some((seat) => seat.eliminated)) return;
  const leaders = eliminationLeaders(s);
  // Nobody left to keep playing (a last EXPLODE can eliminate two seats): the tie stands as a shared win.
  const nobodyRemains = s.seats.every((seat) => seat.eliminated);
  if (leaders.length === 1 || nobodyRemains) d.emit({ type: 'GameEnded', winners: leaders, reason: 'elimination' });
}

/** Seats with the most points among those remaining (among all seats if none remains). */
export function eliminationLeaders(s: GameState): Seat[] {
  let remaining = s.seats.map((_, seat) => seat).filter((seat) => !s.seats[seat]!.eliminated);
  if (remaining.length === 0) remaining = s.seats.map((_, seat) => seat);
  const best = Math.max(...remaining.map((seat) => points(s, seat)));
  return remaining.filter((seat) => points(s, seat) === best);
}
