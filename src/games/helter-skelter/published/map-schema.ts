// JSON Schema of a map document (map-document.ts), published in the API's OpenAPI document.
// Self-contained (no $id, no $ref), as the platform contract asks.

import { MAP_IDS } from '../board/index.ts';

const designation = { type: 'integer', minimum: 1, maximum: 40, description: 'A space designation, 1–40: how views and commands name a space.' } as const;
const designations = { type: 'array', items: designation } as const;
const fallId = { type: 'string', pattern: '^fall-[1-9][0-9]*$', description: 'A fall, e.g. `fall-2`.' } as const;
const cellRef = {
  type: 'object',
  description: 'A cell of the map’s grid: row 0 is the top, column 0 the left.',
  required: ['row', 'col'],
  properties: { row: { type: 'integer', minimum: 0 }, col: { type: 'integer', minimum: 0 } },
} as const;
const cells = { type: 'array', items: cellRef, minItems: 1, description: 'Its cells on the grid, in reading order: together they draw its outline.' } as const;

export const mapSchema = {
  type: 'object',
  title: 'Judge Dredd: Helter Skelter map',
  description:
    'A map as the rules read it: its 40 spaces with adjacency, line of sight, cover and high ground, its falls and walls, and the grid cells to draw them. The geometry is reconstructed (`note`). The same for every game on this map: cache it.',
  required: ['id', 'name', 'reconstructed', 'note', 'grid', 'spaces', 'cover', 'highGround', 'falls', 'walls'],
  properties: {
    id: { type: 'string', enum: [...MAP_IDS], description: 'As game options and views (`map`) name it.' },
    name: { type: 'string', description: 'As the rulebook names it.' },
    reconstructed: { type: 'boolean', const: true, description: 'Always true: the rulebook does not print the maps’ geometry (`note`).' },
    note: { type: 'string', description: 'What is reconstructed, in a paragraph a client can show.' },
    grid: {
      type: 'object',
      description: 'The grid the map is drawn on; every space and fall is a set of its cells.',
      required: ['rows', 'cols'],
      properties: { rows: { type: 'integer', minimum: 1 }, cols: { type: 'integer', minimum: 1 } },
    },
    spaces: {
      type: 'array',
      minItems: 40,
      maxItems: 40,
      description: 'The 40 spaces, by designation.',
      items: {
        type: 'object',
        required: ['designation', 'cover', 'highGround', 'adjacent', 'sees', 'point', 'cells'],
        properties: {
          designation,
          cover: { type: 'boolean', description: 'Its number is printed in a black circle: a character here may make the COVER defence.' },
          highGround: { type: 'boolean', description: 'Behind a double white line: entered by CLIMB (or FLY).' },
          adjacent: {
            ...designations,
            description: 'Spaces sharing a border with it that is not a wall, ascending: where a MOVE or CLIMB of one step may go. Falls are not spaces and never listed.',
          },
          sees: {
            ...designations,
            description: 'The spaces it has line of sight to (the rulebook’s table: walls, cover and high ground), itself included, ascending.',
          },
          point: { ...cellRef, description: 'The cell holding its printed designation: line of sight is traced from its centre.' },
          cells,
        },
      },
    },
    cover: { ...designations, description: 'The cover spaces (those with `cover`), ascending.' },
    highGround: { ...designations, description: 'The high-ground spaces (those with `highGround`), ascending; empty on a map without high ground.' },
    falls: {
      type: 'array',
      description: 'The falls, in reading order: areas no character may stand on, counted as a space for SHOTGUN range and flown over by FLY. Empty on a map without falls.',
      items: {
        type: 'object',
        required: ['id', 'label', 'adjacent', 'point', 'cells'],
        properties: {
          id: { ...fallId, description: 'The fall’s id: `fall-<n>`, counting in reading order (falls have no designation). Walls name falls by it.' },
          label: { type: 'string', description: 'How the SVG picture labels it, e.g. `fall 2`.' },
          adjacent: { ...designations, description: 'Spaces sharing a border with it that is not a wall, ascending.' },
          point: { ...cellRef, description: 'Where its label is drawn.' },
          cells,
        },
      },
    },
    walls: {
      type: 'array',
      description: 'The walls (thick yellow lines), one entry per pair of regions they separate: nothing moves or sees through a wall.',
      items: {
        type: 'object',
        required: ['spaces', 'falls', 'whole', 'edges'],
        properties: {
          spaces: { ...designations, maxItems: 2, description: 'The spaces it stands between (with `falls`, always two regions).' },
          falls: { type: 'array', items: fallId, maxItems: 2, description: 'The falls it stands between, if any.' },
          whole: {
            type: 'boolean',
            description: 'The wall runs along the two regions’ whole shared border, so they are not adjacent; false when an open stretch of border still joins them.',
          },
          edges: {
            type: 'array',
            minItems: 1,
            description: 'The cell edges the wall is drawn on.',
            items: {
              type: 'object',
              required: ['row', 'col', 'side'],
              properties: {
                row: { type: 'integer', minimum: 0 },
                col: { type: 'integer', minimum: 0 },
                side: { type: 'string', enum: ['right', 'bottom'], description: 'The edge to the right of, or below, that cell.' },
              },
            },
          },
        },
      },
    },
  },
} as const;
