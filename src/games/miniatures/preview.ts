// A preview that changes nothing: whether a command would be accepted now and why not, the path's
// length and what the action allows, and for a shot the range, line of sight, cover and the odds.
// A client draws its measuring tape and "hit chance" from it before the player commits. Pure: the
// command is decided on a copy and the events thrown away, so preview and decide never disagree.

import type { Sender } from '../../platform/game-module.ts';
import { meleePath } from './actions/melee.ts';
import { shotWords, sightOf } from './actions/shoot.ts';
import { parseCommand } from './commands.ts';
import { profile, rangedWeapon } from './content/index.ts';
import { decide } from './decide.ts';
import { checkPath, fmt } from './table/movement.ts';
import { baseOf, otherBases, standing, tableOf } from './state.ts';
import type { Command, GameState, Seat } from './types.ts';
import { RuleError } from '../../platform/game-module.ts';

export interface Preview {
  legal: boolean;
  problem: { code: string; message: string } | null;
  /** For a Move, a Melee or a flight: hundredths of an inch. */
  path?: { length: number; allowance: number; difficultLength: number; dangerous: boolean; words: string };
  /** For a Shoot: as the engine will measure it, and the odds before any roll. */
  shot?: { range: number; lineOfSight: boolean; cover: string; words: string; hitChance: number; expectedHits: number; unsavedChance: number };
}

export function preview(s: GameState, seat: Seat, input: unknown): Preview {
  const parsed = parseCommand(input);
  if (parsed instanceof RuleError) return { legal: false, problem: { code: parsed.code, message: parsed.message } };
  const sender: Sender = { kind: 'seat', seat };
  const decision = decide(s, parsed, sender);
  const out: Preview = { legal: decision.ok, problem: decision.ok ? null : { code: decision.error.code, message: decision.error.message } };
  measure(s, parsed, out);
  return out;
}

function measure(s: GameState, cmd: Command, out: Preview): void {
  if (cmd.type !== 'MOVE' && cmd.type !== 'MELEE' && cmd.type !== 'SHOOT' && cmd.type !== 'SPECIAL') return;
  const m = standing(s, cmd.model);
  if (!m) return;
  if (cmd.type === 'SHOOT') {
    const target = standing(s, cmd.target);
    const weapon = rangedWeapon(profile(m.profile));
    const shoot = profile(m.profile).shoot;
    if (!target || !weapon || shoot === null) return;
    const seen = sightOf(s, m, target);
    const t = profile(target.profile);
    const odds = shotOdds(weapon.shootingDice!, shoot, t.agility + (seen.cover === 'none' ? 0 : 3), t.armour + (seen.cover === 'heavy' ? 3 : 0) - weapon.ap);
    out.shot = { range: seen.range, lineOfSight: seen.lineOfSight, cover: seen.cover, words: shotWords(m, target, weapon, seen), ...odds };
    return;
  }
  const target = cmd.type === 'MELEE' ? standing(s, cmd.target) : undefined;
  const points = target ? meleePath(m, target, cmd.path) : [m.at, ...((cmd as { path?: { x: number; y: number }[] }).path ?? [])];
  const r = checkPath(tableOf(s), baseOf(m), points, profile(m.profile).move, otherBases(s, m.id));
  out.path = { length: r.length, allowance: r.allowance, difficultLength: r.difficultLength, dangerous: r.dangerous, words: `${fmt(r.length)} in of ${fmt(r.allowance)} in${r.difficultLength > 0 ? ' (halved: difficult terrain)' : ''}` };
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
