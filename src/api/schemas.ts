// The schemas of the game API: the contract clients are generated from. Each named schema (`$id`)
// becomes a component of the OpenAPI document (`#/components/schemas/GameView` …); routes refer to
// them as `{ $ref: 'GameView#' }`.
//
// They describe exactly what the service sends: test/api/openapi-client.test.ts checks every
// response of a whole game against them, with every object closed (no undocumented field).
//
// Serialising: Fastify turns a response schema into a fast-json-stringify serialiser, which drops
// properties a schema does not list and coerces values to the declared type. A `oneOf` there is
// decided at run time by validating each branch, and a value matching none is a 500. The game
// routes therefore serialise with `serializeWithoutUnions` (below): the documented schema, with
// each union passed through as JSON — precise documentation, and no request ever fails because of it.

import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { CLOCK_PRESETS, DEFAULT_CLOCK, MAX_SECONDS, MIN_SECONDS } from '../clock/clocks.ts';
import { KEYED_GENERATOR } from '../platform/random.ts';
import { GAMES } from '../service/registry.ts';
import { PROBLEM_CONTENT_TYPE, problemSchema } from './problems.ts';

const helterSkelter = GAMES.get('helter-skelter')!;

// ───────────────────────────── small shapes ─────────────────────────────

const seat = { type: 'integer', minimum: 0, maximum: 3, description: 'A seat, 0-based, in turn (clockwise) order.' } as const;
const seats = { type: 'array', items: seat } as const;
const cardId = { type: 'string', description: 'An action card, e.g. `judges-07`.' } as const;
const characterId = { type: 'string', description: 'A character, e.g. `dredd`, `warp-slaine`.' } as const;
const spaceId = { type: 'integer', minimum: 1, maximum: 40, description: 'A space designation, 1–40.' } as const;
const teamId = { type: 'string', enum: ['judges', 'strontium-dogs', 'nikolai-dante', 'slaine'] } as const;
const windowId = { type: 'string', description: 'Identifies this opening of a situation, e.g. `w12`.' } as const;

export const gameIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid', description: 'The game id.' } },
} as const;

// ───────────────────────────── what a seat sees ─────────────────────────────

export const standingOrdersSchema = {
  $id: 'StandingOrders',
  type: 'object',
  description:
    'A seat’s standing orders, private to it, applied the moment a situation would ask the seat. `interrupt`: `ask` (default), `never`, or `endOfTurnOnly` (asked only after an end of turn); a hand without an INTERRUPT card is never asked. `defence`: `ask` (default), `always` (the server defends whenever a card allows, with the card it would pick), or `never` (take the damage).',
  required: ['interrupt', 'defence'],
  properties: {
    interrupt: { type: 'string', enum: ['ask', 'never', 'endOfTurnOnly'] },
    defence: { type: 'string', enum: ['ask', 'always', 'never'] },
  },
} as const;

const seatViewSchema = {
  $id: 'SeatView',
  type: 'object',
  description: 'A seat at the table as the viewer may see it. `hand` and `mapCards` only in the viewer’s own seat (every seat once the game is over).',
  required: ['seat', 'team', 'points', 'fragments', 'kills', 'eliminated', 'handSize', 'deckSize', 'discard'],
  properties: {
    seat,
    team: teamId,
    points: { type: 'integer', minimum: 0, description: 'Fragments collected plus enemy characters killed.' },
    fragments: { type: 'integer', minimum: 0, description: 'Fragments of reality collected.' },
    kills: { type: 'array', items: characterId, description: 'Enemy characters this seat has killed.' },
    eliminated: { type: 'boolean' },
    handSize: { type: 'integer', minimum: 0 },
    deckSize: { type: 'integer', minimum: 0 },
    discard: { type: 'array', items: cardId, description: 'The discard pile, oldest first: public.' },
    hand: { type: 'array', items: cardId, description: 'Your hand: only in your own seat.' },
    mapCards: { type: 'array', items: spaceId, description: 'During set-up, your map cards not yet assigned: only in your own seat.' },
    orders: { $ref: 'StandingOrders#', description: 'Your standing orders: only in your own seat.' },
  },
} as const;

