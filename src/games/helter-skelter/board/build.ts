// Builds a Board from parsed geometry. Everything is computed once, into flat tables indexed by
// designation, so that the rules' lookups in hot loops are array reads.

import type { Board, SpaceId } from './board.ts';
import type { MapGeometry } from './geometry.ts';
import { forEachRegionBorder, wallLookup } from './geometry.ts';
import { lineOfSightFromTable, traceLine } from './sight.ts';

/**
 * Regions linked across a border that is not a wall, as sorted neighbour lists by region index.
 * "If two spaces share a border, they are adjacent … Spaces separated by walls are not considered
 * adjacent." (rulebook, "Spaces", "Walls") Two regions whose common border is partly walled are
 * still linked through the open part.
 */
export function regionLinks(map: MapGeometry): number[][] {
  const sets: Set<number>[] = map.regions.map(() => new Set<number>());
  forEachRegionBorder(map, (a, b, isWall) => {
    if (isWall) return;
    sets[a]!.add(b);
    sets[b]!.add(a);
  });
  return sets.map((s) => [...s].sort((x, y) => x - y));
}

/** Fewest steps from one region to every region through `links` (Infinity when unreachable). */
function stepsFrom(links: readonly (readonly number[])[], start: number): number[] {
  const steps = new Array<number>(links.length).fill(Infinity);
  steps[start] = 0;
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const here = queue[head]!;
    for (const next of links[here]!) {
      if (steps[next] === Infinity) {
        steps[next] = steps[here]! + 1;
        queue.push(next);
      }
    }
  }
  return steps;
}

export function buildBoard(map: MapGeometry): Board {
  const n = map.spaceCount;
  const size = n + 1; // tables are indexed by designation 1..n; row/column 0 unused
  const spaces: SpaceId[] = Array.from({ length: n }, (_, i) => i + 1);
  const regionOf = (space: SpaceId) => space - 1;
  const links = regionLinks(map);

  const cover = new Uint8Array(size);
  const highGround = new Uint8Array(size);
  for (const s of spaces) {
    cover[s] = map.regions[regionOf(s)]!.cover ? 1 : 0;
    highGround[s] = map.regions[regionOf(s)]!.highGround ? 1 : 0;
  }

  // Adjacency: spaces only — "You cannot move onto falls."
  const adjacency: (readonly SpaceId[])[] = [[]];
  for (const s of spaces) {
    adjacency[s] = Object.freeze(links[regionOf(s)]!.filter((r) => r < n).map((r) => r + 1));
  }

  // Range and FLY walk spaces and falls alike: "When you calculate your range for the SHOTGUN
  // action, falls count as a space." "You may move over falls as if they were a space, but you
  // may not end the FLY action on that space." Walls are not crossed in either.
  const distance = new Float64Array(size * size).fill(Infinity);
  const fly: (readonly SpaceId[])[] = [[]];
  for (const s of spaces) {
    const steps = stepsFrom(links, regionOf(s));
    for (const t of spaces) distance[s * size + t] = steps[regionOf(t)]!;
    fly[s] = Object.freeze(spaces.filter((t) => t !== s && steps[regionOf(t)]! <= 2));
  }

  const sight = new Uint8Array(size * size);
  const walls = wallLookup(map);
  const terrain = {
    highGround: (r: number) => map.regions[r]!.highGround,
    cover: (r: number) => map.regions[r]!.cover,
  };
  for (const s of spaces) {
    for (const t of spaces) {
      if (t < s) continue;
      const trace = traceLine(map, map.regions[regionOf(s)]!.point, map.regions[regionOf(t)]!.point, walls);
      sight[s * size + t] = lineOfSightFromTable(regionOf(s), regionOf(t), trace, terrain) ? 1 : 0;
      sight[t * size + s] = lineOfSightFromTable(regionOf(t), regionOf(s), trace, terrain) ? 1 : 0;
    }
  }

  const check = (space: SpaceId): void => {
    if (!(space >= 1 && space <= n && Number.isInteger(space))) {
      throw new RangeError(`map ${map.id} has no space ${String(space)}`);
    }
  };

  const board: Board = {
    id: map.id,
    name: map.name,
    spaces: Object.freeze(spaces),
    isCover(space) {
      check(space);
      return cover[space] === 1;
    },
    isHighGround(space) {
      check(space);
      return highGround[space] === 1;
    },
    adjacent(space) {
      check(space);
      return adjacency[space]!;
    },
    hasLineOfSight(source, target) {
      check(source);
      check(target);
      return sight[source * size + target] === 1;
    },
    distance(from, to) {
      check(from);
      check(to);
      return distance[from * size + to]!;
    },
    flyDestinations(from) {
      check(from);
      return fly[from]!;
    },
  };
  return Object.freeze(board);
}
