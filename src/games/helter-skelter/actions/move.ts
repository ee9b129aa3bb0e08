// MOVE — "Cost: 1 card with the character symbol. Move the character to an adjacent space (a space
// that shares a border). If you're not already on a high-ground space, you cannot MOVE to a space on
// high ground – you'll need to CLIMB. You cannot MOVE through walls or onto falls."
// CLIMB — "Cost: 2 cards with the character symbol. Move the character to an adjacent high-ground
// space. If you're moving from high ground, use the MOVE action instead."

import { boardFor } from '../board/index.ts';
import type { Board } from '../board/board.ts';
import { checkInHand, combinations, handCards, showsCharacter } from '../costs.ts';
import { check } from '../../../platform/draft.ts';
import type { Draft } from '../draft.ts';
import { drivenByDeath } from '../specials/driven-by-death.ts';
import { inParalysingAura } from '../specials/paralysing-aura.ts';
import type { CardId, CharacterState, Climb, GameState, Move, Seat, SpaceId } from '../types.ts';
import { actingCharacter, checkProblem, payAndAnnounce, type Problem, type Sides } from './act.ts';

export const MOVE_COST = 1;
export const CLIMB_COST = 2;

/** The standard action a step to an adjacent space takes: CLIMB onto high ground from below it, MOVE otherwise. */
export function stepKind(board: Board, from: SpaceId, to: SpaceId): 'MOVE' | 'CLIMB' {
  return board.isHighGround(to) && !board.isHighGround(from) ? 'CLIMB' : 'MOVE';
}

/** Which standard action a step from one space to another is, or why it is neither. */
export function stepProblem(board: Board, from: SpaceId, to: SpaceId, kind: 'MOVE' | 'CLIMB'): Problem {
  if (!board.adjacent(from).includes(to)) return ['NOT_ADJACENT', `Space ${to} does not share a border with space ${from}.`];
  const climbing = stepKind(board, from, to) === 'CLIMB';
  if (kind === 'MOVE' && climbing) return ['NEEDS_CLIMB', `Space ${to} is high ground: CLIMB to reach it.`];
  if (kind === 'CLIMB' && !board.isHighGround(to)) return ['NOT_HIGH_GROUND', `Space ${to} is not high ground: MOVE there.`];
  if (kind === 'CLIMB' && !climbing) return ['USE_MOVE', 'From high ground you MOVE, not CLIMB.'];
  return null;
}

/** Cards a MOVE or CLIMB by `c` costs: Paralysing Aura makes a MOVE cost 2; "The CLIMB action still costs 2 cards." */
export function stepCost(s: GameState, c: CharacterState, kind: 'MOVE' | 'CLIMB'): number {
  if (kind === 'CLIMB') return CLIMB_COST;
  return inParalysingAura(s, c) ? MOVE_COST + 1 : MOVE_COST;
}

/** Whose symbol may pay: the mover's own, or (Driven by Death) one dead character's of the seat. */
function payers(s: GameState, seat: Seat, mover: CharacterState): CharacterState[] {
  return [mover, ...drivenByDeath(s, seat)];
}

const paidByOne = (cards: readonly CardId[], payer: CharacterState) => cards.every((card) => showsCharacter(card, payer));

export function move(d: Draft, seat: Seat, cmd: Move | Climb): void {
  const s = d.state;
  const c = actingCharacter(s, seat, cmd.character);
  checkProblem(stepProblem(boardFor(s.map), c.space, cmd.to, cmd.type));
  const count = stepCost(s, c, cmd.type);
  check(cmd.cards.length === count, 'WRONG_CARD_COUNT', `This action costs ${count} card${count > 1 ? 's' : ''}.`);
  checkInHand(s, seat, cmd.cards);
  for (const card of cmd.cards)
    check(payers(s, seat, c).some((payer) => showsCharacter(card, payer)), 'WRONG_SYMBOL', `${card} does not show ${c.id}'s character symbol.`);
  check(
    payers(s, seat, c).some((payer) => paidByOne(cmd.cards, payer)),
    'MIXED_SYMBOLS',
    `Every card must show ${c.id}'s symbol, or every card one dead character's symbol.`,
  );
  payAndAnnounce(d, seat, cmd.cards, cmd);
  d.emit({ type: 'CharacterMoved', character: c.id, from: c.space, to: cmd.to });
}

export function legalMoves(s: GameState, seat: Seat, sides: Sides): (Move | Climb)[] {
  const board = boardFor(s.map);
  const out: (Move | Climb)[] = [];
  for (const c of sides.own) {
    // The hand's cards showing each payer's symbol: the mover's own, then Driven by Death's.
    const showing = payers(s, seat, c).map((payer) => handCards(s, seat, (card) => showsCharacter(card, payer)));
    // Each adjacent space is reached by exactly one of the two (stepProblem refuses the other).
    const ways: { MOVE?: CardId[][]; CLIMB?: CardId[][] } = {};
    for (const to of board.adjacent(c.space)) {
      const kind = stepKind(board, c.space, to);
      for (const cards of (ways[kind] ??= payments(showing, stepCost(s, c, kind)))) out.push({ type: kind, character: c.id, to, cards });
    }
  }
  return out;
}

/** Every set of `count` cards all showing one payer's symbol, each set once, the mover's first. */
function payments(showing: readonly CardId[][], count: number): CardId[][] {
  if (showing.length === 1) return combinations(showing[0]!, count);
  const seen = new Set<string>();
  const out: CardId[][] = [];
  for (const cards of showing.flatMap((hand) => combinations(hand, count))) {
    const key = cards.join();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(cards);
  }
  return out;
}
