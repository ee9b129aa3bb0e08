// The JSON Schemas of what Block War shows (GameModule.schemas): the view a seat sees, its parts,
// the events as a reader sees them, the options every reader sees, and example bodies. The
// platform names them `BlockWar…` in the OpenAPI document; `{ $ref: 'Name#' }` here is one of this
// file's `components`.

import { eventTypeSchema, everyEventType } from '../../../platform/event-schema.ts';
import type { BodyExample, GameSchemas } from '../../../platform/game-module.ts';
import { SIDES } from '../content/plaza.ts';
import { COLOURS, UNIT_KINDS } from '../content/units.ts';
import type { Event } from '../types.ts';
import { MAX_SEATS } from '../options.ts';

const seat = { type: 'integer', minimum: 0, maximum: MAX_SEATS - 1, description: 'A seat, 0-based, in clockwise order.' } as const;
const seats = { type: 'array', items: seat } as const;
const unitId = { type: 'string', description: 'A counter, e.g. `s0-juve-2`, `street-judge-3`, `judge-dredd`: its kind is in `units`.' } as const;
const units = { type: 'array', items: unitId } as const;
const squareId = {
  type: 'string',
  description: 'A square: `plaza:<x>,<y>` (the `plaza` map) or `block:<seat>:<level>,<column>` (that seat’s copy of the `block` map).',
} as const;
const windowId = { type: 'string', description: 'Identifies this opening of a situation, e.g. `w12`.' } as const;
const turnStep = {
  type: 'string',
  enum: ['activate', 'independent', 'judge', 'informant'],
  description: 'Step 2, 3 or 4 of a player’s turn; `informant`: the judge activation a block counter landing on control gives (BW48).',
} as const;

const seatViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['block', 'colour', 'side', 'spirit', 'pool', 'drawn', 'surrendered'],
  properties: {
    block: { type: 'string', description: 'The block’s name, chosen by its player.' },
    colour: { type: 'string', enum: [...COLOURS] },
    side: { type: ['string', 'null'], enum: [...SIDES, null], description: 'The side of the plaza the block stands on; null until placed.' },
    spirit: { type: 'integer', minimum: 0, maximum: 100, description: 'The block counter’s space on the justice track: its fighting spirit.' },
    pool: {
      ...units,
      description: 'The counters still in the block pool, in the set’s fixed order: which counter comes out next is drawn by the game’s generator when it is drawn, and nobody can know it before.',
    },
    drawn: { ...units, description: 'Counters drawn and not yet placed: face up, every seat sees them (BW9).' },
    surrendered: { type: 'boolean', description: 'The block has surrendered: it is out of the game, its turns passed over.' },
  },
} as const;

const unitViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'kind', 'home', 'square', 'wounded'],
  properties: {
    id: unitId,
    kind: { type: 'string', enum: Object.keys(UNIT_KINDS), description: 'A unit kind of the content document.' },
    home: { type: ['integer', 'null'], minimum: 0, maximum: MAX_SEATS - 1, description: 'The seat whose block the counter belongs to; null for street judges and Dredd.' },
    square: { type: ['string', 'null'], description: 'Where it stands (a square id); null while off the boards.' },
    wounded: { type: 'boolean', description: 'Wounded (wrecked, for robots): lies on its square, walked over.' },
    ugly: { type: 'integer', minimum: 1, description: 'An ugly counter’s printed rating.' },
  },
} as const;

const activationSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['unit', 'start', 'movementPoints', 'run', 'attacked'],
  description: 'The unit being activated now, if any.',
  properties: {
    unit: unitId,
    start: { ...squareId, description: 'Where it stood when activated.' },
    movementPoints: { type: 'integer', minimum: 0 },
    run: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['kind', 'left'],
      properties: { kind: { type: 'string', enum: ['plaza', 'lift'] }, left: { type: 'integer', minimum: 0 } },
      description: 'Free spaces left of a plaza or turbo-lift step already paid for (BW5).',
    },
    attacked: { type: 'boolean', description: 'Whether it has made its one attack (or heal attempt).' },
    charge: {
      type: 'object',
      additionalProperties: false,
      required: ['heading', 'spaces'],
      properties: { heading: { type: 'string' }, spaces: { type: 'integer', minimum: 1 } },
      description: 'A fatty’s straight run so far: +1 brawling for every two spaces (BW44).',
    },
  },
} as const;

const turnResumeSchema = {
  type: 'object',
  description: 'A turn suspended while control’s landing is settled mid-turn (a judge was wounded): it goes on as it was once the judges are placed and targets chosen.',
  additionalProperties: false,
  required: ['seat', 'step', 'activationsLeft', 'frenzied', 'activated', 'activation'],
  properties: {
    seat,
    step: turnStep,
    activationsLeft: { type: 'integer', minimum: 0 },
    frenzied: { type: 'boolean' },
    activated: units,
    activation: { $ref: 'Activation#' },
    resume: { $ref: 'TurnResume#' },
  },
} as const;

