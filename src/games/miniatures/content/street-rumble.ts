// "Street Rumble": a chapter title in the primer's contents; the transcription has none of it. A
// second scenario, reconstructed (docs/content.md, "Miniatures"): three Street Judges break up a
// rumble in a plaza. The scenario names the first Phase (the gang's). The Judges must clear the
// plaza in six turns; if a rumbler still stands after turn 6, the gang wins (the rumble goes on).
// Three Judges against seven rumblers was one-sided (the Judges won 199 of 200 games between the
// heuristic bots), so the gang is twenty strong: the numbers that make the fight even are
// measured in docs/content.md, "Street Rumble: balance".

import type { Point } from '../geometry/shapes.ts';
import type { Scenario, ScenarioModel, Table } from './types.ts';

const rect = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

/** A 24" square plaza around the statue of a former Chief Judge. */
export const RUMBLE_PLAZA: Table = {
  id: 'rumble-plaza',
  name: 'Rumble Plaza',
  width: 2400,
  height: 2400,
  source: 'reconstructed',
  terrain: [
    {
      id: 'statue',
      name: 'Statue of Chief Judge Goodman',
      type: 'impassable',
      cover: 'heavy',
      polygon: [
        { x: 1200, y: 1000 },
        { x: 1400, y: 1200 },
        { x: 1200, y: 1400 },
        { x: 1000, y: 1200 },
      ],
    },
    { id: 'crates-west', name: 'Cargo Crates', type: 'difficult', cover: 'heavy', polygon: rect(400, 1100, 600, 1300) },
    { id: 'crates-east', name: 'Cargo Crates', type: 'difficult', cover: 'heavy', polygon: rect(1800, 1100, 2000, 1300) },
    { id: 'planters', name: 'Synthi-Plant Planters', type: 'difficult', cover: 'light', polygon: rect(1000, 600, 1400, 700) },
    { id: 'fountain', name: 'Polluted Fountain', type: 'dangerous', cover: 'none', polygon: rect(1000, 1700, 1400, 1900) },
  ],
};

/**
 * `count` models of `profile` spread evenly across the table's width at the given depths (in turn,
 * so two depths stand them in staggered ranks), numbered from 1.
 */
const rank = (id: string, name: string, profile: string, count: number, depths: readonly number[]): ScenarioModel[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${id}-${i + 1}`,
    name: `${name} ${i + 1}`,
    profile,
    at: { x: Math.floor((RUMBLE_PLAZA.width * (i + 1)) / (count + 1)), y: depths[i % depths.length]! },
  }));

const JUDGES: ScenarioModel[] = [
  { id: 'judge-1', name: 'Judge Rico', profile: 'street-judge', at: { x: 600, y: 2250 } },
  { id: 'judge-2', name: 'Judge Hunt', profile: 'street-judge', at: { x: 1200, y: 2250 } },
  { id: 'judge-3', name: 'Judge Lopez', profile: 'street-judge', at: { x: 1800, y: 2250 } },
];
/** Twelve punks in two ranks by the north edge, eight juves in front of them beyond the planters. */
const RUMBLERS: ScenarioModel[] = [...rank('punk', 'Punk', 'punk', 12, [300, 400]), ...rank('juve', 'Juve', 'juve', 8, [800, 850])];

export const STREET_RUMBLE: Scenario = {
  id: 'street-rumble',
  name: 'Street Rumble',
  table: RUMBLE_PLAZA,
  source: 'reconstructed',
  briefing:
    'A rumble between punks and juves spills into Rumble Plaza as three Street Judges arrive. The gang acts first. The Judges win by removing every rumbler; the gang wins by removing every Judge, or if any rumbler still stands at the end of turn 6.',
  firstPhase: 1,
  turns: 6,
  afterLastTurn: 1,
  forces: [
    { name: 'Justice Department', models: JUDGES, winsWhenRemoved: RUMBLERS.map((m) => m.id) },
    { name: 'The Rumblers', models: RUMBLERS, winsWhenRemoved: JUDGES.map((m) => m.id) },
  ],
};
