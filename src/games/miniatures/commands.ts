// The shape of every command, written once: the engine checks untrusted input against it and the
// API publishes it as JSON Schema. Commands carry continuous parameters (a path of points in
// hundredths of an inch); the schema states the bounds the engine checks, the rules the rest.

import { RuleError } from '../../platform/game-module.ts';
import { MAX_PATH_POINTS } from './table/movement.ts';
import { PUSH_BACK_ORDERS } from './orders.ts';
import type { Command, CommandType } from './types.ts';

/** Coordinates are bounded so that every product in the geometry stays exact. */
export const MAX_COORDINATE = 100_000;

type FieldKind = 'id' | 'path' | 'boolean' | 'pushBackOrder';
type Field = { kind: FieldKind; required: boolean; description: string };

const model: Field = { kind: 'id', required: true, description: 'The model taking the action (a model id of the view).' };
const target: Field = { kind: 'id', required: true, description: 'The enemy model attacked.' };
const pathOf = (description: string): Field => ({ kind: 'path', required: false, description });

export const COMMAND_FIELDS: Record<CommandType, Record<string, Field>> = {
  ROLL_OFF: {},
  MOVE: { model, path: pathOf('The points the model moves through after its start, in hundredths of an inch; absent or empty: a Move of 0 in.') },
  SHOOT: { model, target },
  MELEE: { model, target, path: pathOf('The points the model moves through into base contact; absent: straight into contact.') },
  SPECIAL: { model, path: pathOf('Only for a model locked in close combat: the path it flees along (M6).') },
  PUSH_BACK: {
    push: { kind: 'boolean', required: true, description: 'Push the loser 2" directly away.' },
    follow: { kind: 'boolean', required: false, description: 'Then move the winner back into contact.' },
  },
  END_PHASE: {},
  RESIGN: {},
  SET_ORDERS: { pushBack: { kind: 'pushBackOrder', required: true, description: 'The push-back order (M21): ask, always (push and follow up), never.' } },
  EXPIRE_WINDOW: { windowId: { kind: 'id', required: true, description: 'The window that closed.' } },
};

const isId = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 64;
const isCoordinate = (v: unknown) => Number.isInteger(v) && Math.abs(v as number) <= MAX_COORDINATE;
const isPath = (v: unknown) =>
  Array.isArray(v) &&
  v.length <= MAX_PATH_POINTS &&
  v.every((p) => typeof p === 'object' && p !== null && !Array.isArray(p) && Object.keys(p).length === 2 && isCoordinate((p as { x?: unknown }).x) && isCoordinate((p as { y?: unknown }).y));
const FITS: Record<FieldKind, (v: unknown) => boolean> = { id: isId, path: isPath, boolean: (v) => typeof v === 'boolean', pushBackOrder: (v) => PUSH_BACK_ORDERS.includes(v as never) };
/** Settings, and a resignation (any moment, M25), answer no window. */
const WITHOUT_WINDOW: readonly string[] = ['EXPIRE_WINDOW', 'SET_ORDERS', 'RESIGN'];

/** The command, if `input` is one; never throws, whatever JSON it is given. */
export function parseCommand(input: unknown): Command | RuleError {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return invalid('A command is a JSON object.');
  const body = input as Record<string, unknown>;
  const type = body.type;
  if (typeof type !== 'string' || !Object.hasOwn(COMMAND_FIELDS, type)) return invalid('Unknown command type.');
  const fields = COMMAND_FIELDS[type as CommandType];
  for (const key of Object.keys(body)) {
    if (key === 'type' || Object.hasOwn(fields, key)) continue;
    if (key === 'windowId' && !WITHOUT_WINDOW.includes(type)) continue;
    return invalid(`${type} has no field "${key}".`);
  }
  for (const [key, field] of Object.entries(fields)) {
    if (body[key] === undefined && !field.required) continue;
    if (!FITS[field.kind](body[key])) return invalid(field.kind === 'path' ? `"${key}" is a list of at most ${MAX_PATH_POINTS} points {x, y} of whole hundredths of an inch.` : `${type} needs a valid "${key}".`);
  }
  if (body.windowId !== undefined && !isId(body.windowId)) return invalid('"windowId" is a window id such as "w3".');
  return body as unknown as Command;
}

const invalid = (message: string) => new RuleError('INVALID_COMMAND', message);

const POINT = {
  type: 'object',
  required: ['x', 'y'],
  additionalProperties: false,
  properties: {
    x: { type: 'integer', minimum: -MAX_COORDINATE, maximum: MAX_COORDINATE, description: 'Hundredths of an inch from the west edge.' },
    y: { type: 'integer', minimum: -MAX_COORDINATE, maximum: MAX_COORDINATE, description: 'Hundredths of an inch from the north edge.' },
  },
};

/** JSON Schema of each command kind, for the API to publish. */
export function commandSchemas(): { type: string; schema: object }[] {
  return (Object.keys(COMMAND_FIELDS) as CommandType[])
    .filter((t) => t !== 'EXPIRE_WINDOW')
    .map((type) => {
      const fields = COMMAND_FIELDS[type];
      const properties: Record<string, object> = { type: { const: type }, ...(WITHOUT_WINDOW.includes(type) ? {} : { windowId: { type: 'string', maxLength: 64 } }) };
      for (const [key, f] of Object.entries(fields))
        properties[key] =
          f.kind === 'path'
            ? { type: 'array', maxItems: MAX_PATH_POINTS, items: POINT, description: f.description }
            : f.kind === 'boolean'
              ? { type: 'boolean', description: f.description }
              : f.kind === 'pushBackOrder'
              ? { type: 'string', enum: [...PUSH_BACK_ORDERS], description: f.description }
              : { type: 'string', minLength: 1, maxLength: 64, description: f.description };
      const required = ['type', ...Object.entries(fields).filter(([, f]) => f.required).map(([k]) => k)];
      return { type, schema: { type: 'object', required, additionalProperties: false, properties } };
    });
}
