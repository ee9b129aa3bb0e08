// The JSON Schemas of what Helter Skelter shows (GameModule.schemas): the view a seat sees, its
// parts, the events as a reader sees them, the options every reader sees, and example bodies. The
// platform names them `HelterSkelter…` in the OpenAPI document; `{ $ref: 'Name#' }` here is one of
// this file's `components`.

import { eventTypeSchema, everyEventType } from '../../../platform/event-schema.ts';
import type { BodyExample, GameSchemas } from '../../../platform/game-module.ts';
import { MAP_IDS } from '../board/board.ts';
import { TEAM_IDS } from '../content/types.ts';
import type { EventType } from '../types.ts';
import { armSchema, standingOrdersSchema } from './standing-orders.ts';

const seat = { type: 'integer', minimum: 0, maximum: 3, description: 'A seat, 0-based, in turn (clockwise) order.' } as const;
const seats = { type: 'array', items: seat } as const;
const cardId = { type: 'string', description: 'An action card, e.g. `judges-07`.' } as const;
const characterId = { type: 'string', description: 'A character, e.g. `dredd`, `warp-slaine`.' } as const;
const spaceId = { type: 'integer', minimum: 1, maximum: 40, description: 'A space designation, 1–40.' } as const;
const teamId = { type: 'string', enum: [...TEAM_IDS] } as const;
const windowId = { type: 'string', description: 'Identifies this opening of a situation, e.g. `w12`.' } as const;


const seatViewSchema = {
  type: 'object',
  description: 'A seat at the table as the viewer may see it. `hand` and `mapCards` only in the viewer’s own seat (every seat once the game is over).',
  required: ['seat', 'team', 'points', 'fragments', 'kills', 'eliminated', 'handSize', 'deckSize', 'discard'],
  properties: {
    seat,
    team: teamId,
    points: { type: 'integer', minimum: 0, description: 'Fragments collected plus enemy characters killed (a Dark Judge counts two: Infamous Adversaries).' },
    fragments: { type: 'integer', minimum: 0, description: 'Fragments of reality collected.' },
    kills: { type: 'array', items: characterId, description: 'Enemy characters this seat has killed.' },
    eliminated: { type: 'boolean' },
    handSize: { type: 'integer', minimum: 0 },
    deckSize: { type: 'integer', minimum: 0 },
    discard: { type: 'array', items: cardId, description: 'The discard pile, oldest first: public.' },
    hand: { type: 'array', items: cardId, description: 'Your hand: only in your own seat.' },
    mapCards: { type: 'array', items: spaceId, description: 'During set-up, your map cards not yet assigned: only in your own seat.' },
    orders: { $ref: 'StandingOrders#', description: 'Your standing orders: only in your own seat.' },
    arms: { type: 'array', items: { $ref: 'Arm#' }, description: 'Your INTERRUPTs armed in advance (R58): only in your own seat.' },
  },
} as const;

const characterViewSchema = {
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
    armour: {
      type: 'string',
      enum: ['protected', 'vulnerable'],
      description: 'Dark Judges only: the side of the armour token facing up (public). An attack on a protected Dark Judge flips it and removes no cube (one fewer from SMASH and SHOTGUN); every token turns protected at the end of every turn.',
    },
  },
} as const;

const fragmentSchema = {
  type: 'object',
  description: 'A fragment of reality lying on the board, in one seat’s colour.',
  required: ['seat', 'space'],
  properties: { seat, space: spaceId },
} as const;

const attackSchema = {
  type: 'object',
  required: ['seat', 'character', 'action', 'damage', 'interrupting'],
  properties: {
    seat,
    character: { ...characterId, description: 'The attacker.' },
    action: {
      type: 'string',
      enum: ['MELEE', 'SMASH', 'SNIPE', 'SHOTGUN', 'EXPLODE', 'PSI', 'CLOUD_OF_DECAY'],
      description:
        'The combat action, or `CLOUD_OF_DECAY`: Judge Mortis’s Cloud of Decay at the start of a turn (Dark Judges expansion), defended with DEFLECT or PRECOG.',
    },
    damage: { type: 'integer', minimum: 0 },
    interrupting: { type: 'boolean', description: 'Whether the attacker’s seat is taking an interrupting turn.' },
    turnOf: {
      type: 'object',
      description: '`CLOUD_OF_DECAY` only: the turn that begins once the defenders are decided.',
      required: ['seat', 'interrupting'],
      properties: { seat, interrupting: { type: 'boolean' } },
    },
  },
} as const;

const defenderChoiceSchema = {
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
    {
      type: 'object',
      title: 'target',
      description:
        'Solo: a Dark Judge has several possible target characters with the same health ("you may choose who it targets"): the player sends CHOOSE_TARGET naming one of `candidates`.',
      required: ['kind', 'windowId', 'judge', 'action', 'card', 'step', 'space', 'candidates'],
      properties: {
        kind: { type: 'string', const: 'target' },
        windowId,
        judge: { ...characterId, description: 'The Dark Judge taking the action.' },
        action: { type: 'string', enum: ['MELEE', 'SMASH', 'SHOTS', 'SHOTGUN'] },
        card: { type: 'string', description: 'The solo card being resolved.' },
        step: { type: 'integer', minimum: 0, description: 'The step of that card (rows in activation order, left to right).' },
        space: { type: 'integer', minimum: 1, maximum: 40, description: 'The space the candidates stand on.' },
        candidates: { type: 'array', minItems: 2, items: characterId, description: 'Your characters it may target, in roster order; the deadline picks the first.' },
      },
    },
    { type: 'object', title: 'over', description: 'The game has ended.', required: ['kind'], properties: { kind: { type: 'string', const: 'over' } } },
  ],
} as const;

