// The game's static content as the platform contract asks for it (GameModule.content): the units,
// pools and justice track as one document, and the two boards (the plaza, and the block board every
// player has a copy of) as data and pictures, with their schemas. Built from the same content the
// rules read, so the documents and the rules cannot disagree.

import type { GameContent } from '../../../platform/game-module.ts';
import { MOVEMENT_COSTS, MOVEMENT_POINTS, SPACES_PER_PAYMENT } from '../board/movement.ts';
import { BLOCK } from '../content/block-board.ts';
import { BLOCK_COUNTER_START, CONTROL_START, JUDGE_BADGES, JUDGE_DREDD_SPACE, TRACK_LENGTH } from '../content/justice-track.ts';
import { PLAZA, SIDES } from '../content/plaza.ts';
import { BLOCK_INDEPENDENTS, BLOCK_POOL, COLOURS, KEPT_ASIDE, STREET_JUDGES, UGLY_RATINGS, UNIT_KINDS } from '../content/units.ts';
import { blockSvg, plazaSvg } from './map-svg.ts';

export const MAP_IDS = ['plaza', 'block'] as const;

function contentDocument(): object {
  return {
    units: Object.values(UNIT_KINDS).map((k) => ({
      id: k.id,
      name: k.name,
      allegiance: k.allegiance,
      brawling: k.brawling,
      shooting: k.shooting,
      armour: k.armour,
      morale: k.morale,
      heal: k.heal ?? null,
      robotic: k.robotic === true,
    })),
    blockPool: { ...BLOCK_POOL },
    uglyRatings: [...UGLY_RATINGS],
    independents: [...BLOCK_INDEPENDENTS],
    keptAside: [...KEPT_ASIDE],
    streetJudges: STREET_JUDGES,
    colours: [...COLOURS],
    sides: [...SIDES],
    justiceTrack: {
      length: TRACK_LENGTH,
      controlStart: CONTROL_START,
      judgeDreddSpace: JUDGE_DREDD_SPACE,
      judgeBadges: Object.entries(JUDGE_BADGES).map(([space, badges]) => ({ space: Number(space), badges })),
      blockCounterStart: Object.entries(BLOCK_COUNTER_START).map(([players, space]) => ({ players: Number(players), space })),
    },
    movement: { points: MOVEMENT_POINTS, costs: { ...MOVEMENT_COSTS }, spacesPerPayment: { ...SPACES_PER_PAYMENT } },
  };
}

const int = { type: 'integer' } as const;
const strings = { type: 'array', items: { type: 'string' } } as const;

const contentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['units', 'blockPool', 'uglyRatings', 'independents', 'keptAside', 'streetJudges', 'colours', 'sides', 'justiceTrack', 'movement'],
  properties: {
    units: {
      type: 'array',
      description: 'Every unit kind and its skills. Numbers the text does not give are reconstructed (docs/content.md, “Block War”).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'allegiance', 'brawling', 'shooting', 'armour', 'morale', 'heal', 'robotic'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          allegiance: { type: 'string', enum: ['block', 'independent', 'judge'] },
          brawling: { ...int, description: 'Brawling skill (B).' },
          shooting: { type: ['integer', 'null'], description: 'Shooting skill (S); null is “No Weapon (NW)”.' },
          armour: { ...int, description: 'Armour (A).' },
          morale: { type: ['integer', 'null'], description: 'Morale (M); null for units that never check morale.' },
          heal: { type: ['integer', 'null'], description: 'Heal skill (H), medics only.' },
          robotic: { type: 'boolean', description: 'Robots are wrecked, not wounded, and cannot be healed.' },
        },
      },
    },
    blockPool: { type: 'object', additionalProperties: int, description: 'Counters of each kind in one block’s pool.' },
    uglyRatings: { type: 'array', items: int, description: 'The ratings printed on a set’s ugly counters.' },
    independents: { ...strings, description: 'Independent units each block places at set-up.' },
    keptAside: { ...strings, description: 'Unit kinds of each set kept aside at set-up.' },
    streetJudges: { ...int, description: 'Street judges in the judge pool.' },
    colours: strings,
    sides: { ...strings, description: 'The plaza’s sides, clockwise: blocks stand on them.' },
    justiceTrack: {
      type: 'object',
      additionalProperties: false,
      required: ['length', 'controlStart', 'judgeDreddSpace', 'judgeBadges', 'blockCounterStart'],
      properties: {
        length: int,
        controlStart: int,
        judgeDreddSpace: int,
        judgeBadges: {
          type: 'array',
          items: { type: 'object', additionalProperties: false, required: ['space', 'badges'], properties: { space: int, badges: int } },
        },
        blockCounterStart: {
          type: 'array',
          items: { type: 'object', additionalProperties: false, required: ['players', 'space'], properties: { players: int, space: int } },
        },
      },
    },
    movement: {
      type: 'object',
      additionalProperties: false,
      required: ['points', 'costs', 'spacesPerPayment'],
      properties: {
        points: int,
        costs: { type: 'object', additionalProperties: int, description: 'What one paid move of each kind costs.' },
        spacesPerPayment: { type: 'object', additionalProperties: int, description: 'How many spaces one payment covers.' },
      },
    },
  },
} as const;

