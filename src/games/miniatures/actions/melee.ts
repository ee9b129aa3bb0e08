// "MELEE ACTIONS": move into base contact up to Move, then "They will then fight an immediate
// melee"; "Fighting in a Melee Action", "Winning a Close Combat" (the push-back) and "Ongoing Close
// Combat".

import { meleeWeapon, profile } from '../content/index.ts';
import { resolveHits } from '../damage.ts';
import { highest, roll, signed } from '../dice.ts';
import { check, refuseIf } from '../../../platform/draft.ts';
import type { Draft } from '../draft.ts';
import { distance, INCH, type Point } from '../geometry/shapes.ts';
import { checkPath, contactPoint, inContact, pointAlong, terrainUnder, type Base, type PathReport } from '../table/movement.ts';
import { baseOf, otherBases, standing, tableOf } from '../state.ts';
import { completeAction, dangerousCheck, startAction } from '../turn.ts';
import type { GameState, ModelState, PendingAction, Seat } from '../types.ts';
import { emitMove } from './move.ts';

/** "moving the enemy model 2” directly away from his own". */
export const PUSH = 2 * INCH;

/** M4: a tie for the single highest die is rolled again; this many ties in a row leave the fight undecided. */
const MAX_REROLLS = 50;

/** The path a Melee action takes to `target`: the one given, or straight into contact. */
export function meleePath(m: ModelState, target: ModelState, path: readonly Point[] | undefined): Point[] {
  if (path && path.length > 0) return [m.at, ...path];
  if (inContact(baseOf(m), baseOf(target))) return [m.at];
  return [m.at, contactPoint(baseOf(m), baseOf(target))];
}

/** Why `m` may not take a Melee action against `target` along `path` (a refusal), or null. */
export function meleeProblem(s: GameState, m: ModelState, targetId: unknown, path: readonly Point[] | undefined): { code: string; message: string } | null {
  const target = standing(s, targetId);
  if (!target || target.seat === m.seat) return { code: 'ILLEGAL_TARGET', message: 'The target must be an enemy model on the table.' };
  if (m.lockedWith.length > 0) {
    if (!m.lockedWith.includes(target.id)) return { code: 'LOCKED_IN_COMBAT', message: `${m.name} is locked in close combat and must fight the model it is locked with.` };
    if (path && path.length > 0) return { code: 'LOCKED_IN_COMBAT', message: `${m.name} is locked in close combat: "They cannot just walk away from the fight".` };
    return null;
  }
  const points = meleePath(m, target, path);
  const r = checkPath(tableOf(s), baseOf(m), points, profile(m.profile).move, otherBases(s, m.id));
  // Too far is no refusal: "If it is unable to do so … then this becomes an ordinary Move action."
  return r.problem && r.problem.code !== 'TOO_FAR' ? r.problem : null;
}

export function meleeAction(d: Draft, seat: Seat, model: string, targetId: string, path: readonly Point[] | undefined): void {
  const m = startAction(d, seat, model, 'melee');
  const problem = meleeProblem(d.state, m, targetId, path);
  refuseIf(problem);
  const target = d.state.models[targetId]!;
  let dangerous = false;
  const points = meleePath(m, target, path);
  if (points.length > 1) {
    const check = (path: readonly Point[]) => checkPath(tableOf(d.state), baseOf(m), path, profile(m.profile).move, otherBases(d.state, m.id));
    const r = check(points);
    const short = r.problem ? shortOf(points, profile(m.profile).move * INCH, check) : { points, allowance: r.allowance };
    const cut = r.problem ? check(short.points) : r;
    emitMove(d, m, short.points, cut.length, short.allowance, 'melee');
    dangerous = cut.dangerous;
  }
  const moved = d.state.models[m.id]!;
  if (!inContact(baseOf(moved), baseOf(target))) {
    d.emit({ type: 'MeleeBecameMove', model: m.id, target: target.id, text: `${m.name} cannot reach ${target.name}: the Melee action becomes a Move` });
    return completeAction(d, m.id, dangerous);
  }
  fight(d, moved.id, target.id, dangerous);
}

