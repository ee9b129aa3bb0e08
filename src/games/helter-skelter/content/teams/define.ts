// Small builders the team files use, so each team reads as a table: one line per character,
// one line per card. They only shape and freeze data; the constraints live in the tests.

import type { ActionCard, ActionSymbol, CharacterDef, CharacterId, Special, TeamDef, TeamId } from '../types.ts';

/** Marks an action symbol that is not linked to a character symbol. */
export const WILD = null;

/** Freezes a value and everything reachable from it: content is shared by every game. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Returns a card builder that accepts only this team's character ids (`C`), so typos fail to compile. */
export function cardsOf<C extends CharacterId>() {
  return (id: string, characters: readonly [C] | readonly [C, C], action: ActionSymbol, linkedTo: C | null): ActionCard => ({
    id,
    characters,
    action,
    linkedTo,
  });
}

export interface CharacterSpec {
  health: number;
  linked: readonly ActionSymbol[];
  specials?: readonly Special[];
  symbol?: CharacterId;
  transformsInto?: CharacterId;
}

export function character(team: TeamId, id: CharacterId, name: string, spec: CharacterSpec): CharacterDef {
  const def: CharacterDef = { id, name, team, health: spec.health, linked: spec.linked, specials: spec.specials ?? [] };
  if (spec.symbol !== undefined) def.symbol = spec.symbol;
  if (spec.transformsInto !== undefined) def.transformsInto = spec.transformsInto;
  return def;
}

export function team(def: TeamDef): TeamDef {
  return deepFreeze(def);
}
