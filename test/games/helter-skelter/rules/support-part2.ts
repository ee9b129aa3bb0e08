// Helpers shared by the combat, defence and team-special rule tests: hands that cannot pay for
// anything by accident, events of one type, and questions about the board that support.ts does
// not answer (falls, walls). Every geometric fact is asked of the map, never typed in.

import { boardFor, geometryFor } from '../../../../src/games/helter-skelter/board/index.ts';
import type { MapId, SpaceId } from '../../../../src/games/helter-skelter/board/board.ts';
import { regionLinks } from '../../../../src/games/helter-skelter/board/build.ts';
import { forEachRegionBorder } from '../../../../src/games/helter-skelter/board/geometry.ts';
import { cardById } from '../../../../src/games/helter-skelter/content/index.ts';
import type { ActionSymbol, TeamId } from '../../../../src/games/helter-skelter/content/types.ts';
import type { Event, EventOf, EventType } from '../../../../src/games/helter-skelter/types.ts';
import { filler, findPair } from '../support.ts';

/** The first card of a list, failing loudly when content has none (so a test never runs on `undefined`). */
export function first(cards: readonly string[], what = 'card'): string {
  const card = cards[0];
  if (card === undefined) throw new Error(`content has no ${what}`);
  return card;
}

/**
 * `n` cards that show none of `characters` and carry none of `symbols`, and never an INTERRUPT
 * (a seat holding one would open an interrupt window after every action).
 */
export function pad(team: TeamId, n: number, avoid: { characters?: string[]; symbols?: ActionSymbol[] } = {}): string[] {
  const cards = filler(team, { characters: avoid.characters ?? [], symbols: [...(avoid.symbols ?? []), 'INTERRUPT'] });
  if (cards.length < n) throw new Error(`only ${cards.length} filler cards in ${team}`);
  return cards.slice(0, n);
}

/** A card that pays no defence at all (no MELEE, DEFLECT, COVER or PSI) and shows none of `characters`. */
export const harmless = (team: TeamId, n: number, characters: string[] = []): string[] =>
  pad(team, n, { characters, symbols: ['MELEE', 'DEFLECT', 'COVER', 'PSI'] });

export const ofType = <T extends EventType>(events: readonly Event[], type: T): EventOf<T>[] =>
  events.filter((e): e is EventOf<T> => e.type === type);

/** Damage per character in these events. */
export function damageIn(events: readonly Event[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of ofType(events, 'DamageTaken')) out[e.character] = (out[e.character] ?? 0) + e.amount;
  return out;
}

export const isCardShowing = (card: string, character: string): boolean => cardById(card).characters.includes(character);

/** The board's spaces with at least one neighbour: a place to stand with somewhere to go. */
export function adjacentPair(map: MapId, extra: (a: SpaceId, b: SpaceId) => boolean = () => true): [SpaceId, SpaceId] {
  return findPair(map, (a, b, board) => board.adjacent(a).includes(b) && extra(a, b));
}

/**
 * Pairs of spaces whose cells touch, but only across walls: "Spaces separated by walls are not
 * considered adjacent."
 */
export function walledPairs(map: MapId): [SpaceId, SpaceId][] {
  const geometry = geometryFor(map);
  const walled = new Set<string>();
  const open = new Set<string>();
  forEachRegionBorder(geometry, (a, b, isWall) => {
    if (a >= geometry.spaceCount || b >= geometry.spaceCount) return;
    const key = `${Math.min(a, b) + 1}-${Math.max(a, b) + 1}`;
    (isWall ? walled : open).add(key);
  });
  return [...walled].filter((k) => !open.has(k)).map((k) => k.split('-').map(Number) as [SpaceId, SpaceId]);
}

/** The first pair of walled neighbours on the map. */
export function walledNeighbours(map: MapId): [SpaceId, SpaceId] {
  const pair = walledPairs(map)[0];
  if (!pair) throw new Error(`no walled neighbours on ${map}`);
  return pair;
}

/**
 * Fewest steps between two spaces, walking across borders that are not walls, where stepping onto
 * a fall costs `fallCost` (1: falls count as spaces; 0: falls are free to cross). Worked out here
 * from the geometry, independently of the board's own tables.
 */
export function stepsBetween(map: MapId, from: SpaceId, to: SpaceId, fallCost: 0 | 1): number {
  const geometry = geometryFor(map);
  const links = regionLinks(geometry);
  const isFall = (r: number) => geometry.regions[r]!.kind === 'fall';
  const steps = new Array<number>(links.length).fill(Infinity);
  steps[from - 1] = 0;
  const queue = [from - 1];
  while (queue.length > 0) {
    const here = queue.shift()!;
    for (const next of links[here]!) {
      const cost = isFall(next) ? fallCost : 1;
      if (steps[here]! + cost < steps[next]!) {
        steps[next] = steps[here]! + cost;
        if (cost === 0) queue.unshift(next);
        else queue.push(next);
      }
    }
  }
  return steps[to - 1]!;
}

/** The range a SHOTGUN would have if falls did not count as spaces. */
export const distanceIgnoringFalls = (map: MapId, from: SpaceId, to: SpaceId): number => stepsBetween(map, from, to, 0);

/** Two spaces two steps apart with no space between them: the step between is a fall. */
export function acrossAFall(map: MapId, extra: (a: SpaceId, b: SpaceId) => boolean = () => true): [SpaceId, SpaceId] {
  return findPair(
    map,
    (a, b, board) =>
      board.distance(a, b) === 2 && !board.adjacent(a).some((m) => board.adjacent(b).includes(m)) && extra(a, b),
  );
}

export const boardOf = boardFor;