/**
 * M19 with M2: a Melee that cannot reach "becomes an ordinary Move action", so the model goes along
 * its path as far as a Move along it may: its whole Move if the base crosses no difficult terrain
 * in that stretch, else half ("trying to cross difficult terrain" is judged on the path it takes,
 * not on terrain beyond where it stops).
 */
export function shortOf(points: readonly Point[], move: number, check: (path: readonly Point[]) => PathReport): { points: Point[]; allowance: number } {
  const whole = pointAlong(points, move).points;
  const r = check(whole);
  return { points: r.problem ? pointAlong(points, r.allowance).points : whole, allowance: r.allowance };
}

/**
 * "Both models roll a number of dice equal to their Melee Dice characteristic, adding their Melee
 * score to all dice they roll. The model with the single highest dice roll wins the fight. Every
 * Melee Dice that the winner rolled higher than the target's highest roll will be a successful
 * attack."
 */
function fight(d: Draft, attackerId: string, defenderId: string, dangerous: boolean): void {
  const attacker = d.state.models[attackerId]!;
  const defender = d.state.models[defenderId]!;
  let winner: ModelState | null = null;
  let hits = 0;
  for (let i = 0; i < MAX_REROLLS && !winner; i++) {
    const outcome = meleeOutcome(meleeRoll(d, attacker), meleeRoll(d, defender));
    if (outcome.winner === null) continue;
    winner = outcome.winner === 'first' ? attacker : defender;
    hits = outcome.hits;
  }
  if (winner) {
    const loser = winner === attacker ? defender : attacker;
    resolveHits(d, loser.id, hits, meleeWeapon(profile(winner.profile)), 0);
  }
  if (d.over) return;
  const [a, b] = [d.state.models[attackerId]!, d.state.models[defenderId]!];
  if (a.removed || b.removed) return completeAction(d, attackerId, dangerous);
  // "If both models are still standing at the end of a Melee action, then they are locked in close combat".
  if (!a.lockedWith.includes(b.id)) d.emit({ type: 'CombatLocked', models: [a.id, b.id] });
  // "If a model beats its opponent in a Melee action but fails to kill or destroy it, then its player has the option of moving the enemy model 2” directly away".
  if (winner) {
    const w = d.state.models[winner.id]!;
    const l = w.id === a.id ? b : a;
    const push = pushPoint(d.state, w, l);
    if (push) {
      const mayFollow = followPoint(d.state, w, l, push) !== null;
      const pending = { model: attackerId, dangerous };
      // M21: the winner's standing order answers for its seat the moment the push-back would ask it.
      const order = d.state.orders[w.seat]!.pushBack;
      if (order === 'ask') return d.open({ kind: 'push-back', seat: w.seat, winner: w.id, loser: l.id, mayFollow, pending });
      if (order === 'always') applyPush(d, w.id, l.id, mayFollow, pending);
    }
  }
  completeAction(d, attackerId, dangerous);
}

/**
 * The fight between two sets of totals: the single highest wins (none on a tie, M4), with a hit for
 * each of the winner's dice above the loser's highest.
 */
export function meleeOutcome(first: readonly number[], second: readonly number[]): { winner: 'first' | 'second' | null; hits: number } {
  const [h1, h2] = [highest(first), highest(second)];
  if (h1 === h2) return { winner: null, hits: 0 };
  const [winner, loserHighest] = h1 > h2 ? (['first', h2] as const) : (['second', h1] as const);
  return { winner, hits: (winner === 'first' ? first : second).filter((t) => t > loserHighest).length };
}