const gameViewSchema = {
  type: 'object',
  description:
    'A Helter Skelter game as one seat (or a spectator) may see it: the board, characters, scores, discard piles, hand and deck sizes, the situation — and your own hand. Nobody sees deck order, other hands or other seats’ undeployed cards until the game is over.',
  required: ['map', 'viewer', 'activeSeat', 'situation', 'seats', 'characters', 'fragments', 'winners'],
  properties: {
    map: { type: 'string', enum: [...MAP_IDS] },
    viewer: { type: ['integer', 'null'], minimum: 0, maximum: 3, description: 'The seat this view is for; null for a spectator.' },
    activeSeat: { ...seat, description: 'The seat holding the active player marker.' },
    situation: { $ref: 'Situation#' },
    seats: { type: 'array', items: { $ref: 'SeatView#' } },
    characters: { type: 'array', items: { $ref: 'CharacterView#' } },
    fragments: { type: 'array', items: { $ref: 'Fragment#' }, description: 'Fragments still on the board.' },
    winners: { ...seats, description: 'Empty until the game is over.' },
    solo: {
      type: 'object',
      description: 'Solo games only: the Dark Judges’ solo cards (the deck’s order is hidden from everyone) and the fragments waiting beside them.',
      required: ['deckSize', 'discard', 'drawn', 'step', 'reserve', 'characterCards', 'ukkoCard'],
      properties: {
        deckSize: { type: 'integer', minimum: 0 },
        discard: { type: 'array', items: { type: 'string' } },
        drawn: { type: 'array', items: { type: 'string' }, description: 'The Dark Judges’ turn: the solo cards drawn and not yet discarded, the one being resolved last.' },
        step: {
          type: ['integer', 'null'],
          minimum: 0,
          description: 'The Dark Judges’ turn: the next step of the last card drawn while it is being resolved (rows in activation order, left to right); null when none is.',
        },
        reserve: { type: 'integer', minimum: 0, description: 'Fragments of a colour not in play, taken to double yours when you kill a Dark Judge.' },
        characterCards: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 40 }, description: 'Set-up: the map cards drawn for your characters, in order.' },
        ukkoCard: { type: ['integer', 'null'], minimum: 1, maximum: 40, description: 'Set-up, Sláine: the map card under Ukko.' },
      },
    },
  },
} as const;

const publicOptionsSchema = {
  type: 'object',
  description: 'The options the game was created with, as sent, without the seed. `scenario` is `true` for a game created from a scenario.',
  required: ['map', 'seats'],
  properties: {
    map: { type: 'string', enum: [...MAP_IDS] },
    seats: {
      type: 'array',
      items: { type: 'object', required: ['team'], properties: { team: teamId } },
    },
    scenario: { type: 'boolean', const: true },
    solo: { type: 'boolean', description: 'A solo game against the Dark Judges (seat 1, played by the server by their solo cards).' },
  },
  additionalProperties: true,
} as const;

const visibleEventSchema = eventTypeSchema(
  'A Helter Skelter event as the reader may see it: other seats’ draws, deck orders, starting cards and interrupt answers are hidden (`CardsDrawn` then carries `count` only); after the game is over, every event whole. Switch on `type`.',
  everyEventType<EventType>()([
    'StartingCardsAssigned', 'MapCardRemoved', 'SetupCompleted', 'SoloCharactersPlaced', 'SoloCardDrawn', 'SoloDeckReshuffled', 'FragmentsDoubled',
    'DarkJudgesCardDrawn', 'DarkJudgeActed', 'TargetChoiceOpened', 'SoloCardResolved', 'SoloCardsDiscarded', 'TurnBegan', 'CharacterDeployed', 'CardsDiscarded', 'ActionTaken', 'CharacterMoved',
    'FragmentCollected', 'AttackDeclared', 'DefenderDecided', 'DamageTaken', 'ArmourFlipped', 'HealthRestored', 'WarpCubesPlaced', 'CharacterTransformed',
    'CharacterKilled', 'SeatEliminated', 'SeatResigned', 'InterruptWindowOpened', 'InterruptAnswered', 'InterruptWindowClosed', 'TurnEnded', 'CardsDrawn',
    'DeckReshuffled', 'MarkerPassed', 'OrdersSet', 'GameEnded',
  ]),
);

/** The Command schema's examples, one per kind of move (also the request body's named examples). */
const commandExamples = {
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
  armInterrupt: {
    summary: 'Arm an INTERRUPT: claim at once in the window after the next attack on one of your characters',
    value: { type: 'SET_ORDERS', arms: [{ trigger: 'whenAttacked', card: 'judges-06' }] },
  },
  chooseTarget: {
    summary: 'Solo: choose which of your equal characters a Dark Judge attacks',
    value: { type: 'CHOOSE_TARGET', character: 'anderson', windowId: 'w14' },
  },
  endTurn: { summary: 'End your turn', value: { type: 'END_TURN' } },
} as const satisfies Record<string, BodyExample>;

const createExamples = {
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
} as const satisfies Record<string, BodyExample>;

export const gameSchemas: GameSchemas = {
  view: gameViewSchema,
  visibleEvent: visibleEventSchema,
  publicOptions: publicOptionsSchema,
  components: {
    Situation: situationSchema,
    SeatView: seatViewSchema,
    StandingOrders: standingOrdersSchema,
    Arm: armSchema,
    CharacterView: characterViewSchema,
    Fragment: fragmentSchema,
    Attack: attackSchema,
    DefenderChoice: defenderChoiceSchema,
  },
  examples: { create: createExamples, commands: commandExamples },
};
