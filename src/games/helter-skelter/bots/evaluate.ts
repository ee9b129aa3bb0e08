// How good a position is for one seat: the heuristic bot's scoring function. Every term reads only
// what the seat's view shows (the board, health, points, hand sizes, its own hand); it is applied
// to states built by `knownState`, which has nothing else in it anyway.
//
// The weights are in one place, named, each with why it has the size it has. The scale: one point
// (a fragment or a kill, five win) is worth 100, far more than anything a single move can gain
// otherwise, so the bot takes a point whenever it can and never gives one away for position.

import { boardFor } from '../board/index.ts';
import type { Board, SpaceId } from '../board/index.ts';
import { closeCombatReach } from '../specials/demons.ts';
import { points } from '../state.ts';
import type { CharacterState, GameState, Seat } from '../types.ts';
import { evaluateSolo } from './evaluate-solo.ts';
import { cardsAfterDraw, steps } from './position.ts';

export const WEIGHTS = {
  /** Winning ends the question: larger than any sum of the other terms. */
  win: 1_000_000,
  /** One of the seat's own points: five win. */
  ownPoint: 100,
  /**
   * An opponent's point, counted for the leading opponent only: against several opponents the
   * one about to reach five is the danger, and hurting the others does not stop it.
   */
  leaderPoint: 40,
  /** A health cube on one of the seat's living characters: health is what keeps a character scoring. */
  ownHealth: 12,
  /** A health cube off an enemy: damage dealt now is a kill (a point) later. */
  enemyHealth: 10,
  /** A character still alive (deployed or waiting): losing one loses its actions and defences for good. */
  ownCharacter: 25,
  /**
   * A step nearer the nearest fragment the seat may collect, for the character nearest it:
   * fragments are the surest points, and three steps are worth about a damage dealt.
   */
  fragmentStep: 3,
  /** Standing on one's own fragment: the collect (three cards) is then the only thing missing. */
  onFragment: 6,
  /**
   * An enemy that could attack one of the seat's characters where it stands (same space, or in
   * line of sight), divided by that character's health: a weak character under fire is worth moving.
   */
  threat: 4,
  /** A character on a cover space: shots at it can be answered by COVER (rulebook, "Defences"). */
  cover: 2,
  /** An enemy one of the seat's characters could attack from where it stands: the next action's chance. */
  reach: 1.5,
  /**
   * A card in hand, counted as the hand will be after this turn's draw ("draw three cards … stop
   * once you reach seven"): during its own normal turn a seat loses nothing by spending cards the
   * draw will replace, and ending the turn gains nothing by the draw alone.
   */
  card: 2.5,
  /**
   * A card in hand as it is now, on top of the above: a little, so an action that gains nothing
   * does not look as good as ending the turn, and the bot never spends cards for nothing.
   */
  spareCard: 0.5,
  /**
   * A card the end of this normal turn will draw: a fresh card is a fresh option. Without it a
   * full hand of cards that pay for nothing useful would sit there for ever (nothing is drawn
   * into a full hand); with it, spending such a card to make room is worth a little.
   */
  draw: 1,
  /**
   * Added to `draw` for each normal turn in a row in which nothing happened (public: the marker
   * passes with the count). Two careful bots with full hands of cards that pay for nothing useful
   * would otherwise both end turn after turn for ever; the longer the quiet, the more a fresh card
   * is worth, until spending one anyhow beats standing still.
   */
  restless: 1,
  /** Quiet turns counted at most, so the pull stays bounded. */
  restlessCap: 10,
} as const;

type OnBoard = CharacterState & { space: SpaceId };
const onBoard = (c: CharacterState): c is OnBoard => c.status === 'deployed' && c.space !== null;

/** Whether `attacker` could name `target` as a defender from where it stands (MELEE/SMASH reach, or sight). */
const canAttack = (board: Board, attacker: OnBoard, target: OnBoard): boolean =>
  closeCombatReach(board, attacker).includes(target.space) || board.hasLineOfSight(attacker.space, target.space);

/** The position's worth to `seat`: higher is better. */
export function evaluate(s: GameState, seat: Seat): number {
  if (s.situation.kind === 'over') return s.winners.includes(seat) ? WEIGHTS.win / s.winners.length : -WEIGHTS.win;
  // Solo is another game to win (fragments doubled by kills, Dark Judges driven by cards): its own scoring.
  if (s.solo) return evaluateSolo(s, seat);
  const w = WEIGHTS;
  const board = boardFor(s.map);
  let score = w.ownPoint * points(s, seat);
  let leader = 0;
  for (let other = 0; other < s.seats.length; other++)
    if (other !== seat && !s.seats[other]!.eliminated) leader = Math.max(leader, points(s, other));
  score -= w.leaderPoint * leader;
  const hand = s.seats[seat]!.hand.length;
  const afterDraw = cardsAfterDraw(s, seat);
  score += w.card * afterDraw + w.spareCard * hand + (w.draw + w.restless * Math.min(w.restlessCap, s.quietTurns)) * (afterDraw - hand);

  const mine: OnBoard[] = [];
  const enemies: OnBoard[] = [];
  for (const c of Object.values(s.characters)) {
    if (c.status === 'dead') continue;
    if (c.seat === seat) {
      score += w.ownCharacter + w.ownHealth * c.health;
      if (onBoard(c)) mine.push(c);
    } else if (!s.seats[c.seat]!.eliminated) {
      score -= w.enemyHealth * c.health;
      if (onBoard(c)) enemies.push(c);
    }
  }

  const dist = steps(s.map);
  let nearest = Infinity;
  for (const f of s.fragments) {
    if (f.seat !== seat) continue;
    for (const c of mine) nearest = Math.min(nearest, dist.get(c.space)?.get(f.space) ?? Infinity);
  }
  if (Number.isFinite(nearest)) score -= w.fragmentStep * nearest;
  if (nearest === 0) score += w.onFragment;

  for (const c of mine) {
    if (board.isCover(c.space)) score += w.cover;
    let threats = 0;
    for (const e of enemies) {
      if (canAttack(board, e, c)) threats++;
      if (canAttack(board, c, e)) score += w.reach;
    }
    score -= (w.threat * threats) / Math.max(1, c.health);
  }
  return score;
}