const kindConst = (kind: string) => ({ type: 'string', const: kind }) as const;
const situationSchema = {
  description: 'What the game is waiting for. Switch on `kind`.',
  oneOf: [
    {
      type: 'object',
      title: 'roll',
      description: 'Rolling two dice for turn order; `rolls` by seat (as a string).',
      additionalProperties: false,
      required: ['kind', 'windowId', 'rolling', 'rolls'],
      properties: {
        kind: kindConst('roll'),
        windowId,
        rolling: seats,
        rolls: { type: 'object', additionalProperties: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 6 }, minItems: 2, maxItems: 2 } },
      },
    },
    {
      type: 'object',
      title: 'place-block',
      additionalProperties: false,
      required: ['kind', 'windowId', 'seat'],
      properties: { kind: kindConst('place-block'), windowId, seat },
    },
    {
      type: 'object',
      title: 'place-feature',
      additionalProperties: false,
      required: ['kind', 'windowId', 'seat', 'feature'],
      properties: { kind: kindConst('place-feature'), windowId, seat, feature: { type: 'string', enum: ['statue', 'stall'] } },
    },
    {
      type: 'object',
      title: 'place-unit',
      additionalProperties: false,
      required: ['kind', 'windowId', 'seat', 'duringSetup'],
      properties: { kind: kindConst('place-unit'), windowId, seat, duringSetup: { type: 'boolean' } },
    },
    {
      type: 'object',
      title: 'turn',
      additionalProperties: false,
      required: ['kind', 'windowId', 'seat', 'step', 'activationsLeft', 'frenzied', 'activated', 'activation'],
      properties: {
        kind: kindConst('turn'),
        windowId,
        seat,
        step: turnStep,
        activationsLeft: { type: 'integer', minimum: 0 },
        frenzied: { type: 'boolean', description: 'Whether the block whose turn it is is frenzied now: its own units activated in step 2 gain +1 movement point (BW53).' },
        activated: { ...units, description: 'Units activated in this step.' },
        activation: { $ref: 'Activation#' },
        resume: { $ref: 'TurnResume#', description: 'The turn an informant’s judge activation interrupted (BW48); it goes on afterwards.' },
      },
    },
    {
      type: 'object',
      title: 'place-judge',
      additionalProperties: false,
      required: ['kind', 'windowId', 'seat', 'judges', 'turnOf'],
      properties: { kind: kindConst('place-judge'), windowId, seat, judges: units, turnOf: seat, resume: { $ref: 'TurnResume#' } },
    },
    {
      type: 'object',
      title: 'judge-target',
      description: 'Control landed on `block`’s counter: `seat` (the player to its right) chooses the unit the judges target.',
      additionalProperties: false,
      required: ['kind', 'windowId', 'seat', 'block', 'turnOf'],
      properties: { kind: kindConst('judge-target'), windowId, seat, block: seat, turnOf: seat, resume: { $ref: 'TurnResume#' } },
    },
    { type: 'object', title: 'over', additionalProperties: false, required: ['kind'], properties: { kind: kindConst('over') } },
  ],
} as const;

const gameViewSchema = {
  type: 'object',
  description:
    'A Block War game as one seat (or a spectator) sees it. Everything is public (BW9) but the game’s generator: which counter or judge is drawn next, and every die, are decided only when drawn or rolled.',
  additionalProperties: false,
  required: ['seats', 'order', 'control', 'beganFrenzied', 'units', 'judgePool', 'features', 'scrawls', 'windows', 'situation', 'winners', 'viewer'],
  properties: {
    seats: { type: 'array', items: { $ref: 'SeatView#' } },
    order: { ...seats, description: 'Seats in turn order, first player first; empty until the dice decide it.' },
    control: { type: 'integer', minimum: 1, maximum: 100, description: 'The control marker’s space on the justice track.' },
    beganFrenzied: {
      type: 'boolean',
      description: 'Whether the block whose turn it is began it frenzied, before its start-of-turn fighting spirit (BW53): one extra reinforcement and one extra activation.',
    },
    units: { type: 'object', additionalProperties: { $ref: 'UnitView#' }, description: 'Every counter of the game, by id.' },
    judgePool: { ...units, description: 'Judge units not yet drawn, in a fixed order (draws are made by the generator).' },
    features: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['feature', 'seat', 'square'],
        properties: { feature: { type: 'string', enum: ['statue', 'stall'] }, seat, square: squareId },
      },
      description: 'Civic statues and hottie stalls on the plaza.',
    },
    scrawls: { type: 'array', items: squareId, description: 'Squares holding a scrawl counter: a civic statue’s square, or a square of a block.' },
    windows: { type: 'integer', minimum: 1, description: 'How many situations have been opened.' },
    situation: { $ref: 'Situation#' },
    winners: { ...seats, description: 'Empty until the game is over.' },
    timeLimit: {
      type: 'object',
      additionalProperties: false,
      required: ['minutes', 'endsAt', 'lastRound'],
      description: 'Only in a game created with a time limit (BW50): when it runs out, and whether the last round has begun.',
      properties: {
        minutes: { type: 'integer', minimum: 1 },
        endsAt: { type: ['string', 'null'], description: 'The first command’s acceptance time plus the limit; null before it.' },
        lastRound: { type: 'boolean', description: 'The time ran out and a round finished: every block has one last turn, then the points are totalled.' },
      },
    },
    viewer: { type: ['integer', 'null'], minimum: 0, maximum: MAX_SEATS - 1, description: 'The seat this view is for; null for a spectator.' },
  },
} as const;