const characterViewSchema = {
  $id: 'CharacterView',
  type: 'object',
  required: ['id', 'form', 'seat', 'health', 'maxHealth', 'warpCubes', 'status', 'space'],
  properties: {
    id: characterId,
    form: { ...characterId, description: 'The card in play for it: differs from `id` once Sláine becomes Warp-Sláine.' },
    seat,
    health: { type: 'integer', minimum: 0 },
    maxHealth: { type: 'integer', minimum: 0 },
    warpCubes: { type: 'integer', minimum: 0 },
    status: { type: 'string', enum: ['undeployed', 'deployed', 'dead'] },
    space: { type: ['integer', 'null'], minimum: 1, maximum: 40, description: 'Where it stands while deployed; null otherwise.' },
    startingCards: {
      type: 'array',
      items: spaceId,
      description: 'The map cards it will deploy on: only for your own undeployed characters.',
    },
  },
} as const;

const fragmentSchema = {
  $id: 'Fragment',
  type: 'object',
  description: 'A fragment of reality lying on the board, in one seat’s colour.',
  required: ['seat', 'space'],
  properties: { seat, space: spaceId },
} as const;

const attackSchema = {
  $id: 'Attack',
  type: 'object',
  required: ['seat', 'character', 'action', 'damage', 'interrupting'],
  properties: {
    seat,
    character: { ...characterId, description: 'The attacker.' },
    action: { type: 'string', enum: ['MELEE', 'SMASH', 'SNIPE', 'SHOTGUN', 'EXPLODE', 'PSI'] },
    damage: { type: 'integer', minimum: 0 },
    interrupting: { type: 'boolean', description: 'Whether the attacker’s seat is taking an interrupting turn.' },
  },
} as const;

const defenderChoiceSchema = {
  $id: 'DefenderChoice',
  description: 'What a defender has decided so far.',
  oneOf: [
    { type: 'object', title: 'undecided', required: ['kind'], properties: { kind: { type: 'string', const: 'undecided' } } },
    {
      type: 'object',
      title: 'defended',
      required: ['kind', 'defence', 'card'],
      properties: {
        kind: { type: 'string', const: 'defended' },
        defence: { type: 'string', enum: ['BLOCK', 'DEFLECT', 'PRECOG', 'COVER'] },
        card: cardId,
      },
    },
    {
      type: 'object',
      title: 'discarded',
      required: ['kind', 'card'],
      properties: { kind: { type: 'string', const: 'discarded' }, card: cardId },
    },
    { type: 'object', title: 'damage', required: ['kind'], properties: { kind: { type: 'string', const: 'damage' } } },
  ],
} as const;

const situationSchema = {
  $id: 'Situation',
  description: 'What the game is waiting for. Switch on `kind`.',
  oneOf: [
    {
      type: 'object',
      title: 'setup',
      description: 'Every seat secretly assigns its starting map cards.',
      required: ['kind', 'windowId', 'done'],
      properties: { kind: { type: 'string', const: 'setup' }, windowId, done: { ...seats, description: 'Seats that have finished.' } },
    },
    {
      type: 'object',
      title: 'turn',
      description: '`actor` is taking a turn (an interrupting one when `interrupting`).',
      required: ['kind', 'windowId', 'actor', 'interrupting', 'mustDeploy'],
      properties: {
        kind: { type: 'string', const: 'turn' },
        windowId,
        actor: seat,
        interrupting: { type: 'boolean', description: 'No cards are drawn at the end of an interrupting turn.' },
        mustDeploy: { type: 'boolean', description: 'The first command of this turn must deploy a character.' },
      },
    },
    {
      type: 'object',
      title: 'defence',
      description: 'An attack is declared: each defender’s owner decides how it defends.',
      required: ['kind', 'windowId', 'attack', 'defenders'],
      properties: {
        kind: { type: 'string', const: 'defence' },
        windowId,
        attack: { $ref: 'Attack#' },
        defenders: {
          type: 'array',
          items: {
            type: 'object',
            required: ['character', 'choice'],
            properties: { character: characterId, choice: { $ref: 'DefenderChoice#' } },
          },
        },
      },
    },
    {
      type: 'object',
      title: 'interrupt',
      description: 'After an action or an end of turn, the eligible seats may claim an interrupting turn or pass.',
      required: ['kind', 'windowId', 'actedSeat', 'after', 'eligible', 'answered'],
      properties: {
        kind: { type: 'string', const: 'interrupt' },
        windowId,
        actedSeat: { ...seat, description: 'The seat whose action or end of turn opened the window.' },
        after: { type: 'string', enum: ['action', 'endOfTurn'] },
        eligible: { ...seats, description: 'Seats that may claim, nearest to `actedSeat` first.' },
        answered: { ...seats, description: 'Seats that have answered; whether they claimed stays hidden until the window closes.' },
        myAnswer: {
          type: ['string', 'null'],
          description: 'Your own answer once given: the INTERRUPT card you claimed with, or null for a pass.',
        },
      },
    },
    { type: 'object', title: 'over', description: 'The game has ended.', required: ['kind'], properties: { kind: { type: 'string', const: 'over' } } },
  ],
} as const;

