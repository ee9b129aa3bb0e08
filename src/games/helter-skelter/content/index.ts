// The game's printed components as data, and the lookups rules code uses to read them.
// Rules code asks these functions for flags and symbols; it never names a character.

import { RuleError } from '../../../platform/game-module.ts';
import { DARK_JUDGES } from './teams/dark-judges.ts';
import { deepFreeze } from './teams/define.ts';
import { JUDGES } from './teams/judges.ts';
import { NIKOLAI_DANTE } from './teams/nikolai-dante.ts';
import { SLAINE } from './teams/slaine.ts';
import { STRONTIUM_DOGS } from './teams/strontium-dogs.ts';
import { deriveTeamCard, type TeamCard } from './team-card.ts';
import { TEAM_IDS, type ActionCard, type CharacterDef, type CharacterId, type TeamDef, type TeamId, type TeamSpecial } from './types.ts';

export { MAP_CARDS, MULTIPLAYER_DESIGNATIONS } from './map-cards.ts';
export { deriveTeamCard, type SymbolCount, type TeamCard } from './team-card.ts';

export const TEAMS: Readonly<Record<TeamId, TeamDef>> = deepFreeze({
  judges: JUDGES,
  'strontium-dogs': STRONTIUM_DOGS,
  'nikolai-dante': NIKOLAI_DANTE,
  slaine: SLAINE,
  'dark-judges': DARK_JUDGES,
});

const teams = TEAM_IDS.map((id) => TEAMS[id]);
const characters = new Map<CharacterId, CharacterDef>(
  teams.flatMap((t) => [...t.roster, ...t.otherForms]).map((c) => [c.id, c]),
);
const cards = new Map<string, ActionCard>(teams.flatMap((t) => t.deck).map((c) => [c.id, c]));
const teamCards = new Map<TeamId, TeamCard>(teams.map((t) => [t.id, deriveTeamCard(t)]));

/** Every character, starting roster or other form (Warp-Sláine). */
export function characterDef(id: CharacterId): CharacterDef {
  const def = characters.get(id);
  if (def === undefined) throw new RuleError('unknown-character', `There is no character "${id}".`);
  return def;
}

export function teamOf(id: CharacterId): TeamId {
  return characterDef(id).team;
}

/** The character symbol that pays this character's standard actions: Warp-Sláine uses Sláine's. */
export function symbolOf(id: CharacterId): CharacterId {
  const def = characterDef(id);
  return def.symbol ?? def.id;
}

export function cardById(id: string): ActionCard {
  const card = cards.get(id);
  if (card === undefined) throw new RuleError('unknown-card', `There is no action card "${id}".`);
  return card;
}

export function teamCard(teamId: TeamId): TeamCard {
  const card = teamCards.get(teamId);
  if (card === undefined) throw new RuleError('unknown-team', `There is no team "${teamId}".`);
  return card;
}

/** Whether the team has this whole-team ability (the Dark Judges' set-up). */
export function teamHas(teamId: TeamId, special: TeamSpecial): boolean {
  return (TEAMS[teamId]?.specials ?? []).includes(special);
}
