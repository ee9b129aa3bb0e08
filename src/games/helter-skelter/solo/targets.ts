// Where the card-driven Dark Judges go and whom they hit ("Playing solo against the Dark Judges",
// "Dark Judges' actions"). Pure questions about a position; the Dark Judges' turn
// (dark-judges-turn.ts) acts on the answers. "MORE THAN ONE TARGET — Whenever a Dark Judge has 2
// or more possible target spaces or characters, it targets the lowest numbered space. If there is more than one possible target
// character in the same space, he targets the one with the fewest remaining health cubes. If there
// is more than one possible target character with the same number of health cubes, you may choose
// who it targets." Rulings: R47 (distances), R48 (the step a MOVE takes).

import type { Board, SpaceId } from '../board/board.ts';
import type { CharacterId } from '../types.ts';

/** One of the player's characters on the board, as the Dark Judges see it. */
export interface Quarry {
  id: CharacterId;
  space: SpaceId;
  health: number;
}

/** Whom an attack goes for: one character, or several equal ones among which the player chooses. */
export type Aim = { kind: 'nobody' } | { kind: 'target'; space: SpaceId; candidates: CharacterId[] };

/** The fewest walking steps from `from` to every space (MOVE steps: walls and falls stop them; high ground costs nothing extra). */
export function walkingSteps(board: Board, from: SpaceId): Map<SpaceId, number> {
  const steps = new Map<SpaceId, number>([[from, 0]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i]!;
    for (const next of board.adjacent(here))
      if (!steps.has(next)) {
        steps.set(next, steps.get(here)! + 1);
        queue.push(next);
      }
  }
  return steps;
}

/**
 * Among quarries at the least `distance`, the lowest-numbered space, then the fewest health cubes;
 * what is still equal is the player's choice.
 */
function pick(quarries: readonly Quarry[], distance: (q: Quarry) => number): Aim {
  if (quarries.length === 0) return { kind: 'nobody' };
  const nearest = Math.min(...quarries.map(distance));
  const close = quarries.filter((q) => distance(q) === nearest);
  const space = Math.min(...close.map((q) => q.space));
  const there = close.filter((q) => q.space === space);
  const least = Math.min(...there.map((q) => q.health));
  return { kind: 'target', space, candidates: there.filter((q) => q.health === least).map((q) => q.id) };
}

/**
 * MOVE — "If the Dark Judge is not already in the same space as one of your characters, it moves one
 * space towards your closest character. The Dark Judges always take the shortest path to your
 * characters. Dark Judges can move onto high-ground spaces at no extra cost. If the Dark Judge is in
 * the same space as one or more of your characters, it instead does nothing." Returns the space it
 * steps to, or null.
 */
export function moveStep(board: Board, judge: SpaceId, quarries: readonly Quarry[]): SpaceId | null {
  return moveTowards(board, judge, quarries)?.to ?? null;
}

/** MOVE as `moveStep`, also saying whose space it heads for (`toward`): what the log shows. */
export function moveTowards(board: Board, judge: SpaceId, quarries: readonly Quarry[]): { toward: SpaceId; to: SpaceId } | null {
  if (quarries.some((q) => q.space === judge)) return null;
  const fromJudge = walkingSteps(board, judge);
  const reachable = quarries.filter((q) => fromJudge.has(q.space));
  const aim = pick(reachable, (q) => fromJudge.get(q.space)!);
  if (aim.kind === 'nobody') return null;
  // The first step of a shortest path; of several, the lowest-numbered space (R48).
  const toTarget = walkingSteps(board, aim.space);
  const along = board.adjacent(judge).filter((next) => toTarget.get(next) === toTarget.get(judge)! - 1);
  return { toward: aim.space, to: Math.min(...along) };
}

/** MELEE / SMASH — "against a defending character who is in the same space"; nobody there: nothing. */
export function meleeAim(judge: SpaceId, quarries: readonly Quarry[]): Aim {
  return pick(
    quarries.filter((q) => q.space === judge),
    () => 0,
  );
}

/** SHOTS — "against the closest character in its LOS" (R47: closest by the SHOTGUN range count). */
export function shotsAim(board: Board, judge: SpaceId, quarries: readonly Quarry[]): Aim {
  return pick(
    quarries.filter((q) => board.hasLineOfSight(judge, q.space)),
    (q) => board.distance(judge, q.space),
  );
}

/** SHOTGUN — "the closest character in its LOS. The character must be no more than 2 spaces away." */
export function shotgunAim(board: Board, judge: SpaceId, quarries: readonly Quarry[]): Aim {
  return pick(
    quarries.filter((q) => board.hasLineOfSight(judge, q.space) && board.distance(judge, q.space) <= 2),
    (q) => board.distance(judge, q.space),
  );
}

/**
 * EXPLODE — "against its own or an adjacent space with one or more characters in it. Dark Judges are
 * not hit by EXPLODE actions from other Dark Judges." The space only: every one of the player's
 * characters there defends. Of several spaces, the lowest-numbered.
 */
export function explodeSpace(board: Board, judge: SpaceId, quarries: readonly Quarry[]): SpaceId | null {
  const spaces = [judge, ...board.adjacent(judge)].filter((s) => quarries.some((q) => q.space === s));
  return spaces.length === 0 ? null : Math.min(...spaces);
}
