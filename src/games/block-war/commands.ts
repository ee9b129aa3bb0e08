// The shape of every command, written once: the engine checks untrusted input against it, and
// the API publishes it as JSON Schema. A command that does not fit is refused as INVALID_COMMAND.

import { RuleError } from '../../platform/game-module.ts';
import { SIDES } from './content/plaza.ts';
import type { Command, CommandType } from './types.ts';

type FieldKind = 'id' | 'side';

export const COMMAND_FIELDS: Record<CommandType, Record<string, FieldKind>> = {
  ROLL_FOR_ORDER: {},
  PLACE_BLOCK: { side: 'side' },
  PLACE_FEATURE: { square: 'id' },
  PLACE_UNIT: { unit: 'id', square: 'id' },
  ACTIVATE: { unit: 'id' },
  STEP: { to: 'id' },
  BRAWL: { target: 'id' },
  SHOOT: { target: 'id' },
  HEAL: { target: 'id' },
  SCRAWL: { square: 'id' },
  CLEAN: { square: 'id' },
  PLACE_JUDGE: { unit: 'id', square: 'id' },
  JUDGE_TARGET: { unit: 'id' },
  END_ACTIVATION: {},
  END_STEP: {},
  SURRENDER: {},
  CALL_SURRENDER: {},
  EXPIRE_WINDOW: { windowId: 'id' },
};

const isId = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 64;
const fits = (kind: FieldKind, v: unknown) => (kind === 'side' ? SIDES.includes(v as never) : isId(v));

/** The command, if `input` is one; never throws, whatever JSON it is given. */
export function parseCommand(input: unknown): Command | RuleError {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return invalid('A command is a JSON object.');
  const body = input as Record<string, unknown>;
  const type = body.type;
  if (typeof type !== 'string' || !Object.hasOwn(COMMAND_FIELDS, type)) return invalid(`Unknown command type.`);
  const fields = COMMAND_FIELDS[type as CommandType];
  for (const key of Object.keys(body)) {
    if (key === 'type' || Object.hasOwn(fields, key)) continue;
    if (key === 'windowId' && type !== 'EXPIRE_WINDOW') continue;
    return invalid(`${type} has no field "${key}".`);
  }
  for (const [key, kind] of Object.entries(fields)) if (!fits(kind, body[key])) return invalid(`${type} needs a valid "${key}".`);
  if (body.windowId !== undefined && !isId(body.windowId)) return invalid('"windowId" is a window id such as "w3".');
  return body as unknown as Command;
}

const invalid = (message: string) => new RuleError('INVALID_COMMAND', message);

/** JSON Schema of each command, for the API to publish. */
export function commandSchemas(): { type: string; schema: object }[] {
  return (Object.keys(COMMAND_FIELDS) as CommandType[])
    .filter((t) => t !== 'EXPIRE_WINDOW')
    .map((type) => {
      const fields = COMMAND_FIELDS[type];
      const properties: Record<string, object> = { type: { const: type }, windowId: { type: 'string', maxLength: 64 } };
      for (const [key, kind] of Object.entries(fields))
        properties[key] = kind === 'side' ? { type: 'string', enum: [...SIDES] } : { type: 'string', minLength: 1, maxLength: 64 };
      return { type, schema: { type: 'object', required: ['type', ...Object.keys(fields)], additionalProperties: false, properties } };
    });
}
