// How good a solo position is for the lone player ("Playing solo against the Dark Judges"): the
// heuristic bot's scoring when its one opponent is the solo cards. The multiplayer scoring
// (evaluate.ts) weighs points against a leading opponent and enemies against each other; solo is
// another game: "Each fragment of reality you collect is worth 1 point. Each time you kill a Dark
// Judge, you double your fragments of reality … If you reach 6 points, or you kill all the Dark
// Judges, you win. If all your characters are killed, the Dark Judges win."
//
// Every term reads only what the player sees: the board, health, armour tokens, its hand, its own
// fragments. The Dark Judges' next moves are not read from the solo deck (its order is hidden);
// their reach is judged from the rules the cards follow ("Dark Judges' actions": MOVE one space
// towards your closest character, MELEE / SMASH in the same space, SHOTS at the closest in line of
// sight, EXPLODE on or next to his space).
//
// Scale as in evaluate.ts: one point (a fragment) is worth 100.

import { boardFor } from '../board/index.ts';
import type { Board, SpaceId } from '../board/index.ts';
import { closeCombatReach } from '../specials/demons.ts';
import { SOLO_WINNING_POINTS } from '../solo/plan.ts';
import { SOLO_DARK_SEAT } from '../solo/seat.ts';
import { COLLECT_COST } from '../actions/collect-fragment.ts';
import { showsCharacter } from '../costs.ts';
import { characterDef } from '../content/index.ts';
import { points } from '../state.ts';
import type { CharacterState, GameState, Seat } from '../types.ts';
import { cardsAfterDraw, steps } from './position.ts';

export const SOLO_WEIGHTS = {
  /** A fragment collected: one point of the six that win. */
  point: 100,
  /** A character still alive: when the last falls the Dark Judges win, and each one is actions and defences. */
  ownCharacter: 30,
  /** A health cube on a living character. */
  ownHealth: 12,
  /**
   * A health cube off a Dark Judge, before any fragment is held: a dead Dark Judge acts no more (only
   * his passed-on actions go on), so damage is worth something even when the kill doubles nothing.
   */
  judgeHealth: 8,
  /**
   * Added per fragment held to each Dark Judge health cube: the kill doubles the fragments
   * ("you double your fragments of reality"), so with two fragments a kill is worth two points,
   * spread over the four cubes it takes.
   */
  judgeHealthPerFragment: 22,
  /**
   * Added per health cube dealt to the most wounded Dark Judge, as a share of a cube's worth:
   * armour stops the first hit of every turn, so only damage kept on one Dark Judge ends in a kill.
   */
  focus: 0.5,
  /** A Dark Judge killed: one fewer row on every solo card, on top of his cubes. */
  judgeKilled: 40,
  /**
   * A Dark Judge's armour showing vulnerable during the player's own turn, as a share of what one
   * of his health cubes is worth: the next hit this turn deals damage ("If the armour token is
   * already displaying its vulnerable side, deal the damage as normal"); the end of the turn flips
   * it back, so it is worth a follow-up only.
   */
  armourOpen: 0.5,
  /**
   * Once a kill would win or nothing is left to collect (two fragments or more, or none on the
   * board), a character that could attack a Dark Judge from where it stands (same space or line of
   * sight): the kill is the way to six points.
   */
  engage: 6,
  /** A step fewer on the best collect plan (a character to a fragment): the surest point. */
  fragmentStep: 5,
  /** A step nearer each further fragment (its nearest character): the next points after that one. */
  laterFragmentStep: 1.5,
  /**
   * A card missing from the best collect plan (the cards showing a character that its steps to a
   * fragment and the collect need): a card worth keeping is worth more than a card in general.
   */
  missingCard: 5,
  /** A character on one of the player's fragments: the collect is all that is missing. */
  onFragment: 8,
  /**
   * Damage a Dark Judge is expected to deal his target (his closest character, as MOVE picks it)
   * over the next Dark Judges' turn (two solo cards), by walking steps between them. In health
   * cubes; multiplied by `ownHealth`. Same space: MELEE and SMASH land without a MOVE; one step: a
   * MOVE first; further: only a card with two MOVEs reaches.
   */
  reach: [1.4, 0.9, 0.35, 0.1] as readonly number[],
  /** Judge Fire's SHOTS / SHOTGUN / EXPLODE at the closest character in his line of sight, in cubes. */
  fireSight: 0.5,
  /** Starting a turn in Judge Mortis's space costs a cube unless deflected ("Cloud of Decay"), in cubes. */
  cloudOfDecay: 0.8,
  /** A character on a cover space: SHOTS at it can be answered by COVER. */
  cover: 1,
  /** A card in hand as it will be after this turn's draw (as evaluate.ts `card`): collects and defences are paid in cards. */
  card: 3,
  /** A card in hand now, on top of the above, so nothing is spent for nothing. */
  spareCard: 0.5,
  /** A card the end of this normal turn will draw. */
  draw: 1,
} as const;

type OnBoard = CharacterState & { space: SpaceId };
const onBoard = (c: CharacterState): c is OnBoard => c.status === 'deployed' && c.space !== null;

