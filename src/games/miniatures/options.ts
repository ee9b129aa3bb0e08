// Turning a client's creation options into a set-up, refusing what the game cannot provide. The
// platform handles what every game shares (seat owners, bots, clocks, the key).

import { RuleError } from '../../platform/game-module.ts';
import { KEYED_GENERATOR } from '../../platform/random.ts';
import { SCENARIO_IDS, SCENARIOS } from './content/index.ts';
import { checkPosition, positionSchema } from './position.ts';
import type { GameSetup } from './types.ts';

/** The basic game is two players: "his opponent takes over … in his own Player's Phase." */
export const MAX_SEATS = 2;

export const optionsSchema = {
  type: 'object',
  required: ['scenario', 'seats'],
  properties: {
    scenario: { type: 'string', enum: [...SCENARIO_IDS], description: 'The scenario: its table, forces, deployment and victory conditions. Seat 0 plays its first force.' },
    position: positionSchema,
    seats: { type: 'array', minItems: 2, maxItems: 2, description: 'Two seats: seat i plays the scenario\'s force i.', items: { type: 'object', additionalProperties: false, properties: {} } },
  },
} as const;

export function setupFromOptions(options: Record<string, unknown>, randomness: { key: string }): GameSetup | RuleError {
  const id = options?.scenario;
  if (typeof id !== 'string' || !Object.hasOwn(SCENARIOS, id)) return new RuleError('INVALID_OPTIONS', `"scenario" is one of ${SCENARIO_IDS.join(', ')}.`);
  if (!Array.isArray(options.seats) || options.seats.length !== MAX_SEATS) return new RuleError('INVALID_OPTIONS', '"seats" lists exactly two seats.');
  if (options.position === undefined) return { scenario: id, generator: KEYED_GENERATOR, key: randomness.key };
  const position = checkPosition(SCENARIOS[id]!, options.position);
  if (position instanceof RuleError) return position;
  return { scenario: id, generator: KEYED_GENERATOR, key: randomness.key, position };
}
