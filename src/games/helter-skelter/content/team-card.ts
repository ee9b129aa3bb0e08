// The team card — "The front tells you how often each action symbol appears in your deck"
// (rulebook, Components). Always derived from the deck, so it can never disagree with it.

import { deepFreeze } from './teams/define.ts';
import { ACTION_SYMBOLS, type ActionSymbol, type CharacterId, type TeamDef, type TeamId } from './types.ts';

export interface SymbolCount {
  /** Cards showing this action symbol, wild or linked. */
  total: number;
  /** Cards showing it wild (not linked to a character symbol). */
  wild: number;
  /** Cards showing it linked, per character in roster order; characters with none are left out. */
  linked: Readonly<Record<CharacterId, number>>;
}

export interface TeamCard {
  team: TeamId;
  /** Every action symbol, in ACTION_SYMBOLS order; symbols the deck lacks count zero. */
  actions: Readonly<Record<ActionSymbol, SymbolCount>>;
  /** How many cards carry each character's symbol, in roster order. */
  characterSymbols: Readonly<Record<CharacterId, number>>;
}

export function deriveTeamCard(team: TeamDef): TeamCard {
  const symbols = team.roster.map((c) => c.symbol ?? c.id);
  const count = (keep: (card: TeamDef['deck'][number]) => boolean): number => team.deck.filter(keep).length;

  const actions = {} as Record<ActionSymbol, SymbolCount>;
  for (const action of ACTION_SYMBOLS) {
    const linked: Record<CharacterId, number> = {};
    for (const symbol of symbols) {
      const n = count((c) => c.action === action && c.linkedTo === symbol);
      if (n > 0) linked[symbol] = n;
    }
    actions[action] = {
      total: count((c) => c.action === action),
      wild: count((c) => c.action === action && c.linkedTo === null),
      linked,
    };
  }

  const characterSymbols: Record<CharacterId, number> = {};
  for (const symbol of symbols) characterSymbols[symbol] = count((c) => c.characters.includes(symbol));

  return deepFreeze({ team: team.id, actions, characterSymbols });
}
