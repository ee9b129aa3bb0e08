// The game's bots. `random` is the platform's; `heuristic` shoots where a shot does the most harm,
// fights what it can reach, and otherwise closes on the nearest enemy (a Melee out of reach is a
// Move towards it, M19). It reads only what every seat sees (nothing is hidden but the generator).

import type { Bot, GameBots } from '../../platform/game-module.ts';
import { randomBot } from '../../platform/bots.ts';
import { meleePath } from './actions/melee.ts';
import { sightOf } from './actions/shoot.ts';
import { profile, rangedWeapon } from './content/index.ts';
import { polylineLength } from './geometry/shapes.ts';
import { shotOdds } from './preview.ts';
import { scenarioOf } from './state.ts';
import type { Command, GameState, Seat } from './types.ts';

/** How much removing a model is worth: the models the scenario's victory names count double. */
function worth(s: GameState, seat: Seat, id: string): number {
  return scenarioOf(s).forces[seat]!.winsWhenRemoved.includes(id) ? 2 : 1;
}

function shotValue(s: GameState, seat: Seat, c: Extract<Command, { type: 'SHOOT' }>): number {
  const m = s.models[c.model]!;
  const t = s.models[c.target]!;
  const weapon = rangedWeapon(profile(m.profile))!;
  const seen = sightOf(s, m, t);
  const tp = profile(t.profile);
  const odds = shotOdds(weapon.shootingDice!, profile(m.profile).shoot!, tp.agility + (seen.cover === 'none' ? 0 : 3), tp.armour + (seen.cover === 'heavy' ? 3 : 0) - weapon.ap);
  return (odds.expectedHits * odds.unsavedChance * weapon.damage * worth(s, seat, t.id)) / t.hits;
}

function choose(s: GameState, seat: Seat, legal: readonly Command[]): Command {
  const pushes = legal.filter((c) => c.type === 'PUSH_BACK');
  // "always follow up": keep the beaten model in the fight.
  if (pushes.length > 0) return pushes.find((c) => c.follow) ?? pushes.find((c) => c.push) ?? pushes[0]!;
  const shots = legal.filter((c): c is Extract<Command, { type: 'SHOOT' }> => c.type === 'SHOOT');
  if (shots.length > 0) return shots.reduce((best, c) => (shotValue(s, seat, c) > shotValue(s, seat, best) ? c : best));
  const melees = legal.filter((c): c is Extract<Command, { type: 'MELEE' }> => c.type === 'MELEE');
  if (melees.length > 0) {
    // The nearest target, victory models first among equals: out of reach, this closes the distance.
    const cost = (c: Extract<Command, { type: 'MELEE' }>) => {
      const m = s.models[c.model]!;
      return polylineLength(meleePath(m, s.models[c.target]!, undefined)) / worth(s, seat, c.target);
    };
    return melees.reduce((best, c) => (cost(c) < cost(best) ? c : best));
  }
  const selected = s.phase?.selected?.model;
  if (selected) return legal.find((c) => c.type === 'SPECIAL') ?? legal[0]!;
  return legal.find((c) => c.type === 'END_PHASE') ?? legal[0]!;
}

export const heuristicBot: Bot<GameState, Command> = {
  description: 'Shoots where a shot is likeliest to remove a model (the scenario\'s victory models first), fights what it can reach, otherwise closes on the nearest enemy; always follows up a push.',
  choose: (s, seat, legal) => choose(s, seat, legal),
};

export const BOTS: GameBots<GameState, Command> = { kinds: { random: randomBot as Bot<GameState, Command>, heuristic: heuristicBot }, default: 'heuristic' };