/** The solo position's worth to the player's `seat`: higher is better (the game not over). */
export function evaluateSolo(s: GameState, seat: Seat): number {
  const w = SOLO_WEIGHTS;
  const board = boardFor(s.map);
  const dist = steps(s.map);
  const fragments = points(s, seat);
  let score = w.point * Math.min(fragments, SOLO_WINNING_POINTS);

  const hand = s.seats[seat]!.hand.length;
  const afterDraw = cardsAfterDraw(s, seat);
  score += w.card * afterDraw + w.spareCard * hand + w.draw * (afterDraw - hand);

  const mine: OnBoard[] = [];
  const judges: OnBoard[] = [];
  const ownTurn = s.situation.kind === 'turn' && s.situation.actor === seat;
  const cubeWorth = w.judgeHealth + w.judgeHealthPerFragment * fragments;
  let mostDealt = 0;
  for (const c of Object.values(s.characters)) {
    if (c.seat === seat) {
      if (c.status === 'dead') continue;
      score += w.ownCharacter + w.ownHealth * c.health;
      if (onBoard(c)) mine.push(c);
    } else if (c.seat === SOLO_DARK_SEAT) {
      // Counted as damage dealt, not health left: a fragment collected must not make the
      // Dark Judges' untouched health look worse.
      const dealt = characterDef(c.id).health - (c.status === 'dead' ? 0 : c.health);
      score += cubeWorth * dealt;
      mostDealt = Math.max(mostDealt, dealt);
      if (c.status === 'dead') {
        score += w.judgeKilled;
        continue;
      }
      if (ownTurn && c.armour === 'vulnerable') score += w.armourOpen * cubeWorth;
      if (onBoard(c)) judges.push(c);
    }
  }

  score += w.focus * cubeWorth * mostDealt;
  score += fragmentProgress(s, seat, mine, dist);
  score -= w.ownHealth * expectedDamage(board, dist, mine, judges);
  for (const c of mine) if (board.isCover(c.space)) score += w.cover;
  const huntTime = fragments >= 2 || !s.fragments.some((f) => f.seat === seat);
  if (huntTime)
    for (const c of mine) if (judges.some((j) => closeCombatReach(board, c).includes(j.space) || board.hasLineOfSight(c.space, j.space))) score += w.engage;
  return score;
}

/**
 * How near the player is to its next collects. COLLECT FRAGMENT costs "3 cards with the character
 * symbol" and each MOVE on the way one more, so a character `gap` steps from a fragment needs
 * `gap + 3` cards showing it: each missing card counts against, as each step does. The best such
 * plan counts most, the other fragments (by their nearest character) a little.
 */
function fragmentProgress(s: GameState, seat: Seat, mine: readonly OnBoard[], dist: ReturnType<typeof steps>): number {
  const w = SOLO_WEIGHTS;
  const hand = s.seats[seat]!.hand;
  let best = -Infinity;
  const gaps: number[] = [];
  for (const f of s.fragments) {
    if (f.seat !== seat) continue;
    let gap = Infinity;
    for (const c of mine) {
      const g = dist.get(c.space)?.get(f.space) ?? Infinity;
      if (!Number.isFinite(g)) continue;
      gap = Math.min(gap, g);
      // The cards showing this character pay its MOVEs and its collect. (Three cards of one dead
      // character may pay a collect too, but never mixed with the collector's: left out, as a
      // plan to wait for.)
      const have = hand.filter((card) => showsCharacter(card, c)).length;
      const missing = Math.max(0, g + COLLECT_COST - have);
      best = Math.max(best, -w.fragmentStep * g - w.missingCard * missing + (g === 0 ? w.onFragment : 0));
    }
    if (Number.isFinite(gap)) gaps.push(gap);
  }
  if (gaps.length === 0) return 0;
  gaps.sort((a, b) => a - b);
  let score = best;
  for (let i = 1; i < gaps.length; i++) score -= w.laterFragmentStep * gaps[i]!;
  return score;
}

/**
 * Health cubes the Dark Judges are expected to take off the player's characters in their next turn:
 * each goes for his closest character (MOVE: "towards your closest character"), capped by that
 * character's health.
 */
function expectedDamage(board: Board, dist: ReturnType<typeof steps>, mine: readonly OnBoard[], judges: readonly OnBoard[]): number {
  const w = SOLO_WEIGHTS;
  const taken = new Map<OnBoard, number>();
  const hit = (c: OnBoard, cubes: number) => taken.set(c, (taken.get(c) ?? 0) + cubes);
  for (const j of judges) {
    let target: OnBoard | null = null;
    let gap = Infinity;
    for (const c of mine) {
      const d = dist.get(j.space)?.get(c.space) ?? Infinity;
      if (d < gap) [target, gap] = [c, d];
    }
    if (target && gap < w.reach.length) hit(target, w.reach[gap]!);
    if (j.id === 'judge-fire') {
      let seen: OnBoard | null = null;
      let range = Infinity;
      for (const c of mine)
        if (board.hasLineOfSight(j.space, c.space) && board.distance(j.space, c.space) < range) [seen, range] = [c, board.distance(j.space, c.space)];
      if (seen) hit(seen, w.fireSight);
    }
    if (j.id === 'judge-mortis') for (const c of mine) if (c.space === j.space) hit(c, w.cloudOfDecay);
  }
  let cubes = 0;
  for (const [c, n] of taken) cubes += Math.min(n, c.health);
  return cubes;
}
