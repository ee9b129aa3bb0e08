// "you will be ready to try the first scenario, The Barko Brothers": the primer names it and the
// transcription stops before it. Its table, forces, deployment and victory conditions are
// reconstructed (docs/content.md, "Miniatures"): the Barko brothers and their gang hold a street
// by their hab-block; two Street Judges come up from the south edge to bring them in.

import type { Point } from '../geometry/shapes.ts';
import type { Scenario, Table } from './types.ts';

const rect = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

/** A 24" square table, north at the top (y = 0). Units are hundredths of an inch. */
export const BARKO_STREET: Table = {
  id: 'barko-street',
  name: 'Barko Street',
  width: 2400,
  height: 2400,
  source: 'reconstructed',
  terrain: [
    // "Huge buildings without openings … are all examples of impassable terrain"; "thick walls and buildings" are heavy cover.
    { id: 'hab-block', name: 'Barko Bros. Hab-Block', type: 'impassable', cover: 'heavy', polygon: rect(200, 200, 800, 700) },
    { id: 'wrecked-car', name: 'Wrecked Road Car', type: 'impassable', cover: 'heavy', polygon: rect(1400, 1000, 1800, 1200) },
    // "walls and other barriers" are difficult terrain.
    { id: 'barrier', name: 'Plasteel Barrier', type: 'difficult', cover: 'heavy', polygon: rect(1200, 500, 1900, 560) },
    // "dense vegetation" is difficult terrain and light cover.
    {
      id: 'rubble',
      name: 'Rubble Field',
      type: 'difficult',
      cover: 'light',
      polygon: [
        { x: 900, y: 1500 },
        { x: 1300, y: 1400 },
        { x: 1500, y: 1800 },
        { x: 1000, y: 1900 },
      ],
    },
    { id: 'synthi-hedge', name: 'Synthi-Plant Hedge', type: 'difficult', cover: 'light', polygon: rect(300, 1200, 900, 1300) },
    // "deep pits, lava flows and vegetation filled with carnivorous plant life" are dangerous.
    { id: 'chem-spill', name: 'Chem Spill', type: 'dangerous', cover: 'none', polygon: rect(1700, 1700, 2100, 2100) },
  ],
};

export const BARKO_BROTHERS: Scenario = {
  id: 'barko-brothers',
  name: 'The Barko Brothers',
  table: BARKO_STREET,
  source: 'reconstructed',
  briefing:
    'The Barko brothers run their block with stub guns and knives. Two Street Judges come up the street from the south edge to bring them in. The Judges win when both brothers are removed; the gang wins when both Judges are removed, or if either brother still stands at the end of turn 8.',
  firstPhase: null,
  turns: 8,
  afterLastTurn: 1,
  forces: [
    {
      name: 'Justice Department',
      models: [
        { id: 'judge-1', name: 'Judge Rico', profile: 'street-judge', at: { x: 1000, y: 2250 } },
        { id: 'judge-2', name: 'Judge Hunt', profile: 'street-judge', at: { x: 1400, y: 2250 } },
      ],
      winsWhenRemoved: ['big-barko', 'little-barko'],
    },
    {
      name: 'The Barko Gang',
      models: [
        { id: 'big-barko', name: 'Big Barko', profile: 'barko-brother', at: { x: 1000, y: 300 } },
        { id: 'little-barko', name: 'Little Barko', profile: 'barko-brother', at: { x: 1000, y: 800 } },
        { id: 'punk-1', name: 'Punk 1', profile: 'punk', at: { x: 1500, y: 300 } },
        { id: 'punk-2', name: 'Punk 2', profile: 'punk', at: { x: 1500, y: 800 } },
        { id: 'juve-1', name: 'Juve 1', profile: 'juve', at: { x: 500, y: 900 } },
        { id: 'juve-2', name: 'Juve 2', profile: 'juve', at: { x: 2000, y: 900 } },
      ],
      winsWhenRemoved: ['judge-1', 'judge-2'],
    },
  ],
};
