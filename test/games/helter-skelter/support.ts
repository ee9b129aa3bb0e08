// Test helpers: a game built from an explicit position, commands sent as a seat or as the system,
// and questions about the board so tests need not hard-code map geometry.

import { expect } from 'vitest';
import { boardFor } from '../../../src/games/helter-skelter/board/index.ts';
import type { Board, MapId, SpaceId } from '../../../src/games/helter-skelter/board/board.ts';
import { cardById, TEAMS } from '../../../src/games/helter-skelter/content/index.ts';
import type { ActionSymbol, TeamId } from '../../../src/games/helter-skelter/content/types.ts';
import { helterSkelter } from '../../../src/games/helter-skelter/index.ts';
import { fromScenario, type Scenario } from '../../../src/games/helter-skelter/scenario.ts';
import type { Command, Edition, Event, GameState } from '../../../src/games/helter-skelter/types.ts';

export class TestGame {
  state: GameState;
  readonly log: Event[] = [];

  constructor(state: GameState) {
    this.state = state;
  }

  /**
   * A game from `scenario`. Rules tests of cards, costs and damage start from rules edition 1
   * positions by default, where a seat holding no INTERRUPT card or no eligible defence is not asked
   * (R11, R14 of edition 1): the card rules are the same in both editions, and the test needs no
   * passes of windows nobody could act in. What edition 2 changes (every seat asked whatever its
   * hand, so windows tell nothing of hands) is tested with `edition: 2` in
   * `rules/hidden-windows.test.ts`.
   */
  static from(scenario: Scenario, edition: Edition = 1): TestGame {
    return new TestGame({ ...fromScenario(scenario), edition });
  }

  /**
   * `TestGame.from(othersDead(scenario))`: only the characters the scenario names are in play; every
   * other character of the seated teams is dead. For tests whose position is "just these figures".
   */
  static withOthersDead(scenario: Scenario, edition: Edition = 1): TestGame {
    return TestGame.from(othersDead(scenario), edition);
  }

  /** Sends a command the rules must accept; returns the events it produced. */
  send(seat: number, command: Command): Event[] {
    const d = helterSkelter.decide(this.state, command, { kind: 'seat', seat });
    if (!d.ok) throw new Error(`refused: ${d.error.code} ${d.error.message}`);
    return this.apply(d.events);
  }

  /** The deadline of the open window passes. */
  expire(): Event[] {
    const sit = this.state.situation;
    if (sit.kind === 'over') throw new Error('game over');
    const d = helterSkelter.decide(this.state, { type: 'EXPIRE_WINDOW', windowId: sit.windowId }, { kind: 'system' });
    if (!d.ok) throw new Error(`refused: ${d.error.code}`);
    return this.apply(d.events);
  }

  /** Sends a command the rules must refuse; returns the error code, and checks nothing changed. */
  refused(seat: number, command: Command): string {
    const before = JSON.stringify(this.state);
    const d = helterSkelter.decide(this.state, command, { kind: 'seat', seat });
    expect(JSON.stringify(this.state)).toBe(before);
    if (d.ok) throw new Error(`accepted: ${JSON.stringify(command)} → ${d.events.map((e) => e.type).join(', ')}`);
    return d.error.code;
  }

  legal(seat: number): Command[] {
    return helterSkelter.legalCommands(this.state, seat);
  }

  /** Legal commands of one type, without their windowId, for easy comparison. */
  legalOf(seat: number, type: Command['type']): Command[] {
    return this.legal(seat)
      .filter((c) => c.type === type)
      .map((c) => {
        const { windowId: _w, ...rest } = c as Command & { windowId?: string };
        return rest as Command;
      });
  }

  private apply(events: Event[]): Event[] {
    for (const e of events) this.state = helterSkelter.evolve(this.state, e);
    this.log.push(...events);
    return events;
  }

  get situation() {
    return this.state.situation;
  }

  health(id: string): number {
    return this.state.characters[id]!.health;
  }

  hand(seat: number): string[] {
    return this.state.seats[seat]!.hand;
  }
}

/**
 * The scenario with `space: 'dead'` for every character of its seated teams that it does not name.
 * A scenario places an unnamed character undeployed, as a normal set-up would; tests that want
 * only the figures they name in play say so by calling this (or `TestGame.withOthersDead`).
 */
export function othersDead<S extends { seats: readonly { team: TeamId }[]; characters?: Scenario['characters'] }>(scenario: S): S {
  const characters = { ...scenario.characters };
  for (const { team } of scenario.seats) for (const c of TEAMS[team].roster) characters[c.id] ??= { space: 'dead' };
  return { ...scenario, characters };
}

export const types = (events: Event[]) => events.map((e) => e.type);

/** Cards of a team's deck matching a test: e.g. a wild MELEE, a card showing Dredd's symbol. */
export function cardsWhere(team: TeamId, test: (card: ReturnType<typeof cardById>) => boolean): string[] {
  return TEAMS[team].deck.filter(test).map((c) => c.id);
}

export const wild = (team: TeamId, symbol: ActionSymbol) =>
  cardsWhere(team, (c) => c.action === symbol && c.linkedTo === null);
export const linked = (team: TeamId, symbol: ActionSymbol, character: string) =>
  cardsWhere(team, (c) => c.action === symbol && c.linkedTo === character);
export const showing = (team: TeamId, character: string) => cardsWhere(team, (c) => c.characters.includes(character));
/** Cards that pay neither a standard action of `character` nor any of the listed symbols: filler for hands. */
export const filler = (team: TeamId, avoid: { characters?: string[]; symbols?: ActionSymbol[] }) =>
  cardsWhere(
    team,
    (c) => !c.characters.some((x) => avoid.characters?.includes(x)) && !(avoid.symbols ?? []).includes(c.action),
  );

export const board = (map: MapId): Board => boardFor(map);

/** A pair of spaces satisfying `test`, found on the map (first in designation order). */
export function findPair(map: MapId, test: (a: SpaceId, b: SpaceId, board: Board) => boolean): [SpaceId, SpaceId] {
  const b = boardFor(map);
  for (const a of b.spaces) for (const c of b.spaces) if (test(a, c, b)) return [a, c];
  throw new Error(`no pair of spaces on ${map} satisfies the test`);
}

export function findSpace(map: MapId, test: (s: SpaceId, board: Board) => boolean): SpaceId {
  const b = boardFor(map);
  const s = b.spaces.find((x) => test(x, b));
  if (s === undefined) throw new Error(`no space on ${map} satisfies the test`);
  return s;
}

export const DAN_TANNA: MapId = 'dan-tanna-enid-blyton';
export const GRAND_HALL: MapId = 'grand-hall-of-justice';