const gameViewSchema = {
  $id: 'GameView',
  type: 'object',
  description:
    'A Helter Skelter game as one seat (or a spectator) may see it: the board, characters, scores, discard piles, hand and deck sizes, the situation — and your own hand. Nobody sees deck order, other hands or other seats’ undeployed cards until the game is over.',
  required: ['map', 'viewer', 'activeSeat', 'situation', 'seats', 'characters', 'fragments', 'winners'],
  properties: {
    map: { type: 'string', enum: ['dan-tanna-enid-blyton', 'grand-hall-of-justice'] },
    viewer: { type: ['integer', 'null'], minimum: 0, maximum: 3, description: 'The seat this view is for; null for a spectator.' },
    activeSeat: { ...seat, description: 'The seat holding the active player marker.' },
    situation: { $ref: 'Situation#' },
    seats: { type: 'array', items: { $ref: 'SeatView#' } },
    characters: { type: 'array', items: { $ref: 'CharacterView#' } },
    fragments: { type: 'array', items: { $ref: 'Fragment#' }, description: 'Fragments still on the board.' },
    winners: { ...seats, description: 'Empty until the game is over.' },
  },
} as const;

// ───────────────────────────── games ─────────────────────────────

const seconds = (what: string) =>
  ({ type: 'number', minimum: MIN_SECONDS, maximum: MAX_SECONDS, description: `Seconds for ${what}.` }) as const;

const clockOptionSchema = {
  $id: 'ClockOption',
  description: [
    'How long a seat has to act, per situation. A preset — `live` (turn 5 min, defence 60 s, interrupt 20 s, set-up 3 min),',
    '`daily` (24 h, 12 h, 2 h, 24 h), `weekly` (7 d, 3 d, 12 h, 7 d) — or seconds per situation (the others from `daily`).',
    `Without one, \`${DEFAULT_CLOCK}\`. When a deadline passes the server acts for the seat: end of turn, damage taken, window passed, starting cards chosen.`,
  ].join(' '),
  oneOf: [
    { type: 'string', enum: Object.keys(CLOCK_PRESETS) },
    {
      type: 'object',
      // Not `additionalProperties: false`, which the validator answers by silently dropping the field.
      propertyNames: { enum: ['turn', 'defence', 'interrupt', 'setup'] },
      minProperties: 1,
      properties: { turn: seconds('a turn'), defence: seconds('a defence decision'), interrupt: seconds('an INTERRUPT window'), setup: seconds('set-up choices') },
    },
  ],
} as const;

const awaitedSchema = {
  $id: 'Awaited',
  type: 'object',
  description: 'A seat the game is waiting for.',
  required: ['seat', 'situation', 'windowId', 'deadline'],
  properties: {
    seat,
    situation: { type: 'string', enum: ['setup', 'turn', 'defence', 'interrupt'] },
    windowId: { ...windowId, description: 'Send it with your command: a command for a closed window is refused (422 `WINDOW_CLOSED`).' },
    deadline: { type: ['string', 'null'], format: 'date-time', description: 'When the server acts for the seat; null without a clock.' },
  },
} as const;

