// JSON Schema of the content document (content-document.ts), published in the API's OpenAPI
// document. Enums are taken from the data, so a new team, symbol or special is documented as soon
// as it exists. Self-contained (no $id, no $ref), as the platform contract asks.

import { MAP_IDS } from '../board/index.ts';
import { SPECIALS } from '../content/specials.ts';
import { SOLO_ACTIONS, SOLO_ACTIVATION_ORDER } from '../content/solo/solo-cards.ts';
import { ACTION_SYMBOLS, TEAM_IDS } from '../content/types.ts';

const teamId = { type: 'string', enum: [...TEAM_IDS], description: 'A team, as views (`seats[].team`) and game options name it.' } as const;
const characterId = { type: 'string', description: 'A character, as views and commands name it, e.g. `dredd`, `warp-slaine`.' } as const;
const characterIds = { type: 'array', items: characterId } as const;
const cardId = { type: 'string', description: 'An action card, as views (hands, discard piles) and commands name it, e.g. `judges-07`.' } as const;
const actionSymbol = { type: 'string', enum: [...ACTION_SYMBOLS] } as const;
const special = { type: 'string', enum: Object.keys(SPECIALS), description: 'A team special: its name and text are in `specials`.' } as const;
const designation = { type: 'integer', minimum: 1, maximum: 40, description: 'A space designation, 1–40.' } as const;

