// "Dark Judges' actions" in solo play: where a Dark Judge moves and whom he targets, with "MORE THAN
// ONE TARGET" (lowest-numbered space, then fewest health cubes, then the player's choice). Rulings
// R47 (closest by range for shots), R48 (which step of several shortest paths).

import { describe, expect, it } from 'vitest';
import { boardFor } from '../../../../../src/games/helter-skelter/board/index.ts';
import { explodeSpace, meleeAim, moveStep, shotgunAim, shotsAim, walkingSteps, type Quarry } from '../../../../../src/games/helter-skelter/solo/targets.ts';
import { DAN_TANNA, GRAND_HALL, findPair, findSpace } from '../../support.ts';

const board = boardFor(DAN_TANNA);
const q = (id: string, space: number, health = 3): Quarry => ({ id, space, health });

describe('MOVE', () => {
  // "If the Dark Judge is in the same space as one or more of your characters, it instead does nothing."
  it('a Dark Judge sharing a space with one of the player’s characters does not move', () => {
    expect(moveStep(board, 5, [q('dredd', 5), q('giant', 6)])).toBeNull();
  });

  // "it moves one space towards your closest character. The Dark Judges always take the shortest path"
  it('on both maps, from every space towards every other, the step is adjacent, one step nearer, and the lowest-numbered such step (R48)', () => {
    for (const map of [DAN_TANNA, GRAND_HALL]) {
      const b = boardFor(map);
      for (const from of b.spaces)
        for (const to of b.spaces) {
          if (from === to) continue;
          const steps = walkingSteps(b, to);
          if (!steps.has(from)) continue;
          const step = moveStep(b, from, [q('dredd', to)]);
          expect(b.adjacent(from), `${map} ${from}→${to}`).toContain(step);
          expect(steps.get(step!)).toBe(steps.get(from)! - 1);
          const better = b.adjacent(from).filter((s) => s < step! && steps.get(s) === steps.get(from)! - 1);
          expect(better).toEqual([]);
        }
    }
  });

  // "towards your closest character"
  it('the closest character is chased, not a farther one', () => {
    const from = 1;
    const steps = walkingSteps(board, from);
    const near = board.spaces.find((s) => steps.get(s) === 2)!;
    const far = board.spaces.find((s) => (steps.get(s) ?? 0) >= 4)!;
    const step = moveStep(board, from, [q('far', far), q('near', near)]);
    expect(walkingSteps(board, near).get(step!)).toBe(1);
  });

  // "it targets the lowest numbered space": two characters equally close.
  it('of two characters equally close, the one on the lower-numbered space is chased', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, bd) => x < y && bd.adjacent(x).length > 0 && bd.adjacent(y).length > 0 && !bd.adjacent(x).includes(y));
    const judge = board.spaces.find((s) => s !== a && s !== b && walkingSteps(board, s).get(a) === walkingSteps(board, s).get(b))!;
    const step = moveStep(board, judge, [q('high', b), q('low', a)]);
    expect(walkingSteps(board, a).get(step!)).toBe(walkingSteps(board, a).get(judge)! - 1);
  });

  // "Dark Judges can move onto high-ground spaces at no extra cost."
  it('a Dark Judge steps onto high ground like any other space', () => {
    const [low, high] = findPair(GRAND_HALL, (a, b, bd) => bd.adjacent(a).includes(b) && bd.isHighGround(b) && !bd.isHighGround(a));
    expect(moveStep(boardFor(GRAND_HALL), low, [q('dredd', high)])).toBe(high);
  });
});

describe('MELEE / SMASH', () => {
  // "against a defending character who is in the same space … If the Dark Judge is not in the same space … it instead does nothing."
  it('targets only characters in his own space; none there: nobody', () => {
    expect(meleeAim(5, [q('dredd', 6)])).toEqual({ kind: 'nobody' });
    expect(meleeAim(5, [q('dredd', 5), q('giant', 6)])).toEqual({ kind: 'target', space: 5, candidates: ['dredd'] });
  });

  // "he targets the one with the fewest remaining health cubes … you may choose who it targets."
  it('of several in his space, the one with fewest health cubes; equal ones are the player’s choice', () => {
    expect(meleeAim(5, [q('dredd', 5, 4), q('giant', 5, 2), q('anderson', 5, 3)])).toEqual({ kind: 'target', space: 5, candidates: ['giant'] });
    expect(meleeAim(5, [q('dredd', 5, 2), q('giant', 5, 2)])).toEqual({ kind: 'target', space: 5, candidates: ['dredd', 'giant'] });
  });
});

describe('SHOTS and SHOTGUN', () => {
  const judge = findSpace(DAN_TANNA, (s, b) => b.spaces.some((t) => t !== s && !b.hasLineOfSight(s, t)) && b.spaces.some((t) => t !== s && b.hasLineOfSight(s, t) && b.distance(s, t) >= 3));
  const unseen = board.spaces.find((t) => t !== judge && !board.hasLineOfSight(judge, t))!;
  const seenFar = board.spaces.find((t) => t !== judge && board.hasLineOfSight(judge, t) && board.distance(judge, t) >= 3)!;

  // "against the closest character in its LOS. If the Dark Judge doesn't have LOS to any of your characters, it instead does nothing."
  it('SHOTS ignore characters out of sight, however close; with none in sight, nothing', () => {
    expect(shotsAim(board, judge, [q('hidden', unseen)])).toEqual({ kind: 'nobody' });
    expect(shotsAim(board, judge, [q('hidden', unseen), q('seen', seenFar)])).toEqual({ kind: 'target', space: seenFar, candidates: ['seen'] });
  });

  it('SHOTS go for the closest in sight (R47: counted as SHOTGUN range is)', () => {
    const near = board.spaces.find((t) => t !== judge && board.hasLineOfSight(judge, t) && board.distance(judge, t) < board.distance(judge, seenFar))!;
    expect(shotsAim(board, judge, [q('far', seenFar), q('near', near)])).toMatchObject({ candidates: ['near'] });
  });

  // "The character must be no more than 2 spaces away from the Dark Judge."
  it('SHOTGUN ignores characters more than two spaces away', () => {
    expect(shotgunAim(board, judge, [q('far', seenFar)])).toEqual({ kind: 'nobody' });
    const close = board.spaces.find((t) => board.hasLineOfSight(judge, t) && board.distance(judge, t) <= 2 && t !== judge)!;
    expect(shotgunAim(board, judge, [q('far', seenFar), q('close', close)])).toMatchObject({ kind: 'target', space: close });
  });
});

describe('EXPLODE', () => {
  // "against its own or an adjacent space with one or more characters in it"
  it('targets his own or an adjacent space holding characters, the lowest-numbered of several', () => {
    const judge = findSpace(DAN_TANNA, (s, b) => b.adjacent(s).length >= 2);
    const [a, b] = [...board.adjacent(judge)].sort((x, y) => x - y);
    expect(explodeSpace(board, judge, [q('dredd', b!)])).toBe(b);
    expect(explodeSpace(board, judge, [q('dredd', b!), q('giant', a!)])).toBe(a);
    expect(explodeSpace(board, judge, [q('dredd', b!), q('giant', judge)])).toBe(Math.min(judge, b!));
    const far = board.spaces.find((s) => s !== judge && !board.adjacent(judge).includes(s))!;
    expect(explodeSpace(board, judge, [q('dredd', far)])).toBeNull();
  });
});
