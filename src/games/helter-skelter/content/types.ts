// Shapes of the game's printed components. Data files under content/ fill these in; rules code
// reads flags and symbols from them and never names a character or a space.

export const ACTION_SYMBOLS = [
  'MELEE',
  'SMASH',
  'SNIPE',
  'SHOTGUN',
  'EXPLODE',
  'PSI',
  'FLY',
  'RALLY',
  'HEAL',
  'INTERRUPT',
  'DEFLECT',
  'COVER',
] as const;
export type ActionSymbol = (typeof ACTION_SYMBOLS)[number];

/** Symbols a card may show unlinked (content.md, "Symbols"). INTERRUPT appears only wild. */
export const WILD_SYMBOLS: readonly ActionSymbol[] = ['MELEE', 'SMASH', 'SNIPE', 'DEFLECT', 'COVER', 'INTERRUPT'];
/** Symbols that only ever appear linked to a character. */
export const LINKED_ONLY_SYMBOLS: readonly ActionSymbol[] = ['SHOTGUN', 'EXPLODE', 'PSI', 'FLY', 'RALLY', 'HEAL'];

export type TeamId = 'judges' | 'strontium-dogs' | 'nikolai-dante' | 'slaine' | 'dark-judges';
/** The four teams of the base game, in the rulebook's order. */
export const BASE_TEAM_IDS: readonly TeamId[] = ['judges', 'strontium-dogs', 'nikolai-dante', 'slaine'];
/** Every team a seat may choose: the base game's four, then the Dark Judges expansion's. */
export const TEAM_IDS: readonly TeamId[] = [...BASE_TEAM_IDS, 'dark-judges'];

/**
 * Character abilities, as flags the rules hook into (rulebook, "The Teams"; the Dark Judges
 * expansion, "Armour" and "Special Rules").
 */
export type Special =
  | 'hi-ex'
  | 'vampirism'
  | 'demons'
  | 'warp-spasm'
  | 'berserk'
  | 'stealth'
  | 'armour'
  | 'driven-by-death'
  | 'cloud-of-decay'
  | 'paralysing-aura'
  | 'infamous-adversaries';

/**
 * Abilities of a whole team rather than of one character. `dark-judges-set-up`: the Dark Judges
 * expansion's "Setup" (no fragments of their own, one map card removed unseen).
 */
export type TeamSpecial = 'dark-judges-set-up';

export type CharacterId = string;

export interface CharacterDef {
  id: CharacterId;
  name: string;
  team: TeamId;
  /** Starting health: cubes placed at set-up, and the most the character may ever have. */
  health: number;
  /** Action symbols that appear linked to this character in the team's deck. */
  linked: readonly ActionSymbol[];
  specials: readonly Special[];
  /** The character whose symbol this one uses (Warp-Sláine uses Sláine's); defaults to itself. */
  symbol?: CharacterId;
  /** A form this character may change into (Sláine → Warp-Sláine); it does not start in play. */
  transformsInto?: CharacterId;
}

export interface ActionCard {
  /** Unique across all decks, e.g. `judges-07`. */
  id: string;
  /** One or two character symbols: the card pays standard actions for these characters. */
  characters: readonly CharacterId[];
  /** Exactly one action symbol. */
  action: ActionSymbol;
  /** The character the action symbol is linked to (one of `characters`), or null when wild. */
  linkedTo: CharacterId | null;
}

export interface TeamDef {
  id: TeamId;
  name: string;
  /** The characters that start the game, in the order their cards lie in front of the player. */
  roster: readonly CharacterDef[];
  /** Forms that enter play only through a special (Warp-Sláine). */
  otherForms: readonly CharacterDef[];
  /** Exactly 30 action cards. */
  deck: readonly ActionCard[];
  /** Abilities of the whole team (the Dark Judges' set-up); absent for the base teams. */
  specials?: readonly TeamSpecial[];
}

export interface MapCard {
  designation: number;
  /** Carries the multiplayer symbol: removed in two-player games. */
  multiplayer: boolean;
}
