// The Dark Judges' turn in a solo game ("Playing solo against the Dark Judges"): "At the end of your
// turn, flip any armour tokens so their protected side is facing up. Then the Dark Judges take their
// turn." — "Draw the top solo card. Starting with the top row, activate each Dark Judge in turn. When
// you activate a Dark Judge, resolve any actions listed next to their symbol (left to right). When
// you have resolved the first solo card, draw another solo card and repeat the process. Then discard
// both solo cards. Ignore any defences listed when resolving the solo cards. … If the solo deck runs
// out, shuffle the discarded cards into a new deck."
//
// Played by the rules, as ordinary events, from a cursor kept in the state (`solo.step`): it stops
// where the player decides — a defence against a Dark Judge's attack, the choice among equal targets
// (R54) — and goes on from the cursor once decided. It also stops once a card is resolved in full, the
// only moment the player may INTERRUPT ("Once a solo card has been drawn, you must resolve it in full
// before you can take an interrupting turn"), and at the end of the turn: decide.ts opens the
// INTERRUPT window there, as after any action or end of turn, and the window's close brings play
// back here (turn.ts `resumeTurn`, a `TurnBegan` of the Dark Judges' seat) or on to the player.

import { boardFor } from '../board/index.ts';
import { EXPLODE_DAMAGE } from '../actions/explode.ts';
import { melee } from '../actions/melee.ts';
import { shotgun } from '../actions/shotgun.ts';
import { smash } from '../actions/smash.ts';
import { snipe } from '../actions/snipe.ts';
import { soloCardById, type SoloAction, type SoloCard, type SoloJudge } from '../content/solo/solo-cards.ts';
import { declareAttack } from '../defences.ts';
import { check } from '../../../platform/draft.ts';
import type { Draft } from '../draft.ts';
import { charactersOf, isOnBoard, isOver } from '../state.ts';
import { declareEndOfTurn } from '../turn.ts';
import type { Attack, CharacterId, CombatSymbol, DarkJudgeResult, GameState } from '../types.ts';
import { cardSteps, takerOf, type CardStep } from './plan.ts';
import { SOLO_DARK_SEAT, SOLO_PLAYER_SEAT } from './seat.ts';
import { explodeSpace, meleeAim, moveTowards, shotgunAim, shotsAim, type Aim, type Quarry } from './targets.ts';
import { topSoloCard } from './draw.ts';

/** Where the Dark Judges stopped: for the player to decide (null), or a moment the player may INTERRUPT after. */
export type DarkJudgesPause = null | 'action' | 'endOfTurn';

/**
 * The attack each solo action is, as the base game's action of that name: "The Dark Judge takes a
 * MELEE / SMASH action", "takes a SHOTGUN action", "takes an EXPLODE action"; SHOTS is a SNIPE (R56).
 */
const ATTACKS: Record<Exclude<SoloAction, 'MOVE'>, { symbol: CombatSymbol; damage: number }> = {
  MELEE: { symbol: 'MELEE', damage: melee.damage },
  SMASH: { symbol: 'SMASH', damage: smash.damage },
  SHOTS: { symbol: 'SNIPE', damage: snipe.damage },
  SHOTGUN: { symbol: 'SHOTGUN', damage: shotgun.damage },
  EXPLODE: { symbol: 'EXPLODE', damage: EXPLODE_DAMAGE },
};

const livingJudges = (s: GameState): Set<SoloJudge> =>
  new Set(charactersOf(s, SOLO_DARK_SEAT).filter(isOnBoard).map((c) => c.id as SoloJudge));

/** The player's characters on the board, in roster order (the order the deadline's default follows, R54). */
function quarries(s: GameState): Quarry[] {
  return charactersOf(s, SOLO_PLAYER_SEAT)
    .filter(isOnBoard)
    .map((c) => ({ id: c.id, space: c.space!, health: c.health }));
}

/**
 * Plays the Dark Judges' turn on from its cursor. Returns null when it stops for the player (a
 * defence or a target to choose) or the game is over; `action` once a card is resolved in full and
 * the second is still to come; `endOfTurn` once both are resolved and discarded and the turn ended.
 */
export function resolveDarkJudges(d: Draft): DarkJudgesPause {
  for (;;) {
    if (isOver(d.state)) return null;
    const solo = d.state.solo!;
    if (solo.step === null) {
      if (solo.drawn.length >= 2) throw new Error('the Dark Judges’ turn is over: both solo cards are resolved');
      drawCard(d, solo.drawn.length === 0 ? 1 : 2);
      continue;
    }
    const card = soloCardById(solo.drawn.at(-1)!)!;
    const next = nextStep(d.state, card);
    if (next) {
      if (!takeStep(d, card, next.at, next.step, next.judge, null)) return null;
      continue;
    }
    d.emit({ type: 'SoloCardResolved', card: card.id });
    if (d.state.solo!.drawn.length === 1) return 'action';
    d.emit({ type: 'SoloCardsDiscarded', cards: d.state.solo!.drawn.slice() });
    declareEndOfTurn(d, SOLO_DARK_SEAT, false);
    return 'endOfTurn';
  }
}

