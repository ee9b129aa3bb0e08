// The shapes of the Miniatures content: model and weapon profiles, terrain and tables, scenarios.
// Plain JSON, so the same data is published to clients and drawn as SVG. Every number the primer
// does not print is marked `source: 'reconstructed'` and explained in docs/content.md.

import type { Point } from '../geometry/shapes.ts';

export type Source = 'text' | 'reconstructed';

/** "All terrain is defined as one of the following." */
export const TERRAIN_TYPES = ['clear', 'difficult', 'dangerous', 'impassable'] as const;
export type TerrainType = (typeof TERRAIN_TYPES)[number];

/** "There are two types of cover." (and none) */
export const COVER_CLASSES = ['none', 'light', 'heavy'] as const;
export type CoverClass = (typeof COVER_CLASSES)[number];

export interface TerrainPiece {
  readonly id: string;
  readonly name: string;
  readonly type: TerrainType;
  readonly cover: CoverClass;
  /** A simple polygon in hundredths of an inch. */
  readonly polygon: readonly Point[];
}

export interface Table {
  readonly id: string;
  readonly name: string;
  /** Hundredths of an inch; the table runs from (0, 0) to (width, height), y towards the south edge. */
  readonly width: number;
  readonly height: number;
  readonly terrain: readonly TerrainPiece[];
  readonly source: Source;
}

export interface WeaponProfile {
  readonly id: string;
  readonly name: string;
  readonly kind: 'ranged' | 'melee';
  /** Ranged only: "The maximum distance a weapon can be used at in a Shoot action", in inches. */
  readonly range?: number;
  /** Ranged only: "How many dice the weapon allows the model to roll in a Shoot action." */
  readonly shootingDice?: number;
  readonly damage: number;
  /** "The Armour-piercing characteristic is used to negate a target's Armour." */
  readonly ap: number;
  readonly cost: number;
  readonly source: Source;
}

export interface ModelProfile {
  readonly id: string;
  readonly name: string;
  /** Inches. */
  readonly move: number;
  readonly agility: number;
  /** "A model with no Shoot score may not take a Shoot action": null is no Shoot score. */
  readonly shoot: number | null;
  readonly melee: number;
  readonly meleeDice: number;
  readonly will: number;
  readonly armour: number;
  readonly hits: number;
  /** "whether a model is a Hero or Minion". */
  readonly rank: 'hero' | 'minion';
  /** Weapon ids. */
  readonly equipment: readonly string[];
  /** The base's radius in hundredths of an inch (M12). */
  readonly baseRadius: number;
  readonly source: Source;
}

export interface ScenarioModel {
  readonly id: string;
  readonly name: string;
  readonly profile: string;
  readonly at: Point;
}

export interface Force {
  readonly name: string;
  readonly models: readonly ScenarioModel[];
  /** This force wins at once when every one of these enemy models has been removed. */
  readonly winsWhenRemoved: readonly string[];
}

export interface Scenario {
  readonly id: string;
  readonly name: string;
  readonly table: Table;
  /** Seat i plays forces[i]. */
  readonly forces: readonly Force[];
  /** "Many scenarios will tell you which player takes the first Phase": a seat, or null for a roll-off. */
  readonly firstPhase: number | null;
  /** The game ends after this many turns (M10). */
  readonly turns: number;
  /** Who wins when the last turn ends without a victory: a seat, or null for a draw. */
  readonly afterLastTurn: number | null;
  readonly briefing: string;
  readonly source: Source;
}
