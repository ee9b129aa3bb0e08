// The JSON Schemas the Miniatures game publishes beside its command schemas: the view, the events
// as a reader sees them, and their parts. `{ $ref: 'Name#' }` is one of `components` (the
// contract's convention); tests validate every view and event of random games against them.

import type { GameSchemas } from '../../platform/game-module.ts';
import { SCENARIO_IDS } from './content/index.ts';
import { COVER_CLASSES } from './content/types.ts';
import { HIDINGS } from './table/sight.ts';
import { standingOrders } from './orders.ts';

const obj = (properties: Record<string, object>, optional: string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
});
const str = { type: 'string' };
const int = { type: 'integer' };
const num = { type: 'number' };
const seat = { type: 'integer', minimum: 0, maximum: 1 };
const seatOrNull = { type: ['integer', 'null'], minimum: 0, maximum: 1 };
const ids = { type: 'array', items: str };
const point = { $ref: 'Point#' };
const ev = (type: string, properties: Record<string, object> = {}, optional: string[] = []) => obj({ type: { const: type }, ...properties }, optional);

const pointSchema = { ...obj({ x: int, y: int }), description: 'Hundredths of an inch from the west (x) and north (y) edges.' };

const modelSchema = obj({
  id: str,
  name: str,
  profile: { ...str, description: 'A profile id of the content (`profiles`).' },
  seat,
  at: point,
  hits: int,
  removed: { type: 'boolean' },
  lockedWith: { ...ids, description: 'The enemy models it is locked in close combat with.' },
  alert: { type: 'boolean', description: 'On Alert Status: it took no action in its last Phase.' },
});

const pending = obj({ model: str, dangerous: { type: 'boolean' } });
const situationSchema = {
  oneOf: [
    obj({ kind: { const: 'roll-off' }, windowId: str, rolls: { type: 'object', additionalProperties: int } }),
    obj({ kind: { const: 'phase' }, windowId: str }),
    obj({ kind: { const: 'push-back' }, windowId: str, seat, winner: str, loser: str, mayFollow: { type: 'boolean' }, pending }),
    obj({ kind: { const: 'over' } }),
  ],
};

const phaseSchema = {
  oneOf: [
    { type: 'null' },
    obj({ seat, selected: { oneOf: [{ type: 'null' }, obj({ model: str, actions: int })] }, acted: ids }),
  ],
};

const viewSchema = obj({
  scenario: str,
  turn: int,
  first: seatOrNull,
  models: { type: 'object', additionalProperties: { $ref: 'Model#' } },
  phase: { $ref: 'Phase#' },
  windows: int,
  situation: { $ref: 'Situation#' },
  winner: seatOrNull,
  seats: { type: 'array', items: obj({ seat, orders: { $ref: 'StandingOrders#' } }, ['orders']) },
});

const reasons = ['move', 'melee', 'flee', 'push', 'follow'];
const visibleEventSchema = {
  oneOf: [
    ev('DiceRolled', {
      roll: { enum: ['roll-off', 'shooting', 'target-agility', 'armour', 'melee', 'into-combat', 'agility-check'] },
      seat: seatOrNull,
      model: { type: ['string', 'null'] },
      dice: { type: 'array', items: int },
      totals: { type: 'array', items: int },
      rng: { ...int, description: 'The generator’s position after the roll: in the log once the game has ended, never while it runs.' },
      text: str,
    }, ['rng']),
    ev('FirstPhaseDecided', { seat, text: str }),
    ev('SituationOpened', { situation: { $ref: 'Situation#' } }),
    ev('TurnBegan', { turn: int }),
    ev('PhaseBegan', { seat }),
    ev('ActionTaken', { model: str, action: { enum: ['move', 'shoot', 'melee', 'special'] } }),
    ev('ModelMoved', { model: str, path: { type: 'array', items: point }, length: num, allowance: { type: ['number', 'null'] }, reason: { enum: reasons }, text: str }),
    ev('MeleeBecameMove', { model: str, target: str, text: str }),
    ev('ShotTaken', { model: str, target: str, shot: obj({ weapon: str, range: num, lineOfSight: { type: 'boolean' }, cover: { enum: [...COVER_CLASSES] } }), text: str }),
    ev('HitsLost', { model: str, hits: int, left: int, text: str }),
    ev('ModelRemoved', { model: str, text: str }),
    ev('CombatLocked', { models: { type: 'array', items: str, minItems: 2, maxItems: 2 } }),
    ev('CombatEnded', { models: { type: 'array', items: str, minItems: 2, maxItems: 2 } }),
    ev('ActionCompleted', { model: str }),
    ev('PhaseEnded', { seat, alert: ids, expired: { const: true, description: 'The Phase’s deadline passed and the server ended it (M9): its player ran out of time.' } }, ['expired']),
    ev('OrdersSet', { seat, orders: { $ref: 'StandingOrders#' } }, ['orders']),
    ev('GameEnded', { winner: seatOrNull, reason: { enum: ['victory', 'last-turn', 'resigned'] }, text: str }),
  ],
};

