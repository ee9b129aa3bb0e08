// MOVE — "Cost: 1 card with the character symbol. Move the character to an adjacent space (a space
// that shares a border). If you're not already on a high-ground space, you cannot MOVE to a space on
// high ground – you'll need to CLIMB. You cannot MOVE through walls or onto falls."
// CLIMB — "Cost: 2 cards with the character symbol. Move the character to an adjacent high-ground
// space. If you're moving from high ground, use the MOVE action instead."

import { boardFor } from '../board/index.ts';
import type { Board } from '../board/board.ts';
import { checkStandardCost, combinations, handCards, showsCharacter } from '../costs.ts';
import type { Draft } from '../draft.ts';
import type { Climb, GameState, Move, Seat, SpaceId } from '../types.ts';
import { actingCharacter, charactersOnBoard, checkProblem, payAndAnnounce, type Problem } from './act.ts';

export const MOVE_COST = 1;
export const CLIMB_COST = 2;

/** Which standard action a step from one space to another is, or why it is neither. */
export function stepProblem(board: Board, from: SpaceId, to: SpaceId, kind: 'MOVE' | 'CLIMB'): Problem {
  if (!board.adjacent(from).includes(to)) return ['NOT_ADJACENT', `Space ${to} does not share a border with space ${from}.`];
  const climbing = board.isHighGround(to) && !board.isHighGround(from);
  if (kind === 'MOVE' && climbing) return ['NEEDS_CLIMB', `Space ${to} is high ground: CLIMB to reach it.`];
  if (kind === 'CLIMB' && !board.isHighGround(to)) return ['NOT_HIGH_GROUND', `Space ${to} is not high ground: MOVE there.`];
  if (kind === 'CLIMB' && !climbing) return ['USE_MOVE', 'From high ground you MOVE, not CLIMB.'];
  return null;
}

export function move(d: Draft, seat: Seat, cmd: Move | Climb): void {
  const c = actingCharacter(d.state, seat, cmd.character);
  checkProblem(stepProblem(boardFor(d.state.map), c.space, cmd.to, cmd.type));
  checkStandardCost(d.state, seat, c, cmd.cards, cmd.type === 'MOVE' ? MOVE_COST : CLIMB_COST);
  payAndAnnounce(d, seat, cmd.cards, cmd);
  d.emit({ type: 'CharacterMoved', character: c.id, from: c.space, to: cmd.to });
}

export function legalMoves(s: GameState, seat: Seat): (Move | Climb)[] {
  const board = boardFor(s.map);
  const out: (Move | Climb)[] = [];
  for (const c of charactersOnBoard(s, seat)) {
    const cards = handCards(s, seat, (card) => showsCharacter(card, c));
    for (const to of board.adjacent(c.space)) {
      if (!stepProblem(board, c.space, to, 'MOVE'))
        for (const card of cards) out.push({ type: 'MOVE', character: c.id, to, cards: [card] });
      if (!stepProblem(board, c.space, to, 'CLIMB'))
        for (const pair of combinations(cards, CLIMB_COST)) out.push({ type: 'CLIMB', character: c.id, to, cards: pair });
    }
  }
  return out;
}
