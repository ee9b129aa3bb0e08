// The shape of every command, written once: the engine checks untrusted input against it, and
// the API can turn it into JSON Schema. A command that does not fit is refused as INVALID_COMMAND.

import { RuleError } from '../../platform/game-module.ts';
import { ARM_TRIGGERS, armSchema, DEFENCE_ORDERS, INTERRUPT_ORDERS } from './published/standing-orders.ts';
import type { Command, CommandType } from './types.ts';

export type FieldKind = 'string' | 'space' | 'cards' | 'spaces' | 'boolean' | 'defence' | 'rallyMoves' | 'interruptOrder' | 'defenceOrder' | 'arms' | 'characters';

const DEFENCES = ['BLOCK', 'DEFLECT', 'PRECOG', 'COVER'];

const targeted = { character: 'string', card: 'string', defender: 'string' } as const;

/** Required fields per command type; `windowId` is optional on every player command but SET_ORDERS. */
export const COMMAND_FIELDS: Record<CommandType, Record<string, FieldKind>> = {
  ASSIGN_STARTING_CARDS: { character: 'string', cards: 'spaces' },
  REMOVE_MAP_CARD: { card: 'space' },
  PLACE_CHARACTERS: { characters: 'characters' },
  DEPLOY: { character: 'string', space: 'space' },
  END_TURN: {},
  MOVE: { character: 'string', to: 'space', cards: 'cards' },
  CLIMB: { character: 'string', to: 'space', cards: 'cards' },
  COLLECT_FRAGMENT: { character: 'string', cards: 'cards' },
  MELEE: targeted,
  SMASH: targeted,
  SNIPE: targeted,
  SHOTGUN: targeted,
  PSI: targeted,
  EXPLODE: { character: 'string', card: 'string', space: 'space' },
  FLY: { character: 'string', card: 'string', to: 'space' },
  RALLY: { character: 'string', card: 'string', ally: 'string', moves: 'rallyMoves' },
  HEAL: { character: 'string', card: 'string', ally: 'string' },
  DEFEND: { character: 'string', defence: 'defence', card: 'string' },
  TAKE_DAMAGE: { character: 'string' },
  PSI_DISCARD: { character: 'string', card: 'string' },
  CHOOSE_TARGET: { character: 'string' },
  CLAIM_INTERRUPT: { card: 'string' },
  PASS_INTERRUPT: {},
  RESIGN: {},
  SET_ORDERS: {},
  EXPIRE_WINDOW: { windowId: 'string' },
};

/** Optional fields beyond `windowId`. SET_ORDERS needs at least one of its three. */
export const OPTIONAL_FIELDS: Partial<Record<CommandType, Record<string, FieldKind>>> = {
  SNIPE: { hiEx: 'boolean' },
  PLACE_CHARACTERS: { ukkoSpace: 'space' },
  SET_ORDERS: { interrupt: 'interruptOrder', defence: 'defenceOrder', arms: 'arms' },
};

/** Commands that answer no window, so carry no `windowId`: the deadline, standing orders (R34), resigning (R70). */
const WITHOUT_WINDOW: readonly CommandType[] = ['EXPIRE_WINDOW', 'SET_ORDERS', 'RESIGN'];

const isSpace = (v: unknown) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 40;
const isString = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 64;

/** One arm: a trigger, and optionally the card; nothing else. The list holds each trigger once at most. */
function isArm(a: unknown): boolean {
  if (typeof a !== 'object' || a === null || Array.isArray(a)) return false;
  const arm = a as Record<string, unknown>;
  return (
    Object.keys(arm).every((k) => k === 'trigger' || k === 'card') &&
    (ARM_TRIGGERS as readonly unknown[]).includes(arm.trigger) &&
    (arm.card === undefined || isString(arm.card))
  );
}

