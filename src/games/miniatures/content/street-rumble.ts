// "Street Rumble": a chapter title in the primer's contents; the transcription has none of it. A
// second scenario, reconstructed (docs/content.md, "Miniatures"): three Street Judges break up a
// rumble in a plaza. The scenario names the first Phase (the gang's) and ends in a draw if neither
// side is removed after six turns.

import type { Point } from '../geometry/shapes.ts';
import type { Scenario, Table } from './types.ts';

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

export const STREET_RUMBLE: Scenario = {
  id: 'street-rumble',
  name: 'Street Rumble',
  table: RUMBLE_PLAZA,
  source: 'reconstructed',
  briefing:
    'A rumble between punks and juves spills into Rumble Plaza as three Street Judges arrive. The gang acts first. Each side wins by removing every enemy model; after turn 6 the fight is a draw.',
  firstPhase: 1,
  turns: 6,
  afterLastTurn: null,
  forces: [
    {
      name: 'Justice Department',
      models: [
        { id: 'judge-1', name: 'Judge Rico', profile: 'street-judge', at: { x: 800, y: 2250 } },
        { id: 'judge-2', name: 'Judge Hunt', profile: 'street-judge', at: { x: 1200, y: 2250 } },
        { id: 'judge-3', name: 'Judge Lopez', profile: 'street-judge', at: { x: 1600, y: 2250 } },
      ],
      winsWhenRemoved: ['punk-1', 'punk-2', 'punk-3', 'juve-1', 'juve-2', 'juve-3', 'juve-4'],
    },
    {
      name: 'The Rumblers',
      models: [
        { id: 'punk-1', name: 'Punk 1', profile: 'punk', at: { x: 700, y: 400 } },
        { id: 'punk-2', name: 'Punk 2', profile: 'punk', at: { x: 1200, y: 300 } },
        { id: 'punk-3', name: 'Punk 3', profile: 'punk', at: { x: 1700, y: 400 } },
        { id: 'juve-1', name: 'Juve 1', profile: 'juve', at: { x: 500, y: 800 } },
        { id: 'juve-2', name: 'Juve 2', profile: 'juve', at: { x: 900, y: 850 } },
        { id: 'juve-3', name: 'Juve 3', profile: 'juve', at: { x: 1500, y: 850 } },
        { id: 'juve-4', name: 'Juve 4', profile: 'juve', at: { x: 1900, y: 800 } },
      ],
      winsWhenRemoved: ['judge-1', 'judge-2', 'judge-3'],
    },
  ],
};
