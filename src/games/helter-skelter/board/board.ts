// What the rules ask of a map. Implementations compute everything from the map's geometry
// (content/maps); nothing here is typed by hand.

export type MapId = 'dan-tanna-enid-blyton' | 'grand-hall-of-justice';
export const MAP_IDS: readonly MapId[] = ['dan-tanna-enid-blyton', 'grand-hall-of-justice'];

/** A space's designation, 1–40. */
export type SpaceId = number;

export interface Board {
  readonly id: MapId;
  readonly name: string;
  /** Every designation on the map, ascending (1–40). */
  readonly spaces: readonly SpaceId[];
  isCover(space: SpaceId): boolean;
  isHighGround(space: SpaceId): boolean;
  /** Spaces sharing a border with `space` that is not a wall (falls are not spaces). */
  adjacent(space: SpaceId): readonly SpaceId[];
  /** The rulebook's line-of-sight table, from the source space to the target space. */
  hasLineOfSight(source: SpaceId, target: SpaceId): boolean;
  /** SHOTGUN range: fewest steps between the two spaces, falls counting as spaces. */
  distance(from: SpaceId, to: SpaceId): number;
  /** Where a FLY from `from` may end: one or two steps, over falls but not onto them, never `from`. */
  flyDestinations(from: SpaceId): readonly SpaceId[];
}
