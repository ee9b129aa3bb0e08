// What combat actions share: pay one card with the action symbol, name the defender(s), and let
// each defender decide (defences.ts). Each action file says only what is its own: the symbol, the
// damage, and which enemies may be the defender.

import { checkCombatCost, handCards, paysCombat } from '../costs.ts';
import { declareAttack } from '../defences.ts';
import { check } from '../../../platform/draft.ts';
import type { Draft } from '../draft.ts';
import { character } from '../state.ts';
import type { ActionCommand, Attack, CardId, CharacterId, CharacterState, CombatSymbol, GameState, Seat } from '../types.ts';
import { actingCharacter, checkProblem, payAndAnnounce, type OnBoard, type Problem, type Sides } from './act.ts';

export interface TargetedCommand {
  type: CombatSymbol;
  character: CharacterId;
  card: CardId;
  defender: CharacterId;
  windowId?: string;
}

export interface TargetedAttack {
  symbol: CombatSymbol;
  damage: number;
  /** Why this enemy cannot be the defender, or null when it can. */
  defenderProblem(s: GameState, actor: OnBoard, defender: OnBoard): Problem;
  /** Everyone who defends once `defender` is chosen (Hi-Ex adds the rest of the space). */
  defenders?(s: GameState, actor: OnBoard, defender: OnBoard, cmd: TargetedCommand): CharacterId[];
  /** Extra command variants for a chosen defender (Hi-Ex: with and without). */
  variants?(s: GameState, actor: OnBoard, base: TargetedCommand): TargetedCommand[];
}

/** The turn being played is an interrupting one. */
export function interruptingNow(s: GameState): boolean {
  return s.situation.kind === 'turn' && s.situation.interrupting;
}

/** "Choose an enemy character": another team's character on the board. */
export function enemyOnBoard(s: GameState, seat: Seat, id: CharacterId): OnBoard {
  const c: CharacterState | undefined = character(s, id);
  check(c, 'UNKNOWN_CHARACTER', `There is no character called ${id}.`);
  check(c.seat !== seat, 'NOT_AN_ENEMY', `${id} is on your own team.`);
  check(c.status === 'deployed' && c.space !== null, 'NOT_ON_BOARD', `${id} is not on the board.`);
  return c as OnBoard;
}

/** Returns the attack if no defender had to be asked (it is complete), for decide.ts to open the INTERRUPT window. */
export function decideTargeted(spec: TargetedAttack, d: Draft, seat: Seat, cmd: TargetedCommand): Attack | null {
  const s = d.state;
  const actor = actingCharacter(s, seat, cmd.character);
  checkCombatCost(s, seat, actor, cmd.card, spec.symbol);
  const defender = enemyOnBoard(s, seat, cmd.defender);
  checkProblem(spec.defenderProblem(s, actor, defender));
  const defenders = spec.defenders ? spec.defenders(s, actor, defender, cmd) : [defender.id];
  const interrupting = interruptingNow(s);
  payAndAnnounce(d, seat, [cmd.card], cmd as ActionCommand);
  return declareAttack(d, { seat, character: actor.id, action: spec.symbol, damage: spec.damage, interrupting }, defenders);
}

export function legalTargeted(spec: TargetedAttack, s: GameState, seat: Seat, { own, enemies }: Sides): TargetedCommand[] {
  const out: TargetedCommand[] = [];
  for (const actor of own) {
    const cards = handCards(s, seat, (card) => paysCombat(card, spec.symbol, actor));
    if (cards.length === 0) continue;
    for (const defender of enemies) {
      if (spec.defenderProblem(s, actor, defender)) continue;
      for (const card of cards) {
        const base: TargetedCommand = { type: spec.symbol, character: actor.id, card, defender: defender.id };
        if (spec.variants) out.push(...spec.variants(s, actor, base));
        else out.push(base);
      }
    }
  }
  return out;
}
