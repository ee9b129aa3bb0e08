// What every action shares: the acting character must be yours and on the board, and its cost is
// discarded before it is performed ("choose a standard or combat action and discard the card(s)
// required. Then perform the action.").

import { check } from '../../../platform/draft.ts';
import type { Draft } from '../draft.ts';
import { character, isOnBoard } from '../state.ts';
import { COMMAND_FIELDS } from '../commands.ts';
import type { ActionCommand, CardId, CharacterId, CharacterState, GameState, Rally, Seat, SpaceId } from '../types.ts';

export type OnBoard = CharacterState & { space: SpaceId };

export function actingCharacter(s: GameState, seat: Seat, id: CharacterId): OnBoard {
  const c = character(s, id);
  check(c && c.seat === seat, 'NOT_YOUR_CHARACTER', `${id} is not one of your characters.`);
  check(c.status !== 'dead', 'CHARACTER_DEAD', `${id} is dead.`);
  check(isOnBoard(c), 'NOT_DEPLOYED', `${id} has not been deployed.`);
  return c;
}


/** Your characters on the board, in roster order: the ones that may act. */
export const charactersOnBoard = (s: GameState, seat: Seat): OnBoard[] =>
  Object.values(s.characters).filter((c): c is OnBoard => c.seat === seat && isOnBoard(c));

/**
 * Who is on the board, for a seat about to act: its own characters (the ones that may act) and
 * the enemies, each in roster order. Listed once for all of a position's legal actions, which
 * each walk them.
 */
export interface Sides {
  own: readonly OnBoard[];
  enemies: readonly OnBoard[];
}

export function sidesOf(s: GameState, seat: Seat): Sides {
  const own: OnBoard[] = [];
  const enemies: OnBoard[] = [];
  for (const c of Object.values(s.characters)) if (isOnBoard(c)) (c.seat === seat ? own : enemies).push(c);
  return { own, enemies };
}

/** Discards the cost and records the action. */
export function payAndAnnounce(d: Draft, seat: Seat, cards: readonly CardId[], cmd: ActionCommand): void {
  d.emit({ type: 'CardsDiscarded', seat, cards: cards.slice(), reason: cmd.type });
  d.emit({ type: 'ActionTaken', seat, character: cmd.character, action: cmd.type, detail: recorded(cmd) });
}

/** The command as the event records it: a copy of its own fields (those its type has), without `windowId`. */
function recorded(cmd: ActionCommand): ActionCommand {
  const body = cmd as unknown as Record<string, unknown>;
  const fields = COMMAND_FIELDS[cmd.type];
  const out: Record<string, unknown> = {};
  for (const field of Object.keys(body)) {
    const value = body[field];
    if (value === undefined || (field !== 'type' && field !== 'hiEx' && !Object.hasOwn(fields, field))) continue;
    out[field] =
      field === 'moves'
        ? (cmd as Rally).moves.map((m) => ({ character: m.character, to: m.to, climbCard: m.climbCard }))
        : Array.isArray(value)
          ? value.slice()
          : value;
  }
  return out as unknown as ActionCommand;
}

/** A reason an action is refused, or null when it is allowed: used both to refuse and to list. */
export type Problem = readonly [code: string, message: string] | null;

export function checkProblem(problem: Problem): void {
  if (problem) check(false, problem[0], problem[1]);
}