export const contentSchema = {
  type: 'object',
  title: 'Judge Dredd: Helter Skelter content',
  description:
    'Every component a view or a command names by id — action cards, characters, teams, map cards, maps — with what a player reads on it. Much of it is reconstructed (`note`). The same for every game: cache it.',
  required: ['game', 'reconstructed', 'note', 'teams', 'characters', 'cards', 'specials', 'mapCards', 'maps', 'soloCards', 'soloActivationOrder'],
  properties: {
    game: { type: 'string', const: 'helter-skelter', description: 'The game this content belongs to.' },
    reconstructed: {
      type: 'boolean',
      const: true,
      description: 'Always true: starting health, linked symbols, the decks and the multiplayer map cards are reconstructions, not the published game’s (`note` says which).',
    },
    note: { type: 'string', description: 'What is reconstructed and what is the rulebook’s, in a paragraph a client can show.' },
    teams: {
      type: 'array',
      description: 'The five teams: the base game’s four in the rulebook’s order, then the Dark Judges (Dark Judges expansion).',
      items: {
        type: 'object',
        required: ['id', 'name', 'characters', 'otherForms', 'deck'],
        properties: {
          id: teamId,
          name: { type: 'string', description: 'As the rulebook names it, e.g. `The Judges`.' },
          characters: { ...characterIds, description: 'The characters that start the game, in the order their cards lie in front of the player.' },
          otherForms: { ...characterIds, description: 'Forms that enter play only through a special (Warp-Sláine); empty for most teams.' },
          deck: { type: 'array', items: cardId, minItems: 30, maxItems: 30, description: 'The team’s 30 action cards (ids in `cards`).' },
        },
      },
    },
    characters: {
      type: 'array',
      description: 'Every character, team by team: the starting ones, then the other forms.',
      items: {
        type: 'object',
        required: ['id', 'name', 'team', 'health', 'symbol', 'linked', 'specials', 'startsInPlay', 'transformsInto'],
        properties: {
          id: characterId,
          name: { type: 'string', description: 'As the rulebook names it, e.g. `Judge Dredd`.' },
          team: teamId,
          health: { type: 'integer', minimum: 1, description: 'Starting health: the health cubes placed at set-up, and the most the character may ever have.' },
          symbol: { ...characterId, description: 'The character symbol on cards that pays its standard actions: its own id, except Warp-Sláine, who uses Sláine’s.' },
          linked: { type: 'array', items: actionSymbol, description: 'The action symbols that appear linked to this character in its team’s deck.' },
          specials: { type: 'array', items: special },
          startsInPlay: { type: 'boolean', description: 'False for a form that enters play only through a special (Warp-Sláine).' },
          transformsInto: { type: ['string', 'null'], description: 'The character this one may change into (Sláine → `warp-slaine`); null for most.' },
        },
      },
    },
    cards: {
      type: 'array',
      description: 'All 150 action cards (the base game’s 120 and the Dark Judges’ 30), team by team, in deck-list order (a game shuffles its own).',
      items: {
        type: 'object',
        required: ['id', 'team', 'name', 'characters', 'action', 'linkedTo'],
        properties: {
          id: cardId,
          team: teamId,
          name: {
            type: 'string',
            description:
              'A caption: action cards have no printed name or text, only symbols. The character symbols, then the action symbol and what it is linked to, e.g. `Judge Dredd & Mean Machine: SNIPE (Judge Dredd)` or `… MELEE (wild)`.',
          },
          characters: {
            type: 'array',
            items: characterId,
            minItems: 1,
            maxItems: 2,
            description: 'The one or two character symbols: the card pays standard actions (MOVE, CLIMB, COLLECT FRAGMENT) of these characters.',
          },
          action: { ...actionSymbol, description: 'The card’s one action symbol.' },
          linkedTo: {
            type: ['string', 'null'],
            description: 'The character (one of `characters`) the action symbol is linked to, who alone may use it; null when it is wild.',
          },
        },
      },
    },
    specials: {
      type: 'array',
      description: 'The team specials characters have (`characters[].specials`), as the rulebook prints them.',
      items: {
        type: 'object',
        required: ['id', 'name', 'text'],
        properties: {
          id: special,
          name: { type: 'string', description: 'As the rulebook names it, e.g. `Hi-Ex`.' },
          text: { type: 'string', description: 'The rulebook’s text, quoted.' },
        },
      },
    },
    mapCards: {
      type: 'array',
      description: 'The 40 map cards, one per designation: set-up deals them (`mapCards`, `startingCards` in views name them by designation).',
      items: {
        type: 'object',
        required: ['designation', 'multiplayer'],
        properties: {
          designation,
          multiplayer: { type: 'boolean', description: 'Carries the multiplayer symbol: removed in two-player games.' },
        },
      },
    },
    soloCards: {
      type: 'array',
      description:
        'The Dark Judges’ 20 solo cards (Playing solo against the Dark Judges), reconstructed like the decks: per Dark Judge, the actions he takes left to right, and the defence the card shows when drawn for an attacked Dark Judge.',
      items: {
        type: 'object',
        required: ['id', 'defence', 'rows'],
        properties: {
          id: { type: 'string', description: '`solo-01` … `solo-20`.' },
          defence: { type: ['string', 'null'], enum: ['BLOCK', 'DEFLECT', null], description: 'The defence on the card; null for none.' },
          rows: {
            type: 'object',
            description: 'One row per Dark Judge, keyed by character id, in activation order.',
            required: [...SOLO_ACTIVATION_ORDER],
            properties: Object.fromEntries(
              SOLO_ACTIVATION_ORDER.map((j) => [
                j,
                {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['action', 'passOn'],
                    properties: {
                      action: { type: 'string', enum: [...SOLO_ACTIONS] },
                      passOn: { type: 'boolean', description: 'Marked to be taken by the next living Dark Judge when this one is dead.' },
                    },
                  },
                },
              ]),
            ),
          },
        },
      },
    },
    soloActivationOrder: {
      type: 'array',
      items: characterId,
      description: 'The order the Dark Judges are activated in solo play, and of a solo card’s rows: Judge Fire, Judge Fear, Judge Mortis, Judge Death.',
    },
    maps: {
      type: 'array',
      description: 'The maps, by id: the API serves each one’s spaces, walls and falls, and its picture, under that id.',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'string', enum: [...MAP_IDS], description: 'As game options and views (`map`) name it.' },
          name: { type: 'string', description: 'As the rulebook names it.' },
        },
      },
    },
  },
} as const;