function meleeRoll(d: Draft, m: ModelState): number[] {
  const p = profile(m.profile);
  return roll(d, 'melee', { model: m.id }, p.meleeDice, p.melee, (ds, ts) => `${m.name} rolls ${p.meleeDice} Melee ${p.meleeDice === 1 ? 'Die' : 'Dice'}${signed(p.melee)}: ${ds.join(', ')} → ${ts.join(', ')}`).totals;
}

/**
 * Where a push 2" directly away from the winner puts the loser, or null: "You cannot push an enemy
 * model into impassable terrain or off the table." M3: nor through another model's base.
 */
export function pushPoint(s: GameState, winner: ModelState, loser: ModelState): Point | null {
  const d = distance(winner.at, loser.at);
  if (d === 0) return null;
  const to = { x: Math.round(loser.at.x + ((loser.at.x - winner.at.x) / d) * PUSH), y: Math.round(loser.at.y + ((loser.at.y - winner.at.y) / d) * PUSH) };
  return clear(s, baseOf(loser), to, otherBases(s, loser.id)) ? to : null;
}

/** "He may then immediately move his own model back into contact": straight after it, or null if it cannot. */
export function followPoint(s: GameState, winner: ModelState, loser: ModelState, pushedTo: Point): Point | null {
  const loserThere: Base = { ...baseOf(loser), at: pushedTo };
  const to = contactPoint(baseOf(winner), loserThere);
  const others = [...otherBases(s, winner.id, loser.id), loserThere];
  return clear(s, baseOf(winner), to, others) ? to : null;
}

/** A push or follow-up is no Move: only the table, impassable terrain and bases stop it. */
function clear(s: GameState, mover: Base, to: Point, others: readonly Base[]): boolean {
  const r = checkPath(tableOf(s), mover, [mover.at, to], 1000, others);
  return r.problem === null;
}

/** The winner's decision: push or not, follow or not. */
export function pushBack(d: Draft, seat: Seat, push: boolean, follow: boolean): void {
  const sit = d.state.situation;
  check(sit.kind === 'push-back' && sit.seat === seat, 'NOT_NOW', 'There is no push-back for you to decide.');
  check(push || !follow, 'CANNOT_FOLLOW', 'A model follows up only after a push.');
  check(!follow || sit.mayFollow, 'CANNOT_FOLLOW', `${d.state.models[sit.winner]!.name} cannot follow into contact.`);
  if (push) applyPush(d, sit.winner, sit.loser, follow, sit.pending);
  if (d.over) return;
  d.open({ kind: 'phase' });
  completeAction(d, sit.pending.model, sit.pending.dangerous);
}

/** Pushes the loser 2" directly away, the winner following if `follow`; the action is still `pending`. */
function applyPush(d: Draft, winnerId: string, loserId: string, follow: boolean, pending: PendingAction): void {
  const winner = d.state.models[winnerId]!;
  const loser = d.state.models[loserId]!;
  const to = pushPoint(d.state, winner, loser)!;
  const followTo = follow ? followPoint(d.state, winner, loser, to) : null;
  emitMove(d, loser, [loser.at, to], PUSH, null, 'push');
  if (followTo) emitMove(d, winner, [winner.at, followTo], distance(winner.at, followTo), null, 'follow');
  // "One model wins a close combat and pushes its opponent back without following it up": that
  // combat ends, and so does any other the push or the follow-up left out of contact.
  for (const id of [winner.id, loser.id]) {
    const a = d.state.models[id]!;
    for (const other of a.lockedWith.slice())
      if (!inContact(baseOf(a), baseOf(d.state.models[other]!))) d.emit({ type: 'CombatEnded', models: [a.id, other] });
  }
  // M7: "we highly recommend pushing an enemy into dangerous terrain": the pushed model checks at
  // once (the acting model checks when its action completes).
  const pushed = d.state.models[loser.id]!;
  if (pushed.id !== pending.model && terrainUnder(tableOf(d.state), baseOf(pushed)).some((t) => t.type === 'dangerous')) dangerousCheck(d, pushed);
}