function plazaDocument(): object {
  const squares = [];
  for (let y = 0; y < PLAZA.height; y++) for (let x = 0; x < PLAZA.width; x++) squares.push({ id: `plaza:${x},${y}`, x, y, kind: PLAZA.kinds[y]![x]! });
  const steps = Object.fromEntries(SIDES.map((side) => [side, PLAZA.steps[side].map(([x, y]) => `plaza:${x},${y}`)]));
  return { id: 'plaza', width: PLAZA.width, height: PLAZA.height, squares, steps, centre: `plaza:${PLAZA.centre[0]},${PLAZA.centre[1]}` };
}

function blockDocument(): object {
  const squares = [];
  for (let level = 1; level <= BLOCK.levels; level++)
    for (let column = 0; column < BLOCK.columns; column++)
      squares.push({ id: `block:{seat}:${level},${column}`, level, column, kind: BLOCK.kinds[level - 1]![column]! });
  return {
    id: 'block',
    levels: BLOCK.levels,
    columns: BLOCK.columns,
    squares,
    sectionLines: BLOCK.sectionLine.map((row, i) => ({ level: i + 1, afterColumns: row.flatMap((thick, c) => (thick ? [c] : [])) })),
    entrances: [...BLOCK.entrances],
    leapLevels: [...BLOCK.leapLevels],
  };
}

/** One schema for both maps: `id` says which. */
const mapSchema = {
  oneOf: [
    {
      type: 'object',
      title: 'plaza',
      additionalProperties: false,
      required: ['id', 'width', 'height', 'squares', 'steps', 'centre'],
      properties: {
        id: { type: 'string', const: 'plaza' },
        width: int,
        height: int,
        squares: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'x', 'y', 'kind'],
            properties: { id: { type: 'string' }, x: int, y: int, kind: { type: 'string', enum: ['open', 'obstacle', 'step', 'splat', 'centre'] } },
          },
          description: 'Row 0 is the north edge, column 0 the west edge.',
        },
        steps: {
          type: 'object',
          additionalProperties: strings,
          description: 'By side: the steps meeting a block’s entrance squares, in the order of the block map’s `entrances`.',
        },
        centre: { type: 'string', description: 'The centre square, where Judge Dredd is deployed.' },
      },
    },
    {
      type: 'object',
      title: 'block',
      additionalProperties: false,
      required: ['id', 'levels', 'columns', 'squares', 'sectionLines', 'entrances', 'leapLevels'],
      properties: {
        id: { type: 'string', const: 'block' },
        levels: int,
        columns: int,
        squares: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'level', 'column', 'kind'],
            properties: {
              id: { type: 'string', description: 'The square id with `{seat}` for the seat whose block it is.' },
              level: int,
              column: int,
              kind: { type: 'string', enum: ['room', 'lift', 'janitors-office', 'court', 'hospital'] },
            },
          },
        },
        sectionLines: {
          type: 'array',
          items: { type: 'object', additionalProperties: false, required: ['level', 'afterColumns'], properties: { level: int, afterColumns: { type: 'array', items: int } } },
          description: 'Thick (section) lines within a level: after each listed column. Other lines are compartment lines; levels are divided by thick lines.',
        },
        entrances: { type: 'array', items: int, description: 'The level-1 columns that are entrance squares, left to right seen from the plaza.' },
        leapLevels: { type: 'array', items: int, description: 'The levels a unit may leap from.' },
      },
    },
  ],
} as const;

export function gameContent(): GameContent {
  return {
    content: contentDocument(),
    contentSchema,
    maps: [
      { id: 'plaza', data: plazaDocument(), svg: plazaSvg() },
      { id: 'block', data: blockDocument(), svg: blockSvg() },
    ],
    mapSchema,
  };
}