const publicOptionsSchema = {
  type: 'object',
  description: 'The options the game was created with, as sent.',
  required: ['seats'],
  properties: {
    seats: {
      type: 'array',
      items: { type: 'object', required: ['block'], properties: { block: { type: 'string' }, colour: { type: 'string', enum: [...COLOURS] } } },
    },
  },
  additionalProperties: true,
} as const;

const visibleEventSchema = eventTypeSchema(
  'A Block War event as every reader sees it: every die and draw is public once made (“Rico’s juve rolls 4 + 1 = 5 …”); only the generator’s position is left out. Switch on `type`.',
  everyEventType<Event['type']>()([
    'OrderDiceRolled', 'TurnOrderDecided', 'BlockPlaced', 'FeaturePlaced', 'UnitsDrawn', 'UnitPlaced', 'SituationOpened', 'UnitActivated', 'UnitMoved',
    'UnitReturned', 'AttackMade', 'BrawlRolled', 'ShotRolled', 'ArmourSaveRolled', 'UnitWounded', 'HealRolled', 'UnitHealed', 'UnitRemoved',
    'MoraleChecked', 'FightingSpiritGained', 'ActivationEnded', 'ControlMoved', 'JudgesDrawn', 'JudgeDeployed', 'JudgesTarget', 'TurnPassed', 'TimeRanOut',
    'JudgeReturnedToPool', 'SurrenderCalled', 'BlockSurrendered', 'GameEnded', 'StallRolled', 'Scrawled', 'CleanRolled', 'ScrawlCleaned', 'RoboDocCrazed',
    'JanitorHired', 'TimeLimitStarted', 'LastRoundBegan', 'TurnBegan', 'BlockFrenzied', 'CounterReturnedToPool',
  ]),
);

const commandExamples = {
  roll: { summary: 'Roll two dice for turn order', value: { type: 'ROLL_FOR_ORDER', windowId: 'w1' } },
  placeBlock: { summary: 'Place your block on the north side of the plaza', value: { type: 'PLACE_BLOCK', side: 'north', windowId: 'w2' } },
  placeUnit: { summary: 'Place a drawn counter in your block', value: { type: 'PLACE_UNIT', unit: 's0-juve-2', square: 'block:0:3,1', windowId: 'w12' } },
  activate: { summary: 'Activate one of your units', value: { type: 'ACTIVATE', unit: 's0-punk-1', windowId: 'w20' } },
  step: { summary: 'Move the activated unit one square', value: { type: 'STEP', to: 'block:0:1,3', windowId: 'w20' } },
  shoot: { summary: 'Shoot at a unit', value: { type: 'SHOOT', target: 's1-juve-1', windowId: 'w20' } },
  endActivation: { summary: 'End the activation', value: { type: 'END_ACTIVATION', windowId: 'w20' } },
  endStep: { summary: 'End this step of the turn', value: { type: 'END_STEP', windowId: 'w20' } },
  surrender: { summary: 'Surrender your block (any time, your turn or not)', value: { type: 'SURRENDER' } },
} as const satisfies Record<string, BodyExample>;

const createExamples = {
  threeBlocks: {
    summary: 'Three blocks, the last two played by the server',
    value: { game: 'block-war', options: { seats: [{ block: 'Rick Whitely' }, { block: 'Ella Fitzgerald', bot: true }, { block: 'Alan Turing', colour: 'yellow', bot: true }], clock: 'daily' } },
  },
} as const satisfies Record<string, BodyExample>;

export const gameSchemas: GameSchemas = {
  view: gameViewSchema,
  visibleEvent: visibleEventSchema,
  publicOptions: publicOptionsSchema,
  components: { Situation: situationSchema, SeatView: seatViewSchema, UnitView: unitViewSchema, Activation: activationSchema, TurnResume: turnResumeSchema },
  examples: { create: createExamples, commands: commandExamples },
};