const gameOptionsSchema = {
  $id: 'GameOptions',
  type: 'object',
  description: 'The options the game was created with, as sent, without the seed. `scenario` is `true` for a game created from a scenario.',
  required: ['map', 'seats'],
  properties: {
    map: { type: 'string', enum: ['dan-tanna-enid-blyton', 'grand-hall-of-justice'] },
    seats: {
      type: 'array',
      items: { type: 'object', required: ['team'], properties: { team: teamId, bot: { type: 'boolean' } } },
    },
    clock: { $ref: 'ClockOption#' },
    scenario: { type: 'boolean', const: true },
  },
  additionalProperties: true,
} as const;

const gameResourceSchema = {
  $id: 'GameResource',
  type: 'object',
  description: 'A game as the caller sees it, with the commands the caller may send now.',
  required: ['id', 'game', 'status', 'version', 'createdAt', 'updatedAt', 'options', 'seats', 'mySeat', 'view', 'awaiting', 'legalCommands', 'fairness'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    game: { type: 'string', enum: [...GAMES.keys()], description: 'The game, e.g. `helter-skelter`.' },
    status: {
      type: 'string',
      enum: ['open', 'active', 'finished', 'abandoned'],
      description: '`open`: seats are free; `active`: being played; `finished`: over, and its whole log is public.',
    },
    version: { type: 'integer', minimum: 0, description: 'The last event’s sequence number (also the ETag).' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    options: { $ref: 'GameOptions#' },
    seats: {
      type: 'array',
      description: 'Who sits where.',
      items: {
        type: 'object',
        required: ['seat', 'player', 'bot'],
        properties: {
          seat,
          player: { type: ['string', 'null'], description: 'The handle of the account holding the seat; null when free or a bot.' },
          bot: { type: 'boolean', description: 'Played by the server.' },
        },
      },
    },
    mySeat: { type: ['integer', 'null'], minimum: 0, maximum: 3, description: 'Your seat; null when you are a spectator.' },
    view: { $ref: 'GameView#' },
    awaiting: { type: 'array', items: { $ref: 'Awaited#' }, description: 'The seats the game is waiting for; empty when it is not started or over.' },
    legalCommands: {
      type: 'array',
      items: { $ref: 'Command#' },
      description: 'Every command you could send now, complete and ready to POST to /commands as it is. Empty for spectators, at past versions, and when you are not awaited.',
    },
    fairness: { $ref: 'Fairness#' },
  },
} as const;

const fairnessSchema = {
  $id: 'Fairness',
  type: ['object', 'null'],
  description:
    'How to check that the game was shuffled fairly (README, "Fair play"). Every deal, draw and reshuffle comes from a generator keyed by a secret 256-bit key drawn when the game was created. `commitment` is published from the start; `key` once the game is over, so anyone can check `SHA-256("judge-dredd-pbw shuffle key v1\\n" + key) = commitment` and replay the whole public log with it (`npm run verify -- --game ID --public`). Null for games created before keyed shuffles.',
  required: ['generator', 'commitment', 'seeded', 'key'],
  properties: {
    generator: { type: 'string', const: KEYED_GENERATOR, description: 'HMAC-SHA-256 in counter mode, keyed by `key`.' },
    commitment: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 (hex) of the label and the key, fixed before the first card was dealt.' },
    seeded: {
      type: 'boolean',
      description: 'True when the creator chose the `seed` the key derives from: the creator can then know every hand. Check this before you claim a seat.',
    },
    key: { type: ['string', 'null'], pattern: '^[0-9a-f]{64}$', description: 'The generator’s key (hex), once the game is over; null before.' },
  },
} as const;

const gameListSchema = {
  $id: 'GameList',
  type: 'object',
  required: ['games'],
  properties: { games: { type: 'array', items: { $ref: 'GameResource#' } } },
} as const;

const myGamesSchema = {
  $id: 'MyGames',
  type: 'object',
  required: ['games'],
  properties: {
    games: {
      type: 'array',
      description: 'Those where you can act first (soonest deadline first), then the others, most recently active first.',
      items: {
        type: 'object',
        required: ['awaitingMe', 'game'],
        properties: {
          awaitingMe: { type: 'boolean', description: 'The game waits for your seat now.' },
          game: { $ref: 'GameResource#' },
        },
      },
    },
  },
} as const;

// ───────────────────────────── commands ─────────────────────────────

/** The Command schema's examples, one per kind of move (also the request body's named examples). */
export const commandExamples = {
  assignStartingCards: {
    summary: 'Set-up: assign a starting map card to a character',
    value: { type: 'ASSIGN_STARTING_CARDS', character: 'dredd', cards: [12], windowId: 'w1' },
  },
  move: {
    summary: 'MOVE two spaces, paying with two cards, only if the game is still at version 42',
    value: { type: 'MOVE', character: 'dredd', to: 14, cards: ['judges-02', 'judges-05'], windowId: 'w7', expectedVersion: 42 },
  },
  snipeHiEx: {
    summary: 'SNIPE with Hi-Ex',
    value: { type: 'SNIPE', character: 'dredd', card: 'judges-01', defender: 'slaine', hiEx: true, windowId: 'w9' },
  },
  rally: {
    summary: 'RALLY: Hershey and Giant move; Giant climbs, paying one more card',
    value: {
      type: 'RALLY',
      character: 'hershey',
      card: 'judges-07',
      ally: 'giant',
      moves: [
        { character: 'hershey', to: 15, climbCard: null },
        { character: 'giant', to: 16, climbCard: 'judges-11' },
      ],
      windowId: 'w9',
    },
  },
  defend: {
    summary: 'Defend against an attack with DEFLECT',
    value: { type: 'DEFEND', character: 'dredd', defence: 'DEFLECT', card: 'judges-08', windowId: 'w10' },
  },
  claimInterrupt: {
    summary: 'Claim an interrupting turn with an INTERRUPT card',
    value: { type: 'CLAIM_INTERRUPT', card: 'judges-06', windowId: 'w11' },
  },
  passInterrupt: { summary: 'Pass on an interrupt window', value: { type: 'PASS_INTERRUPT', windowId: 'w11' } },
  endTurn: { summary: 'End your turn', value: { type: 'END_TURN' } },
} as const;

const expectedVersion = {
  type: 'integer',
  minimum: 0,
  description: 'Refuse (409 `VERSION_CONFLICT`) unless the game is still at this version. Same as `If-Match`.',
} as const;

/**
 * A command's `anyOf: [{ required: ['interrupt'] }, { required: ['defence'] }]` (at least one of
 * them, SET_ORDERS) with each branch a whole command: the same validation, but a generated client
 * gets a union of complete command types (with `type`) instead of `unknown`, and linters find every
 * required property defined.
 */
function withDefinedAlternatives(schema: { properties: object; required?: readonly string[]; anyOf?: readonly { required?: readonly string[] }[] }) {
  if (!schema.anyOf) return schema;
  return {
    ...schema,
    anyOf: schema.anyOf.map((branch) => ({
      type: 'object',
      required: [...(schema.required ?? []), ...(branch.required ?? [])],
      properties: schema.properties,
    })),
  };
}

/** Every command a player can send, one schema per `type`: the body of POST /v1/games/{id}/commands. */
export const commandSchema = {
  $id: 'Command',
  description:
    'A move: a set-up choice, a deploy, an action, a defence decision, an interrupt claim or pass, the end of a turn. `legalCommands` in the game lists every command you can send now, ready to POST. Switch on `type`.',
  oneOf: helterSkelter.commandSchemas.map(({ schema }) =>
    withDefinedAlternatives({
      ...schema,
      properties: { ...(schema as { properties: object }).properties, expectedVersion },
    }),
  ),
  examples: Object.values(commandExamples).map((example) => example.value),
} as const;

const teams = ['judges', 'strontium-dogs', 'nikolai-dante', 'slaine'] as const;

/**
 * The body of POST /v1/games. Not a named schema: openapi-typescript makes a property with a
 * `default` required in a named schema, and `bot` may be left out.
 */
export const createGameBody = {
  type: 'object',
  required: ['game', 'options'],
  // Unknown fields are refused at every level the platform owns: a typo is an error, not silence,
  // and nothing unbounded is stored with the game and shown in every listing.
  additionalProperties: false,
  properties: {
    game: { type: 'string', enum: [...GAMES.keys()] },
    options: {
      type: 'object',
      required: ['map', 'seats'],
      additionalProperties: false,
      properties: {
        ...(helterSkelter.optionsSchema as { properties: Record<string, object> }).properties,
        seats: {
          type: 'array',
          minItems: 2,
          maxItems: 4,
          description: 'Seats in clockwise (turn) order; each plays a different team. `bot: true` seats are played by the server.',
          items: {
            type: 'object',
            required: ['team'],
            additionalProperties: false,
            properties: {
              team: { type: 'string', enum: teams },
              bot: { type: 'boolean', default: false },
            },
          },
        },
        seed: {
          type: 'string',
          minLength: 1,
          maxLength: 128,
          description:
            'Makes the random set-up reproducible: the key derives from it, so whoever knows it can predict every deck and hand. Accepted only where the server allows scenarios (`ALLOW_SCENARIOS`; otherwise 403 `SEED_DISABLED`), and the game then says `fairness.seeded: true` to everyone who looks at it. Never shown.',
        },
        clock: { $ref: 'ClockOption#' },
      },
    },
  },
} as const;

// ───────────────────────────── feeds ─────────────────────────────

const feedEventSchema = {
  $id: 'FeedEvent',
  type: 'object',
  description: 'One event of the game’s log, as your seat may see it.',
  required: ['seq', 'type', 'at', 'data'],
  properties: {
    seq: { type: 'integer', minimum: 1, description: 'The event’s sequence number: the game version once it happened.' },
    type: { type: 'string', description: 'What happened, e.g. `CardsDrawn`, `DamageTaken`, `TurnBegan`.' },
    at: { type: 'string', format: 'date-time' },
    data: {
      type: 'object',
      required: ['type'],
      properties: { type: { type: 'string', description: 'The same as the event’s `type`.' } },
      additionalProperties: true,
      description: 'The event itself, hidden cards removed (other seats’ draws, deck orders); after the game is over, the whole event.',
    },
  },
} as const;

const eventPageSchema = {
  $id: 'EventPage',
  type: 'object',
  required: ['version', 'events'],
  properties: {
    version: { type: 'integer', minimum: 0, description: 'The game’s version now.' },
    events: { type: 'array', items: { $ref: 'FeedEvent#' }, description: 'Oldest first, at most 1000: ask again after the last one for more.' },
  },
} as const;

const commandLogSchema = {
  $id: 'CommandLog',
  type: 'object',
  description: 'Every command the game accepted, in order: with the revealed key, enough to replay the whole game (README, "Fair play").',
  required: ['version', 'commands'],
  properties: {
    version: { type: 'integer', minimum: 0, description: 'The game’s version (its last event).' },
    commands: {
      type: 'array',
      items: {
        type: 'object',
        required: ['seq', 'sender', 'command'],
        properties: {
          seq: { type: 'integer', minimum: 1, description: '1, 2, 3 … in the order the game accepted them.' },
          sender: {
            type: 'object',
            required: ['kind', 'seat'],
            properties: {
              kind: { type: 'string', enum: ['seat', 'system'], description: '`system`: the server, e.g. a deadline passing.' },
              seat: { type: ['integer', 'null'], minimum: 0, description: 'The seat that sent it; null for the server.' },
            },
          },
          command: { type: 'object', additionalProperties: true, description: 'The command exactly as accepted.' },
        },
      },
    },
  },
} as const;

const commandAcceptedSchema = {
  $id: 'CommandAccepted',
  type: 'object',
  required: ['version', 'events'],
  properties: {
    version: { type: 'integer', minimum: 0, description: 'The game version after this command.' },
    events: { type: 'array', items: { $ref: 'FeedEvent#' }, description: 'What the command caused, as your seat may see it.' },
  },
} as const;

/** The named schemas of the game API, in the order they appear in the OpenAPI document. */
export const gameSchemas = [
  gameResourceSchema,
  fairnessSchema,
  commandLogSchema,
  gameOptionsSchema,
  gameViewSchema,
  situationSchema,
  seatViewSchema,
  standingOrdersSchema,
  characterViewSchema,
  fragmentSchema,
  attackSchema,
  defenderChoiceSchema,
  awaitedSchema,
  clockOptionSchema,
  gameListSchema,
  myGamesSchema,
  commandSchema,
  commandAcceptedSchema,
  feedEventSchema,
  eventPageSchema,
] as const;

/** Makes the named schemas available to a plugin's routes (each plugin has its own scope). */
export function addGameSchemas(app: { addSchema(schema: object): unknown; getSchema(id: string): unknown }): void {
  for (const schema of gameSchemas) if (!app.getSchema(schema.$id)) app.addSchema(schema);
}

// ───────────────────────────── route helpers ─────────────────────────────

/** `security` of routes that need a token. */
export const bearerOnly: Record<string, string[]>[] = [{ bearer: [] }];
/** `security` of routes open to anonymous callers (spectators); a token makes them yours. */
export const bearerOptional: Record<string, string[]>[] = [{}, { bearer: [] }];

/** A JSON response: a named schema, a description, and its headers. */
export function json(description: string, ref: string, headers?: Record<string, object>) {
  return { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: { $ref: ref } } } };
}

