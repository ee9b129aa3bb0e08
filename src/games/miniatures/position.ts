// A described position (the module's `positionOption`): the scenario's table and forces, but its
// models where the position puts them, with the hits and removals it names, and the first Phase
// given to a seat instead of rolled for. For tutorials, puzzles and tests (a Melee one move away);
// the platform accepts it only where the server allows scenarios (ALLOW_SCENARIOS) and tells
// readers only that there was one.

import { RuleError, type Seat } from '../../platform/game-module.ts';
import { profile, type Scenario } from './content/index.ts';
import type { Point } from './geometry/shapes.ts';
import { checkPath, type Base } from './table/movement.ts';

export interface ModelPlacement {
  at?: Point;
  /** Hits left, 1 to the profile's Hits. */
  hits?: number;
  removed?: boolean;
}

export interface Position {
  /** By model id: what differs from the scenario's deployment. */
  models?: Record<string, ModelPlacement>;
  /** The seat that takes the first Phase of every turn: no roll-off. */
  firstPhase?: Seat;
}

const point = { type: 'object', required: ['x', 'y'], additionalProperties: false, properties: { x: { type: 'integer' }, y: { type: 'integer' } } };

export const positionSchema = {
  type: 'object',
  additionalProperties: false,
  description:
    'Starts the scenario from a described position (tutorials, puzzles, tests): `models` moves, wounds or removes the scenario’s models by id (hundredths of an inch from the west and north edges), `firstPhase` gives the first Phase to a seat instead of the roll-off. Accepted only where the server allows scenarios (`ALLOW_SCENARIOS`; otherwise 403 `SCENARIOS_DISABLED`); readers see only `position: true`.',
  properties: {
    models: {
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: false, properties: { at: point, hits: { type: 'integer', minimum: 1 }, removed: { type: 'boolean' } } },
    },
    firstPhase: { type: 'integer', minimum: 0, maximum: 1 },
  },
} as const;

/** The position, checked against the scenario, or a RuleError saying what is wrong with it. */
export function checkPosition(sc: Scenario, raw: unknown): Position | RuleError {
  const bad = (message: string) => new RuleError('INVALID_POSITION', message);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return bad('"position" is an object.');
  const position = raw as Position;
  if (position.firstPhase !== undefined && position.firstPhase !== 0 && position.firstPhase !== 1) return bad('"position.firstPhase" is seat 0 or 1.');
  const deployed = sc.forces.flatMap((force) => force.models);
  const placed = position.models ?? {};
  for (const [id, placement] of Object.entries(placed)) {
    const model = deployed.find((m) => m.id === id);
    if (!model) return bad(`${sc.name} has no model "${id}".`);
    const hits = profile(model.profile).hits;
    if (placement.hits !== undefined && (!Number.isInteger(placement.hits) || placement.hits < 1 || placement.hits > hits)) return bad(`${model.name} has 1 to ${hits} hits.`);
  }
  for (const force of sc.forces)
    if (force.winsWhenRemoved.every((id) => placed[id]?.removed)) return bad(`The position is already won: every model the victory names for ${force.name} is removed.`);
  // Every model left on the table stands where a model may: wholly on it, off impassable terrain, on no other base.
  const standing = deployed
    .filter((m) => !placed[m.id]?.removed)
    .map((m): Base => ({ id: m.id, at: placed[m.id]?.at ?? m.at, radius: profile(m.profile).baseRadius }));
  for (const base of standing) {
    const problem = checkPath(sc.table, base, [base.at, base.at], 0, standing.filter((other) => other.id !== base.id)).problem;
    if (problem) return bad(`${deployed.find((m) => m.id === base.id)!.name} cannot stand at (${base.at.x}, ${base.at.y}): ${problem.message}`);
  }
  return position;
}
