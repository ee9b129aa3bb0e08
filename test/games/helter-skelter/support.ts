// Test helpers: a game built from an explicit position, commands sent as a seat or as the system,
// and questions about the board so tests need not hard-code map geometry.

import { expect } from 'vitest';
import { boardFor } from '../../../src/games/helter-skelter/board/index.ts';
import type { Board, MapId, SpaceId } from '../../../src/games/helter-skelter/board/board.ts';
import { cardById, TEAMS } from '../../../src/games/helter-skelter/content/index.ts';
import type { ActionSymbol, TeamId } from '../../../src/games/helter-skelter/content/types.ts';
import { isInterruptCard } from '../../../src/games/helter-skelter/costs.ts';
import { defenceOptions, psiDiscards } from '../../../src/games/helter-skelter/defences.ts';
import { helterSkelter } from '../../../src/games/helter-skelter/index.ts';
import { fromScenario, type Scenario } from '../../../src/games/helter-skelter/scenario.ts';
import type { Command, Event, GameState, StandingOrders } from '../../../src/games/helter-skelter/types.ts';
import type { Sender } from '../../../src/platform/game-module.ts';

/**
 * The orders rules tests play under unless they name others: every seat is asked in every window
 * and for every defender, so a test of a card, a cost or a defence sends each answer itself. The
 * game's defaults (`armed`, `always`: docs/rulings.md R11, R14, R58) decide those at once; tests of
 * the defaults pass `{ orders: DEFAULT_ORDERS }`.
 */
export const ASKED: StandingOrders = { interrupt: 'ask', defence: 'ask' };

export interface TestGameOptions {
  /** Every seat's standing orders at the start (default: `ASKED`). */
  orders?: StandingOrders;
  /**
   * Whether the game answers, after every command, each prompt whose answer is forced (default:
   * yes). The rules ask every seat in an INTERRUPT window and every defender's owner whatever their
   * hand holds (R11, R14), so a seat holding no INTERRUPT card is asked and can only pass, and a
   * defender whose owner holds no card that could defend it (against PSI: none showing its symbol)
   * can only take the damage. Rules tests of cards, costs and damage would otherwise spend half
   * their lines on those answers; the answers are sent as the seat's commands and their events are
   * returned and logged like any other. Tests of the asking itself (`rules/hidden-windows.test.ts`)
   * say `answerForced: false` and answer every prompt themselves.
   */
  answerForced?: boolean;
}

export class TestGame {
  state: GameState;
  readonly log: Event[] = [];
  private readonly answerForced: boolean;

  constructor(state: GameState, options: TestGameOptions = {}) {
    const orders = options.orders ?? ASKED;
    this.state = { ...state, seats: state.seats.map((seat) => ({ ...seat, orders: { ...orders } })) };
    this.answerForced = options.answerForced ?? true;
  }

  /** A game from `scenario` (see `TestGameOptions` for the prompts it answers by itself). */
  static from(scenario: Scenario, options: TestGameOptions = {}): TestGame {
    return new TestGame(fromScenario(scenario), options);
  }

  /**
   * `TestGame.from(othersDead(scenario))`: only the characters the scenario names are in play; every
   * other character of the seated teams is dead. For tests whose position is "just these figures".
   */
  static withOthersDead(scenario: Scenario, options: TestGameOptions = {}): TestGame {
    return TestGame.from(othersDead(scenario), options);
  }

  /**
   * Sends a command the rules must accept; returns the events it produced, then those of the
   * forced answers that followed it (`TestGameOptions.answerForced`).
   */
  send(seat: number, command: Command): Event[] {
    const events = this.decide(command, { kind: 'seat', seat });
    return [...events, ...this.sendForcedAnswers()];
  }

  /** The deadline of the open window passes; returns its events, then those of the forced answers that followed. */
  expire(): Event[] {
    const sit = this.state.situation;
    if (sit.kind === 'over') throw new Error('game over');
    const events = this.decide({ type: 'EXPIRE_WINDOW', windowId: sit.windowId }, { kind: 'system' });
    return [...events, ...this.sendForcedAnswers()];
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

  private decide(command: Command, sender: Sender): Event[] {
    const d = helterSkelter.decide(this.state, command, sender);
    if (!d.ok) throw new Error(`refused: ${d.error.code} ${d.error.message}`);
    for (const e of d.events) this.state = helterSkelter.evolve(this.state, e);
    this.log.push(...d.events);
    return d.events;
  }

  private sendForcedAnswers(): Event[] {
    const events: Event[] = [];
    if (!this.answerForced) return events;
    for (let answer = forcedAnswer(this.state); answer; answer = forcedAnswer(this.state)) {
      // The rules list it as the seat's answer (R11, R14): the harness sends nothing a seat could not.
      expect(this.legal(answer.seat)).toContainEqual(answer.command);
      events.push(...this.decide(answer.command, { kind: 'seat', seat: answer.seat }));
    }
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
 * The first prompt open in `s` that its seat can answer only one way: an INTERRUPT window asking a
 * seat that holds no INTERRUPT card (PASS_INTERRUPT), a defence asking for a defender whose owner
 * holds no card that could defend it (TAKE_DAMAGE). Seats in turn order, defenders in the order the
 * attack names them, as the rules settle them.
 */
export function forcedAnswer(s: GameState): { seat: number; command: Command } | null {
  const sit = s.situation;
  if (sit.kind === 'interrupt') {
    const seat = sit.eligible.find((x) => !(String(x) in sit.answers) && !s.seats[x]!.hand.some(isInterruptCard));
    return seat === undefined ? null : { seat, command: { type: 'PASS_INTERRUPT', windowId: sit.windowId } };
  }
  if (sit.kind === 'defence') {
    const defender = sit.defenders.find(
      ({ character, choice }) =>
        choice.kind === 'undecided' &&
        (sit.attack.action === 'PSI' ? psiDiscards(s, character) : defenceOptions(s, sit.attack, character)).length === 0,
    );
    if (defender === undefined) return null;
    return {
      seat: s.characters[defender.character]!.seat,
      command: { type: 'TAKE_DAMAGE', character: defender.character, windowId: sit.windowId },
    };
  }
  return null;
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