const previewSchema = {
  description: 'What the game measures of a command (hundredths of an inch): a path, or a shot with its odds.',
  ...obj(
    {
      path: obj({ length: num, allowance: num, difficultLength: num, dangerous: { type: 'boolean' }, words: str }),
      shot: obj({
        range: num,
        lineOfSight: { type: 'boolean' },
        cover: { enum: [...COVER_CLASSES] },
        obscured: { type: 'number', minimum: 0, maximum: 1, description: 'The share of the target’s width hidden from the shooter’s eye (ruling M1), 0 to 1.' },
        eye: point,
        lines: {
          type: 'array',
          description: 'The sight lines ruling M1 traces, from the eye (`eye`, the shooter’s centre) to fixed points across the target’s width (edge to edge), each with what hides it.',
          items: obj({ to: point, hidden: { enum: [...HIDINGS] } }),
        },
        words: str,
        hitChance: num,
        expectedHits: num,
        unsavedChance: num,
      }),
    },
    ['path', 'shot'],
  ),
};

export const gameSchemas: GameSchemas = {
  view: viewSchema,
  preview: previewSchema,
  visibleEvent: visibleEventSchema,
  publicOptions: {
    description: 'The options the game was created with, as sent (a `seed` is never shown; `position` is `true` for a game started from a described position).',
    ...obj(
      {
        scenario: { type: 'string', enum: [...SCENARIO_IDS] },
        position: { type: 'boolean', const: true, description: 'The game started from a described position, which is not shown.' },
        seats: { type: 'array', items: obj({ bot: { anyOf: [{ type: 'boolean' }, { type: 'string' }] } }, ['bot']) },
        clock: { description: 'The clock as sent: a preset name or seconds per situation.' },
      },
      ['clock', 'position'],
    ),
  },
  components: { Point: pointSchema, Model: modelSchema, Phase: phaseSchema, Situation: situationSchema, StandingOrders: standingOrders.schema },
  examples: {
    create: { barkoBrothers: { summary: 'The Barko Brothers, the gang played by the server', value: { game: 'miniatures', options: { scenario: 'barko-brothers', seats: [{}, { bot: true }] } } } },
    commands: {
      move: { summary: 'Move Judge Rico along a path (hundredths of an inch)', value: { type: 'MOVE', model: 'judge-1', path: [{ x: 1000, y: 2100 }, { x: 1200, y: 1950 }] } },
      shoot: { summary: 'Judge Hunt shoots Big Barko', value: { type: 'SHOOT', model: 'judge-2', target: 'big-barko' } },
      melee: { summary: 'Judge Rico charges Punk 1 straight into contact', value: { type: 'MELEE', model: 'judge-1', target: 'punk-1' } },
      pushBack: { summary: 'Push the loser back and follow up', value: { type: 'PUSH_BACK', push: true, follow: true } },
    },
  },
};
