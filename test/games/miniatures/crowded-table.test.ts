// The Miniatures game on a crowded table never freezes (issue 27): random and adversarial play that
// drives every model into the enemy — moving base to base with the nearest enemy model, then into
// close combat, so that models crowd, lock and push one another back — and the platform's guard
// never fires: every awaited seat always has something to do, and every passing deadline changes
// the game (test/support/guarded-play.ts). fast-check draws the seed, the scenario and how
// adversarial the play is; a fixed seed keeps CI reproducible (FC_SEED=random explores).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCENARIO_IDS } from '../../../src/games/miniatures/content/index.ts';
import { miniatures } from '../../../src/games/miniatures/index.ts';
import type { Command, GameState, Point, Seat } from '../../../src/games/miniatures/types.ts';
import { keyedRng, pick, type RngState } from '../../../src/platform/random.ts';
import { fcParams } from '../../support/fast-check.ts';
import { adversarial, playGuarded } from '../../support/guarded-play.ts';
import { keyN } from '../../support/module-game.ts';
import { TestGame } from './support.ts';


/** Base to base: a model's centre one base across (1", M12) from the other's. */
const BASE_TO_BASE = 100;

/** The point `gap` short of `to` on the line from `from`. */
function shortOf(from: Point, to: Point, gap: number, share = 1): Point {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const d = Math.hypot(dx, dy) || 1;
  const go = Math.max(0, (d - gap) * share);
  return { x: Math.round(from.x + (dx / d) * go), y: Math.round(from.y + (dy / d) * go) };
}

/** A MOVE drawn base to base with the nearest enemy model (or as far as the rules allow towards it); the listed MOVE otherwise. */
function crowdingMove(s: GameState, seat: Seat, listed: Extract<Command, { type: 'MOVE' }>): Command {
  const m = s.models[listed.model]!;
  const enemies = Object.values(s.models).filter((e) => e.seat !== m.seat && !e.removed);
  if (enemies.length === 0) return listed;
  const nearest = enemies.reduce((a, b) => (Math.hypot(a.at.x - m.at.x, a.at.y - m.at.y) <= Math.hypot(b.at.x - m.at.x, b.at.y - m.at.y) ? a : b));
  for (const share of [1, 0.75, 0.5, 0.25]) {
    const drawn: Command = { ...listed, path: [shortOf(m.at, nearest.at, BASE_TO_BASE, share)] };
    if (miniatures.decide(s, drawn, { kind: 'seat', seat }).ok) return drawn;
  }
  return listed;
}

/** Close combat if listed, else a move into the enemy, else none. */
function intoCombat(s: GameState, seat: Seat, legal: readonly Command[], rng: RngState): [Command, RngState] | null {
  const melee = legal.filter((c) => c.type === 'MELEE');
  if (melee.length > 0) return pick(melee, rng);
  const moves = legal.filter((c): c is Extract<Command, { type: 'MOVE' }> => c.type === 'MOVE');
  if (moves.length === 0) return null;
  const [move, next] = pick(moves, rng);
  return [crowdingMove(s, seat, move), next];
}

/** With probability `rate`: close combat if listed, else a move into the enemy; otherwise a uniform command. */
const adversary = (rate: number) => adversarial(rate, intoCombat);

describe('no Miniatures game freezes, however crowded the table (issue 27)', () => {
  it('random and adversarial play into close combat: the guard never fires and every deadline changes the game', { timeout: 60_000 }, () => {
    let locked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), fc.constantFrom(...SCENARIO_IDS), fc.constantFrom(0, 0.6, 0.9, 1), (seed, scenario, rate) => {
        const g = TestGame.create(keyN(seed), scenario);
        playGuarded(miniatures, g.state, adversary(rate), keyedRng(keyN(seed + 1)), {
          commands: 400,
          expireEvery: 3,
          visit: (s) => {
            if (Object.values(s.models).some((m) => m.lockedWith.length > 0)) locked++;
          },
        });
      }),
      fcParams(12, 2713),
    );
    // The adversary does crowd the table: models locked in close combat.
    expect(locked).toBeGreaterThan(0);
  });
});
