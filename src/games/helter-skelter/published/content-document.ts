// The game's components as one JSON document for clients (GET /v1/games/helter-skelter/content):
// every id a view or a command uses (cards, characters, teams, map cards, maps) with what a
// player reads on the component. Built from content/, never typed, so it cannot disagree with
// what the rules read. contentSchema (content-schema.ts) documents every field.

import { geometryFor, MAP_IDS, type MapId, type SpaceId } from '../board/index.ts';
import { characterDef, MAP_CARDS, TEAMS } from '../content/index.ts';
import { SPECIALS } from '../content/specials.ts';
import { TEAM_IDS, type ActionCard, type ActionSymbol, type CharacterDef, type CharacterId, type Special, type TeamId } from '../content/types.ts';
import { SOLO_ACTIVATION_ORDER, SOLO_CARDS, type SoloCard } from '../content/solo/solo-cards.ts';
import { CONTENT_NOTE } from './reconstructed.ts';

export interface CardEntry {
  id: string;
  team: TeamId;
  name: string;
  characters: CharacterId[];
  action: ActionSymbol;
  linkedTo: CharacterId | null;
}

export interface CharacterEntry {
  id: CharacterId;
  name: string;
  team: TeamId;
  health: number;
  symbol: CharacterId;
  linked: ActionSymbol[];
  specials: Special[];
  startsInPlay: boolean;
  transformsInto: CharacterId | null;
}

export interface TeamEntry {
  id: TeamId;
  name: string;
  characters: CharacterId[];
  otherForms: CharacterId[];
  deck: string[];
}

export interface ContentDocument {
  game: 'helter-skelter';
  reconstructed: true;
  note: string;
  teams: TeamEntry[];
  characters: CharacterEntry[];
  cards: CardEntry[];
  specials: { id: Special; name: string; text: string }[];
  mapCards: { designation: SpaceId; multiplayer: boolean }[];
  maps: { id: MapId; name: string }[];
  /** The Dark Judges' solo cards ("Playing solo against the Dark Judges"), reconstructed. */
  soloCards: SoloCard[];
  /** "Always activate Judge Fire first, followed by Judge Fear, Judge Mortis, and finally Judge Death." */
  soloActivationOrder: CharacterId[];
}

/**
 * A caption for a card, which has no printed name: its character symbols, then its action symbol
 * and what it is linked to, e.g. `Judge Dredd & Mean Machine: SNIPE (Judge Dredd)`.
 */
export function cardName(card: ActionCard): string {
  const names = card.characters.map((id) => characterDef(id).name).join(' & ');
  const link = card.linkedTo === null ? 'wild' : characterDef(card.linkedTo).name;
  return `${names}: ${card.action} (${link})`;
}

function characterEntry(def: CharacterDef, startsInPlay: boolean): CharacterEntry {
  return {
    id: def.id,
    name: def.name,
    team: def.team,
    health: def.health,
    symbol: def.symbol ?? def.id,
    linked: [...def.linked],
    specials: [...def.specials],
    startsInPlay,
    transformsInto: def.transformsInto ?? null,
  };
}

export function contentDocument(): ContentDocument {
  const teams = TEAM_IDS.map((id) => TEAMS[id]);
  return {
    game: 'helter-skelter',
    reconstructed: true,
    note: CONTENT_NOTE,
    teams: teams.map((t) => ({
      id: t.id,
      name: t.name,
      characters: t.roster.map((c) => c.id),
      otherForms: t.otherForms.map((c) => c.id),
      deck: t.deck.map((c) => c.id),
    })),
    characters: teams.flatMap((t) => [...t.roster.map((c) => characterEntry(c, true)), ...t.otherForms.map((c) => characterEntry(c, false))]),
    cards: teams.flatMap((t) =>
      t.deck.map((c) => ({ id: c.id, team: t.id, name: cardName(c), characters: [...c.characters], action: c.action, linkedTo: c.linkedTo })),
    ),
    specials: (Object.keys(SPECIALS) as Special[]).map((id) => ({ id, ...SPECIALS[id] })),
    mapCards: MAP_CARDS.map((c) => ({ designation: c.designation, multiplayer: c.multiplayer })),
    maps: MAP_IDS.map((id) => ({ id, name: geometryFor(id).name })),
    soloCards: SOLO_CARDS.map((c) => ({
      id: c.id,
      defence: c.defence,
      rows: Object.fromEntries(SOLO_ACTIVATION_ORDER.map((j) => [j, c.rows[j].map((s) => ({ action: s.action, passOn: s.passOn }))])) as unknown as SoloCard['rows'],
    })),
    soloActivationOrder: [...SOLO_ACTIVATION_ORDER],
  };
}
