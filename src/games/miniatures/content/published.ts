// The game's static content as the platform contract asks for it (GameModule.content): the model
// and weapon profiles and the scenarios as one document, and each scenario's table as a map (data
// and SVG) under the scenario's id, the id the creation options and the view use. Built from the
// same data the rules read, so the documents and the rules cannot disagree. Every object is closed.

import type { GameContent } from '../../../platform/game-module.ts';
import { renderTableSvg } from './render-svg.ts';
import { PROFILES, WEAPONS } from './profiles.ts';
import { COVER_CLASSES, TERRAIN_TYPES, type Scenario } from './types.ts';

const obj = (properties: Record<string, object>, optional: string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
});
const str = { type: 'string' };
const int = { type: 'integer' };
const source = { type: 'string', enum: ['text', 'reconstructed'], description: '`text`: printed in the rules primer; `reconstructed`: the owner’s (docs/content.md, “Miniatures”).' };
const point = { ...obj({ x: int, y: int }), description: 'Hundredths of an inch from the west (x) and north (y) edges.' };

const weaponSchema = obj(
  {
    id: str,
    name: str,
    kind: { type: 'string', enum: ['ranged', 'melee'] },
    range: { ...int, description: 'Ranged only: the longest shot, in inches.' },
    shootingDice: { ...int, description: 'Ranged only: dice rolled in a Shoot action.' },
    damage: int,
    ap: { ...int, description: 'Armour-piercing: taken from the target’s Armour.' },
    cost: int,
    source,
  },
  ['range', 'shootingDice'],
);

const profileSchema = obj({
  id: str,
  name: str,
  move: { ...int, description: 'Inches.' },
  agility: int,
  shoot: { type: ['integer', 'null'], description: 'null: no Shoot score (no Shoot action).' },
  melee: int,
  meleeDice: int,
  will: int,
  armour: int,
  hits: int,
  rank: { type: 'string', enum: ['hero', 'minion'] },
  equipment: { type: 'array', items: str, description: 'Weapon ids.' },
  baseRadius: { ...int, description: 'The base’s radius in hundredths of an inch.' },
  source,
});

const modelSchema = obj({ id: str, name: str, profile: { ...str, description: 'A profile id.' }, at: point });
const forceSchema = obj({
  name: str,
  models: { type: 'array', items: modelSchema, description: 'The force’s models at their deployment points.' },
  winsWhenRemoved: { type: 'array', items: str, description: 'The force wins at once when every one of these enemy models is removed.' },
});

const scenarioSchema = obj({
  id: { ...str, description: 'The scenario id of the creation options and the view; also its map’s id.' },
  name: str,
  briefing: str,
  forces: { type: 'array', items: forceSchema, minItems: 2, maxItems: 2, description: 'Seat i plays force i.' },
  firstPhase: { type: ['integer', 'null'], description: 'The seat that takes the first Phase, or null for a roll-off.' },
  turns: { ...int, description: 'The game ends after this many turns.' },
  afterLastTurn: { type: ['integer', 'null'], description: 'Who wins when the last turn ends without a victory: a seat, or null for a draw.' },
  source,
});

const contentSchema = obj({
  profiles: { type: 'array', items: profileSchema },
  weapons: { type: 'array', items: weaponSchema },
  scenarios: { type: 'array', items: scenarioSchema },
});

const mapSchema = {
  ...obj({
    id: { ...str, description: 'The scenario id.' },
    name: { ...str, description: 'The table’s name.' },
    width: { ...int, description: 'Hundredths of an inch, west to east.' },
    height: { ...int, description: 'Hundredths of an inch, north to south.' },
    terrain: {
      type: 'array',
      items: obj({
        id: str,
        name: str,
        type: { type: 'string', enum: [...TERRAIN_TYPES] },
        cover: { type: 'string', enum: [...COVER_CLASSES] },
        polygon: { type: 'array', items: point, minItems: 3, description: 'A simple polygon, hundredths of an inch.' },
      }),
    },
    forces: { type: 'array', items: forceSchema, description: 'The deployment: seat i’s force at index i.' },
    source,
  }),
  description: 'A scenario’s table: its size, terrain and deployment, in hundredths of an inch (the SVG is drawn in the same units).',
};

const scenarioDocument = (s: Scenario) => ({
  id: s.id,
  name: s.name,
  briefing: s.briefing,
  forces: s.forces,
  firstPhase: s.firstPhase,
  turns: s.turns,
  afterLastTurn: s.afterLastTurn,
  source: s.source,
});

const tableDocument = (s: Scenario) => ({ id: s.id, name: s.table.name, width: s.table.width, height: s.table.height, terrain: s.table.terrain, forces: s.forces, source: s.table.source });

export function gameContent(scenarios: readonly Scenario[]): GameContent {
  return {
    content: { profiles: Object.values(PROFILES), weapons: Object.values(WEAPONS), scenarios: scenarios.map(scenarioDocument) },
    contentSchema,
    maps: scenarios.map((s) => ({ id: s.id, data: tableDocument(s), svg: renderTableSvg(s) })),
    mapSchema,
  };
}
