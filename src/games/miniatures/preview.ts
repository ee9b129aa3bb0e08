// What the game measures of a command a seat might send (GameModule.preview; the platform answers
// whether decide would accept it): the path's length and what the action allows, and for a shot the
// range, line of sight, cover and the odds. A client draws its measuring tape and "hit chance" from
// it before the player commits. Pure, and it draws nothing from the generator: odds are computed.

import type { Seat } from '../../platform/game-module.ts';
import { RuleError } from '../../platform/game-module.ts';
import { meleePath, shortOf } from './actions/melee.ts';
import { shotWords, sightOf } from './actions/shoot.ts';
import { parseCommand } from './commands.ts';
import { profile, rangedWeapon } from './content/index.ts';
import { INCH, type Point } from './geometry/shapes.ts';
import { checkPath, fmt } from './table/movement.ts';
import { obscuredShare, type SightLine } from './table/sight.ts';
import { baseOf, otherBases, standing, tableOf } from './state.ts';
import type { GameState } from './types.ts';

export interface Preview {
  /** For a Move, a Melee or a flight: hundredths of an inch along the model's centre; `difficultLength` is how far its base is over difficult terrain (M2). */
  path?: { length: number; allowance: number; difficultLength: number; dangerous: boolean; words: string };
  /**
   * For a Shoot: as the engine will measure it, and the odds before any roll. `eye` and `lines` are
   * the sight lines M1 traces (from the shooter's centre to points across the target's width), so a
   * client draws what the rules see; `obscured` is the share of those lines hidden (0 to 1).
   */
  shot?: {
    range: number;
    lineOfSight: boolean;
    cover: string;
    obscured: number;
    eye: Point;
    lines: readonly SightLine[];
    words: string;
    hitChance: number;
    expectedHits: number;
    unsavedChance: number;
  };
}

/** The measurements of `input`, or null when it names nothing to measure (not a model's action). */
export function preview(s: GameState, input: unknown, _seat: Seat): Preview | null {
  const cmd = parseCommand(input);
  if (cmd instanceof RuleError) return null;
  if (cmd.type !== 'MOVE' && cmd.type !== 'MELEE' && cmd.type !== 'SHOOT' && cmd.type !== 'SPECIAL') return null;
  const m = standing(s, cmd.model);
  if (!m) return null;
  if (cmd.type === 'SHOOT') {
    const target = standing(s, cmd.target);
    const weapon = rangedWeapon(profile(m.profile));
    const shoot = profile(m.profile).shoot;
    if (!target || !weapon || shoot === null) return null;
    const seen = sightOf(s, m, target);
    const t = profile(target.profile);
    const odds = shotOdds(weapon.shootingDice!, shoot, t.agility + (seen.cover === 'none' ? 0 : 3), t.armour + (seen.cover === 'heavy' ? 3 : 0) - weapon.ap);
    const shot = { range: seen.range, lineOfSight: seen.lineOfSight, cover: seen.cover, obscured: obscuredShare(seen), eye: seen.eye, lines: seen.lines };
    return { shot: { ...shot, words: shotWords(m, target, weapon, seen), ...odds } };
  }
  const target = cmd.type === 'MELEE' ? standing(s, cmd.target) : undefined;
  if (cmd.type === 'MELEE' && !target) return null;
  const points = target ? meleePath(m, target, cmd.path) : [m.at, ...(cmd.path ?? [])];
  const move = profile(m.profile).move;
  const check = (path: readonly Point[]) => checkPath(tableOf(s), baseOf(m), path, move, otherBases(s, m.id));
  const r = check(points);
  // A Melee out of reach is a Move as far as its path allows (M19): what it allows is judged on
  // the stretch the model will take, as the action does.
  const allowance = target && r.problem?.code === 'TOO_FAR' ? shortOf(points, move * INCH, check).allowance : r.allowance;
  const words = `${fmt(r.length)} in of ${fmt(allowance)} in${allowance < move * INCH ? ' (halved: difficult terrain)' : ''}`;
  return { path: { length: r.length, allowance, difficultLength: r.difficultLength, dangerous: r.dangerous, words } };
}

/**
 * Exact odds of a shooting attack: `dice` d10 + `shoot` against one d10 + `agility`; each die above
 * is a hit; a hit is unsaved on an armour roll of 1 or a total (d10 + `armour`) of 10 or less.
 */
export function shotOdds(dice: number, shoot: number, agility: number, armour: number): { hitChance: number; expectedHits: number; unsavedChance: number } {
  let hitChance = 0;
  let expectedHits = 0;
  for (let t = 1; t <= 10; t++) {
    const beat = Math.min(10, Math.max(0, 10 - (t + agility - shoot))) / 10; // one die's total > the target's
    hitChance += (1 - (1 - beat) ** dice) / 10;
    expectedHits += (dice * beat) / 10;
  }
  let unsaved = 0;
  for (let a = 1; a <= 10; a++) if (a === 1 || a + armour <= 10) unsaved++;
  return { hitChance, expectedHits, unsavedChance: unsaved / 10 };
}