function fits(kind: FieldKind, v: unknown): boolean {
  switch (kind) {
    case 'string':
      return isString(v);
    case 'space':
      return isSpace(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'defence':
      return DEFENCES.includes(v as string);
    case 'interruptOrder':
      return (INTERRUPT_ORDERS as readonly string[]).includes(v as string);
    case 'defenceOrder':
      return (DEFENCE_ORDERS as readonly string[]).includes(v as string);
    case 'arms':
      return Array.isArray(v) && v.every(isArm) && new Set(v.map((a: { trigger: string }) => a.trigger)).size === v.length;
    case 'cards':
      return Array.isArray(v) && v.length <= 7 && v.every(isString);
    case 'spaces':
      return Array.isArray(v) && v.length <= 2 && v.every(isSpace);
    case 'characters':
      return Array.isArray(v) && v.length <= 5 && v.every(isString);
    case 'rallyMoves':
      return (
        Array.isArray(v) &&
        v.length <= 2 &&
        v.every(
          (m) =>
            typeof m === 'object' &&
            m !== null &&
            Object.keys(m).every((k) => ['character', 'to', 'climbCard'].includes(k)) &&
            isString((m as Record<string, unknown>).character) &&
            isSpace((m as Record<string, unknown>).to) &&
            ((m as Record<string, unknown>).climbCard === null || isString((m as Record<string, unknown>).climbCard)),
        )
      );
  }
}

/** Returns the command when its shape is right, or a RuleError naming what is wrong. */
export function parseCommand(input: unknown): Command | RuleError {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return new RuleError('INVALID_COMMAND', 'A command is a JSON object with a "type".');
  const body = input as Record<string, unknown>;
  const type = body.type as CommandType;
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(COMMAND_FIELDS, type))
    // Never String(body.type): a JSON object such as {"toString": 1} cannot be turned into text.
    return new RuleError('INVALID_COMMAND', typeof type === 'string' ? `Unknown command type "${type}".` : 'A command\'s "type" is a string naming a command.');
  const required = COMMAND_FIELDS[type];
  const optional: Record<string, FieldKind> = { ...OPTIONAL_FIELDS[type], ...(WITHOUT_WINDOW.includes(type) ? {} : { windowId: 'string' }) };
  for (const [field, kind] of Object.entries(required))
    if (!fits(kind, body[field])) return new RuleError('INVALID_COMMAND', `${type}: "${field}" is missing or malformed.`);
  for (const [field, value] of Object.entries(body)) {
    if (field === 'type' || Object.hasOwn(required, field)) continue;
    const kind = Object.hasOwn(optional, field) ? optional[field] : undefined;
    if (!kind) return new RuleError('INVALID_COMMAND', `${type}: unexpected field "${field}".`);
    if (value !== undefined && !fits(kind, value)) return new RuleError('INVALID_COMMAND', `${type}: "${field}" is malformed.`);
  }
  if (type === 'SET_ORDERS' && body.interrupt === undefined && body.defence === undefined && body.arms === undefined)
    return new RuleError('INVALID_COMMAND', 'SET_ORDERS: give "interrupt", "defence", "arms" or several.');
  return body as unknown as Command;
}

const FIELD_SCHEMAS: Record<FieldKind, object> = {
  string: { type: 'string', minLength: 1, maxLength: 64 },
  space: { type: 'integer', minimum: 1, maximum: 40, description: 'A space designation, 1–40.' },
  boolean: { type: 'boolean' },
  defence: { type: 'string', enum: DEFENCES },
  interruptOrder: {
    type: 'string',
    enum: [...INTERRUPT_ORDERS],
    description:
      'Interrupt windows: `armed` (default: never asked; the window closes at once unless your arms claim), `ask` (asked in every window), or `endOfTurnOnly` (asked only after an end of turn).',
  },
  defenceOrder: {
    type: 'string',
    enum: [...DEFENCE_ORDERS],
    description:
      'Defences: `always` (default: the server defends at once with the cheapest card that suffices: COVER, then DEFLECT, then BLOCK, then PRECOG, ties in hand order; else the damage is taken), `ask` (asked for every defender), `never` (take the damage).',
  },
  arms: {
    type: 'array',
    maxItems: ARM_TRIGGERS.length,
    uniqueItems: true,
    items: armSchema,
    description: 'Your INTERRUPTs armed in advance, each trigger once at most; replaces those you had. `[]` cancels them all. Accepted only while you hold an INTERRUPT card.',
  },
  cards: { type: 'array', maxItems: 7, items: { type: 'string', minLength: 1, maxLength: 64 }, description: 'Card ids from your hand.' },
  spaces: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'integer', minimum: 1, maximum: 40 }, description: 'Map card designations.' },
  characters: {
    type: 'array',
    maxItems: 5,
    items: { type: 'string', minLength: 1, maxLength: 64 },
    description: 'Character ids, each of yours once: the i-th takes the i-th map card drawn for them.',
  },
  rallyMoves: {
    type: 'array',
    minItems: 0,
    maxItems: 2,
    items: {
      type: 'object',
      required: ['character', 'to', 'climbCard'],
      properties: {
        character: { type: 'string', minLength: 1, maxLength: 64 },
        to: { type: 'integer', minimum: 1, maximum: 40 },
        climbCard: { type: ['string', 'null'], description: 'The extra card a CLIMB costs; null for a MOVE.' },
      },
    },
  },
};

/** JSON Schema of every player command (one object per type), for the API to validate and publish. */
export function commandSchemas(): { type: CommandType; schema: object }[] {
  return (Object.keys(COMMAND_FIELDS) as CommandType[])
    .filter((type) => type !== 'EXPIRE_WINDOW')
    .map((type) => {
      const fields = { ...COMMAND_FIELDS[type], ...OPTIONAL_FIELDS[type] };
      const properties: Record<string, object> = { type: { type: 'string', const: type } };
      for (const [field, kind] of Object.entries(fields)) properties[field] = FIELD_SCHEMAS[kind];
      if (type === 'SET_ORDERS') return { type, schema: setOrdersSchema(properties) };
      properties.windowId = { type: 'string', maxLength: 64, description: 'The window you answer; refused as WINDOW_CLOSED once it has closed.' };
      return { type, schema: { type: 'object', title: type, required: ['type', ...Object.keys(COMMAND_FIELDS[type])], properties } };
    });
}

/** SET_ORDERS answers no window: no `windowId`, and at least one of its two orders or its arms. */
function setOrdersSchema(properties: Record<string, object>): object {
  return {
    type: 'object',
    title: 'SET_ORDERS',
    description:
      'Your standing orders and arms, private to you (others see only that some seat set orders); accepted at any moment until the game is over. Not a move: never in legalCommands.',
    required: ['type'],
    anyOf: [{ required: ['interrupt'] }, { required: ['defence'] }, { required: ['arms'] }],
    properties,
  };
}
