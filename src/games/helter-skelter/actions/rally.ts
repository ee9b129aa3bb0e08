// RALLY — "Cost: 1 card with the RALLY symbol (linked). Choose a character in your team on the same
// or an adjacent space to be the ally. The character taking the action and the ally may take a
// MOVE or CLIMB action. You may choose to just move the ally. For each character taking the CLIMB
// action, you must discard an additional card. The card must have that character's symbol or the
// RALLY symbol linked to either character. This counts as a single action for the purposes of the
// INTERRUPT action." Both "may": a RALLY in which neither moves may be played, the card spent and
// nothing else happening (R24).

import { boardFor } from '../board/index.ts';
import { cardById } from '../content/index.ts';
import { checkCombatCost, checkInHand, handCards, paysCombat, showsCharacter } from '../costs.ts';
import { check } from '../../../platform/draft.ts';
import type { Draft } from '../draft.ts';
import { symbolFor } from '../state.ts';
import type { CardId, GameState, Rally, RallyMove, Seat, SpaceId } from '../types.ts';
import { actingCharacter, charactersOnBoard, checkProblem, payAndAnnounce, type OnBoard, type Sides } from './act.ts';
import { allyProblem } from './heal.ts';
import { stepProblem } from './move.ts';

/** The step a rallied character takes: a MOVE is free, a CLIMB needs one more card. */
function stepKind(s: GameState, from: SpaceId, to: SpaceId): 'MOVE' | 'CLIMB' {
  const board = boardFor(s.map);
  if (!stepProblem(board, from, to, 'CLIMB')) return 'CLIMB';
  checkProblem(stepProblem(board, from, to, 'MOVE'));
  return 'MOVE';
}

/** "That character's symbol or the RALLY symbol linked to either character." */
function paysClimb(card: CardId, climber: OnBoard, actor: OnBoard, ally: OnBoard): boolean {
  const def = cardById(card);
  if (showsCharacter(card, climber)) return true;
  return def.action === 'RALLY' && (def.linkedTo === symbolFor(actor) || def.linkedTo === symbolFor(ally));
}

function rallyAlly(s: GameState, seat: Seat, actor: OnBoard, id: string): OnBoard {
  const ally = charactersOnBoard(s, seat).find((c) => c.id === id && c.id !== actor.id);
  checkProblem(allyProblem(s, actor, ally));
  return ally!;
}

export function rally(d: Draft, seat: Seat, cmd: Rally): void {
  const s = d.state;
  const actor = actingCharacter(s, seat, cmd.character);
  checkCombatCost(s, seat, actor, cmd.card, 'RALLY');
  const ally = rallyAlly(s, seat, actor, cmd.ally);
  check(cmd.moves.length <= 2, 'TOO_MANY_MOVES', 'RALLY moves the character, the ally, both or neither.');
  const movers = cmd.moves.map((m) => m.character);
  check(new Set(movers).size === movers.length, 'DUPLICATE_MOVE', 'Each character takes at most one MOVE or CLIMB.');
  const extraCards: CardId[] = [];
  for (const m of cmd.moves) {
    const mover = m.character === actor.id ? actor : m.character === ally.id ? ally : undefined;
    check(mover, 'NOT_AN_ALLY', `${m.character} is neither the rallying character nor the ally.`);
    if (stepKind(s, mover.space, m.to) === 'CLIMB') {
      check(m.climbCard !== null, 'CLIMB_CARD_REQUIRED', `${mover.id} is climbing: discard one more card.`);
      checkInHand(s, seat, [m.climbCard]);
      check(paysClimb(m.climbCard, mover, actor, ally), 'WRONG_SYMBOL', `${m.climbCard} cannot pay for ${mover.id}'s CLIMB.`);
      extraCards.push(m.climbCard);
    } else {
      check(m.climbCard === null, 'NO_CLIMB', `${mover.id} is not climbing: no extra card is due.`);
    }
  }
  const cards = [cmd.card, ...extraCards];
  checkInHand(s, seat, cards);
  payAndAnnounce(d, seat, cards, cmd);
  for (const m of cmd.moves) {
    const from = d.state.characters[m.character]!.space!;
    d.emit({ type: 'CharacterMoved', character: m.character, from, to: m.to });
  }
}

export function legalRallies(s: GameState, seat: Seat, sides: Sides): Rally[] {
  const board = boardFor(s.map);
  const out: Rally[] = [];
  const team = sides.own;
  for (const actor of team) {
    const rallyCards = handCards(s, seat, (card) => paysCombat(card, 'RALLY', actor));
    if (rallyCards.length === 0) continue;
    for (const ally of team) {
      if (ally.id === actor.id || allyProblem(s, actor, ally)) continue;
      const stepsOf = (c: OnBoard) =>
        board.adjacent(c.space).flatMap((to) =>
          !stepProblem(board, c.space, to, 'MOVE') ? [{ to, climb: false }] : !stepProblem(board, c.space, to, 'CLIMB') ? [{ to, climb: true }] : [],
        );
      const actorSteps = [null, ...stepsOf(actor)];
      const allySteps = [null, ...stepsOf(ally)];
      for (const card of rallyCards)
        for (const a of actorSteps)
          for (const b of allySteps) {
            const legs = [
              ...(a ? [{ mover: actor, ...a }] : []),
              ...(b ? [{ mover: ally, ...b }] : []),
            ];
            // Every way of paying the CLIMBs with distinct cards other than the RALLY card.
            const pay = (i: number, used: CardId[], moves: RallyMove[]): void => {
              if (i === legs.length) {
                out.push({ type: 'RALLY', character: actor.id, card, ally: ally.id, moves: moves.slice() });
                return;
              }
              const leg = legs[i]!;
              if (!leg.climb) return pay(i + 1, used, [...moves, { character: leg.mover.id, to: leg.to, climbCard: null }]);
              for (const extra of s.seats[seat]!.hand) {
                if (used.includes(extra) || !paysClimb(extra, leg.mover, actor, ally)) continue;
                pay(i + 1, [...used, extra], [...moves, { character: leg.mover.id, to: leg.to, climbCard: extra }]);
              }
            };
            pay(0, [card], []);
          }
    }
  }
  return out;
}
