// Turning a client's creation options into a set-up, refusing what the box cannot provide.
// The platform handles what every game shares (seat owners, bots, clocks, the seed).

import { RuleError } from '../../platform/game-module.ts';
import { KEYED_GENERATOR } from '../../platform/random.ts';
import { MAP_IDS } from './board/board.ts';
import { fromScenario, scenarioSchema, type Scenario, type ScenarioOptions } from './scenario.ts';
import { validateSetup } from './setup.ts';
import { TEAM_IDS } from './content/types.ts';
import type { GameSetup, TeamId } from './types.ts';

export interface CreationOptions {
  map?: unknown;
  seats?: unknown;
  scenario?: unknown;
  /** "Playing solo against the Dark Judges": `true` with one seat of a base team. */
  solo?: unknown;
}

/** JSON Schema of the Helter Skelter part of `POST /v1/games` options, for the API to publish. */
export const optionsSchema = {
  type: 'object',
  required: ['map', 'seats'],
  properties: {
    map: { type: 'string', enum: [...MAP_IDS], description: 'Which board to play on.' },
    seats: {
      type: 'array',
      minItems: 1,
      maxItems: 4,
      description: 'Seats in clockwise (turn) order; each plays a different team. Two to four; one, of a base team, when `solo`.',
      items: {
        type: 'object',
        required: ['team'],
        additionalProperties: false,
        properties: { team: { type: 'string', enum: [...TEAM_IDS] } },
      },
    },
    scenario: scenarioSchema,
    solo: {
      type: 'boolean',
      description:
        '“Playing solo against the Dark Judges”: one seat, of a base team, against the Dark Judges, whose turns the server plays by their solo cards. The game starts as soon as the seat is taken. No scenario.',
    },
  },
} as const;

export function setupFromOptions(options: CreationOptions, randomness: { key: string }): GameSetup | RuleError {
  if (!Array.isArray(options.seats)) return new RuleError('INVALID_OPTIONS', '"seats" must be a list.');
  const seats = options.seats.map((s) => ({ team: (s as { team?: unknown })?.team as TeamId }));
  if (options.solo !== undefined && typeof options.solo !== 'boolean') return new RuleError('INVALID_OPTIONS', '"solo" is true or false.');
  if (options.solo === true) return soloSetup(options, seats, randomness);
  const setup: GameSetup = { map: options.map as GameSetup['map'], seats, generator: KEYED_GENERATOR, key: randomness.key };
  const problem = validateSetup(setup);
  if (problem) return problem;
  if (options.scenario === undefined) return setup;
  const given = options.scenario as ScenarioOptions;
  // Checked here, not by the schema: it depends on `seats`. Extra seats would be dropped unseen.
  if (Array.isArray(given?.seats) && given.seats.length > seats.length)
    return new RuleError('INVALID_SCENARIO', `The scenario describes ${given.seats.length} seats, but the game has ${seats.length}.`);
  const scenario: Scenario = { ...given, map: setup.map, seats: mergeSeats(given, seats) };
  try {
    fromScenario(scenario, setup);
  } catch (e) {
    if (e instanceof RuleError) return e;
    return new RuleError('INVALID_SCENARIO', `The scenario does not describe a position: ${(e as Error).message}`);
  }
  return { ...setup, scenario };
}

/** A scenario's seats take their teams from the game's seats. */
function mergeSeats(scenario: ScenarioOptions, seats: { team: TeamId }[]): Scenario['seats'] {
  const list = Array.isArray(scenario?.seats) ? scenario.seats : [];
  return seats.map((s, i) => ({ hand: [], ...list[i], team: s.team }));
}

/** A solo set-up: one seat of a base team, no scenario (validateSetup says why not). */
function soloSetup(options: CreationOptions, seats: { team: TeamId }[], randomness: { key: string }): GameSetup | RuleError {
  if (options.scenario !== undefined) return new RuleError('INVALID_SCENARIO', 'A solo game cannot start from a scenario.');
  const setup: GameSetup = { map: options.map as GameSetup['map'], seats, generator: KEYED_GENERATOR, key: randomness.key, solo: true };
  return validateSetup(setup) ?? setup;
}