/** Headers of a response that carries a game version. */
export const versionHeaders = {
  etag: { type: 'string', description: 'The game version, quoted (`"42"`): send it back as `If-Match`.' },
} as const;

/** What these statuses mean on every route that documents them. */
const GENERIC_PROBLEMS: Record<number, string> = {
  400: 'The request is malformed: `VALIDATION_FAILED` lists the offending fields in `errors`.',
  401: 'No token where one is required (`UNAUTHENTICATED`), or a token that cannot be used: expired, revoked, badly signed (`INVALID_TOKEN`). A bad token is refused even where none is needed.',
  429: 'Too many requests from you (`RATE_LIMITED`): `retry-after` says when to try again.',
};

/** Problem+json responses, each with what it means here (`true`: the generic meaning). */
export function problems(statuses: Record<number, string | true>): Record<number, object> {
  return Object.fromEntries(
    Object.entries(statuses).map(([status, meaning]) => [
      status,
      {
        description: meaning === true ? (GENERIC_PROBLEMS[Number(status)] ?? STATUS_CODES[Number(status)] ?? 'Error') : meaning,
        content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: 'Problem#' } } },
      },
    ]),
  );
}

/** Named request-body examples, by operationId: shown as a menu by documentation tools. */
const REQUEST_EXAMPLES: Record<string, Record<string, { summary: string; value: unknown }>> = {
  sendCommand: commandExamples,
  createGame: {
    againstABot: {
      summary: 'Two seats, the second played by the server',
      value: { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine', bot: true }], clock: 'daily' } },
    },
    fourPlayers: {
      summary: 'Four players on the Grand Hall of Justice, reproducible',
      value: {
        game: 'helter-skelter',
        options: {
          map: 'grand-hall-of-justice',
          seats: [{ team: 'judges' }, { team: 'strontium-dogs' }, { team: 'nikolai-dante' }, { team: 'slaine' }],
          seed: 'friday-night',
        },
      },
    },
  },
};

interface OperationLike {
  operationId?: string;
  requestBody?: { content?: Record<string, { examples?: object }> };
}

/**
 * @fastify/swagger's `transformObject`: adds the named request examples. (A route schema cannot
 * carry them: the document keeps nothing beside a body's `$ref`, and Fastify's validator refuses
 * `x-` keywords.)
 */
export function withRequestExamples<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, OperationLike>> }).paths ?? {};
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const examples = operation.operationId ? REQUEST_EXAMPLES[operation.operationId] : undefined;
      const media = operation.requestBody?.content?.['application/json'];
      if (examples && media) media.examples = examples;
    }
  }
  return document;
}

// ───────────────────────────── serialising ─────────────────────────────

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The schema with every `oneOf`/`anyOf` replaced by "any JSON", keeping its description. */
export function withoutUnions(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(withoutUnions);
  if (schema === null || typeof schema !== 'object') return schema;
  if ('oneOf' in schema || 'anyOf' in schema) return {};
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'examples' ? value : withoutUnions(value)]));
}

const sharedForSerialising = Object.fromEntries(
  [...gameSchemas, problemSchema].map((s) => [s.$id, withoutUnions(s as unknown as Json)]),
);

/**
 * A route's `serializerCompiler`: fast-json-stringify over the documented response schema, with
 * each union (`Command`, `Situation`, `DefenderChoice`) written as plain JSON instead of being
 * decided by validation at run time.
 */
export const serializeWithoutUnions: FastifySerializerCompiler<unknown> = ({ schema }) =>
  fastJson(withoutUnions(schema as Json) as unknown as fastJson.Schema, { schema: sharedForSerialising as unknown as Record<string, fastJson.Schema> });
