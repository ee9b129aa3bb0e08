// Helpers for the set-up, turn, MOVE/CLIMB, COLLECT FRAGMENT, interrupt, damage and error tests.
// Map questions are asked of the board and its geometry, never typed in by hand.

import { expect } from 'vitest';
import { boardFor, geometryFor } from '../../../../src/games/helter-skelter/board/index.ts';
import { forEachRegionBorder } from '../../../../src/games/helter-skelter/board/geometry.ts';
import type { MapId, SpaceId } from '../../../../src/games/helter-skelter/board/board.ts';
import { TEAMS } from '../../../../src/games/helter-skelter/content/index.ts';
import type { ActionSymbol, TeamId } from '../../../../src/games/helter-skelter/content/types.ts';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import type { Command, Event, EventOf, EventType, Seat } from '../../../../src/games/helter-skelter/types.ts';
import { cardsWhere, TestGame } from '../support.ts';

/** The events of one type, typed. */
export function ofType<T extends EventType>(events: readonly Event[], type: T): EventOf<T>[] {
  return events.filter((e): e is EventOf<T> => e.type === type);
}

/** The single event of a type; fails the test when there is not exactly one. */
export function only<T extends EventType>(events: readonly Event[], type: T): EventOf<T> {
  const found = ofType(events, type);
  expect(found, `exactly one ${type}`).toHaveLength(1);
  return found[0]!;
}

/** The team's wild INTERRUPT cards (every INTERRUPT is wild). */
export const interrupts = (team: TeamId): string[] => cardsWhere(team, (c) => c.action === 'INTERRUPT');

/** Cards that are no INTERRUPT and do not show any of `characters`: safe padding for a hand. */
export const padding = (team: TeamId, characters: string[] = [], symbols: ActionSymbol[] = []): string[] =>
  cardsWhere(
    team,
    (c) => c.action !== 'INTERRUPT' && !symbols.includes(c.action) && !c.characters.some((x) => characters.includes(x)),
  );

/** Cards showing `character` and no INTERRUPT symbol. */
export const showingNoInterrupt = (team: TeamId, character: string): string[] =>
  cardsWhere(team, (c) => c.action !== 'INTERRUPT' && c.characters.includes(character));

/** Cards showing `character` and none of `others`. */
export const showingOnly = (team: TeamId, character: string, others: string[]): string[] =>
  cardsWhere(team, (c) => c.characters.includes(character) && !c.characters.some((x) => others.includes(x)));

/** A fresh game at set-up, as the service creates it. */
export function newGame(map: MapId, teams: TeamId[], seed: string | number = 'part1'): TestGame {
  return new TestGame(helterSkelter.initialState({ map, seats: teams.map((team) => ({ team })), seed }));
}

/** The characters a seat starts with, in roster order. */
export const rosterOf = (team: TeamId): string[] => TEAMS[team].roster.map((c) => c.id);

/** How many map cards a character takes at set-up: two for Ukko (Stealth), one otherwise. */
export const cardsFor = (character: string): number => (character === 'ukko' ? 2 : 1);

/** Assigns the seat's lowest remaining map cards to each of its unassigned characters, in roster order. */
export function assignAll(game: TestGame, seat: Seat): Event[] {
  const events: Event[] = [];
  for (const c of Object.values(game.state.characters)) {
    if (c.seat !== seat || c.startingCards.length > 0) continue;
    const cards = game.state.seats[seat]!.mapCards.slice(0, cardsFor(c.id));
    events.push(...game.send(seat, { type: 'ASSIGN_STARTING_CARDS', character: c.id, cards }));
  }
  return events;
}

/** A command as the system sends it. */
export function systemDecide(game: TestGame, command: Command) {
  return helterSkelter.decide(game.state, command, { kind: 'system' });
}

/** Pairs of spaces whose only common border is walled: they touch, but are not adjacent. */
export function wallSeparatedPairs(map: MapId): [SpaceId, SpaceId][] {
  const g = geometryFor(map);
  const open = new Set<string>();
  const walled = new Set<string>();
  forEachRegionBorder(g, (a, b, isWall) => {
    if (a >= g.spaceCount || b >= g.spaceCount) return;
    (isWall ? walled : open).add(`${Math.min(a, b) + 1},${Math.max(a, b) + 1}`);
  });
  return [...walled].filter((k) => !open.has(k)).map((k) => k.split(',').map(Number) as [SpaceId, SpaceId]);
}

/** Pairs of spaces that both border the same fall (through no wall) and do not border each other. */
export function fallSeparatedPairs(map: MapId): [SpaceId, SpaceId][] {
  const g = geometryFor(map);
  const board = boardFor(map);
  const byFall = new Map<number, Set<SpaceId>>();
  forEachRegionBorder(g, (a, b, isWall) => {
    if (isWall) return;
    for (const [fall, space] of [
      [a, b],
      [b, a],
    ] as const) {
      if (g.regions[fall]!.kind === 'fall' && space < g.spaceCount) {
        if (!byFall.has(fall)) byFall.set(fall, new Set());
        byFall.get(fall)!.add(space + 1);
      }
    }
  });
  const out: [SpaceId, SpaceId][] = [];
  for (const spaces of byFall.values())
    for (const a of spaces) for (const b of spaces) if (a < b && !board.adjacent(a).includes(b)) out.push([a, b]);
  return out;
}