/** "Draw the top solo card", reshuffling the discards into a new deck first if it has run out. */
function drawCard(d: Draft, number: 1 | 2): void {
  const card = topSoloCard(d);
  d.emit({ type: 'DarkJudgesCardDrawn', card: card.id, number });
}

/**
 * The next step at or after the cursor that a living Dark Judge takes. Who lives is asked when the
 * step comes up ("When you would have activated a Dark Judge who has been killed").
 */
function nextStep(s: GameState, card: SoloCard): { at: number; step: CardStep; judge: SoloJudge } | null {
  const steps = cardSteps(card);
  const living = livingJudges(s);
  for (let at = s.solo!.step!; at < steps.length; at++) {
    const judge = takerOf(steps[at]!, living);
    if (judge !== null) return { at, step: steps[at]!, judge };
  }
  return null;
}

/**
 * The player chose among equal targets (or the deadline chose the first, R54): the paused step is
 * taken against `character`. Returns whether it is complete (false: a defence is awaited).
 */
export function chooseTarget(d: Draft, character: CharacterId, by: 'player' | 'deadline'): boolean {
  const sit = d.state.situation;
  check(sit.kind === 'target', 'WRONG_SITUATION', 'No target is to be chosen.');
  check(sit.candidates.includes(character), 'NOT_A_CANDIDATE', `Choose one of ${sit.candidates.join(', ')}.`);
  const card = soloCardById(sit.card)!;
  return takeStep(d, card, sit.step, cardSteps(card)[sit.step]!, sit.judge, { character, by });
}

/** Takes one step; returns false when it stopped for the player (a target to choose, a defence). */
function takeStep(
  d: Draft,
  card: SoloCard,
  at: number,
  step: CardStep,
  judge: SoloJudge,
  chosen: { character: CharacterId; by: 'player' | 'deadline' } | null,
): boolean {
  const s = d.state;
  const board = boardFor(s.map);
  const here = s.characters[judge]!.space!;
  /** Records what the step did; true: the step is complete. */
  const acted = (result: DarkJudgeResult): true => {
    d.emit({ type: 'DarkJudgeActed', card: card.id, step: at, row: step.row, judge, action: step.action, result });
    return true;
  };
  const targets = quarries(s);

  if (step.action === 'MOVE') {
    // "If the Dark Judge is in the same space as one or more of your characters, it instead does nothing."
    if (targets.some((q) => q.space === here)) return acted({ kind: 'nothing', why: 'WITH_CHARACTER' });
    const move = moveTowards(board, here, targets);
    if (!move) return acted({ kind: 'nothing', why: 'NO_PATH' });
    acted({ kind: 'moved', from: here, to: move.to, toward: move.toward });
    d.emit({ type: 'CharacterMoved', character: judge, from: here, to: move.to });
    return true;
  }

  let space: number;
  let defenders: CharacterId[];
  let choice: 'rules' | 'player' | 'deadline' = 'rules';
  if (step.action === 'EXPLODE') {
    // "against its own or an adjacent space with one or more characters in it. Dark Judges are not
    // hit by EXPLODE actions from other Dark Judges" — nor by their own (R57): the player's characters there defend.
    const target = explodeSpace(board, here, targets);
    if (target === null) return acted({ kind: 'nothing', why: 'NO_TARGET' });
    space = target;
    defenders = targets.filter((q) => q.space === target).map((q) => q.id);
  } else {
    const aim: Aim = step.action === 'SHOTS' ? shotsAim(board, here, targets) : step.action === 'SHOTGUN' ? shotgunAim(board, here, targets) : meleeAim(here, targets);
    if (aim.kind === 'nobody') return acted({ kind: 'nothing', why: 'NO_TARGET' });
    space = aim.space;
    if (chosen) {
      defenders = [chosen.character];
      choice = chosen.by;
    } else if (aim.candidates.length > 1) {
      // "If there is more than one possible target character with the same number of health cubes, you may choose who it targets."
      d.emit({ type: 'TargetChoiceOpened', windowId: d.nextWindowId(), card: card.id, step: at, judge, action: step.action, space, candidates: aim.candidates });
      return false;
    } else defenders = aim.candidates;
  }
  acted({ kind: 'attacked', space, defenders, choice });
  const { symbol, damage } = ATTACKS[step.action];
  const attack: Attack = { seat: SOLO_DARK_SEAT, character: judge, action: symbol, damage, interrupting: false };
  return declareAttack(d, attack, defenders) !== null;
}
