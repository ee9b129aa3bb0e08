// Standing orders in every game (docs/architecture.md §4; rulings R34–R40). SET_ORDERS is a
// setting, not a move: never listed by legalCommands, so random play never sends it. Here it is
// sent on purpose: (1) in states of every kind met in random games, where decide must accept it
// from every seat and change nothing but that seat's orders; (2) sprinkled through whole random
// games, which must still end, with every window and defence opened as the orders at that moment
// say, and the orders kept private.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARM_TRIGGERS } from '../../../../src/games/helter-skelter/published/standing-orders.ts';
import { isInterruptCard } from '../../../../src/games/helter-skelter/costs.ts';
import type { Command, DefenceOrder, Event, GameState, InterruptOrder, SetOrders } from '../../../../src/games/helter-skelter/types.ts';
import { pickCommand } from '../../../../src/platform/random-player.ts';
import { nextFloat, nextInt, seedRng, type RngState } from '../../../../src/platform/random.ts';
import { Chooser, COMMAND_CAP, expire, fcParams, game, isDeadlocked, playOnce, randomGameArb, steps, TIMEOUT } from './harness.ts';

const INTERRUPT: InterruptOrder[] = ['armed', 'ask', 'endOfTurnOnly'];
const DEFENCE: DefenceOrder[] = ['ask', 'always', 'never'];

/** Orders, and half the time an arm when the seat holds an INTERRUPT card (R58). */
function randomOrdersOrArm(ch: Chooser, s: GameState, seat: number): SetOrders {
  if (s.seats[seat]!.hand.some(isInterruptCard) && ch.chance(0.5)) return { type: 'SET_ORDERS', arms: [{ trigger: ch.pick(ARM_TRIGGERS) }] };
  return randomOrders(ch);
}

function randomOrders(ch: Chooser): SetOrders {
  const r = ch.int(3);
  return {
    type: 'SET_ORDERS',
    ...(r !== 1 ? { interrupt: ch.pick(INTERRUPT) } : {}),
    ...(r !== 0 ? { defence: ch.pick(DEFENCE) } : {}),
  };
}

/** A state's JSON with one seat's orders left out (compare states that went through evolve: key order). */
const withoutOrders = (s: GameState, seat: number) =>
  JSON.stringify({ ...s, seats: s.seats.map((x, i) => (i === seat ? { ...x, orders: null } : x)) });

describe('standing orders: SET_ORDERS in every situation, and whole games played under orders', () => {
  // R34: "sent by a seat for itself at any moment of the game"; the property in legality.test.ts
  // (decide accepts exactly legalCommands) makes its one exception for this command.
  it('SET_ORDERS is accepted from every seat in every kind of situation, emits one OrdersSet and changes only that seat’s orders; refused once the game is over', () => {
    fc.assert(
      fc.property(randomGameArb(), fc.integer(), (g, chooserSeed) => {
        const ch = new Chooser(chooserSeed);
        const byKind = new Map<string, GameState[]>([['setup', [game.initialState(g.setup)]]]);
        for (const step of steps(g, playOnce(g))) {
          const kind = step.after.situation.kind;
          byKind.set(kind, [...(byKind.get(kind) ?? []), step.after]);
        }
        for (const [kind, states] of byKind)
          for (const s of ch.sample(states, 3))
            for (let seat = 0; seat < s.seats.length; seat++) {
              const cmd = randomOrders(ch);
              const d = game.decide(s, cmd, { kind: 'seat', seat });
              if (kind === 'over') {
                expect(d.ok || d.error.code).toBe('GAME_OVER');
                continue;
              }
              if (!d.ok) expect.fail(`${kind}, seat ${seat}: ${JSON.stringify(cmd)} refused ${d.error.code}`);
              const before = s.seats[seat]!.orders;
              const orders = { interrupt: cmd.interrupt ?? before.interrupt, defence: cmd.defence ?? before.defence };
              expect(d.events).toEqual([{ type: 'OrdersSet', seat, orders, arms: s.seats[seat]!.arms }]);
              const after = game.evolve(s, d.events[0]!);
              expect(after.seats[seat]!.orders).toEqual(orders);
              expect(withoutOrders(after, seat)).toBe(withoutOrders(game.replay(s, []), seat));
              expect(game.awaiting(after)).toEqual(game.awaiting(s));
              for (let other = 0; other < s.seats.length; other++) expect(game.legalCommands(after, other)).toEqual(game.legalCommands(s, other));
            }
        expect([...byKind.keys()]).toContain('turn');
      }),
      fcParams(8, 0x0bde1),
    );
  }, TIMEOUT);

  it('games in which seats change their orders at random moments all end; windows and defences follow the orders in force when they open; orders stay private', () => {
    let windows = 0;
    let decidedByOrders = 0;
    let ordersSet = 0;
    fc.assert(
      fc.property(randomGameArb(0.02), fc.integer(), (g, chooserSeed) => {
        const ch = new Chooser(chooserSeed);
        let rng: RngState = seedRng(g.playerSeed);
        let s = game.initialState(g.setup);
        let commands = 0;
        while (!game.isOver(s) && commands < COMMAND_CAP) {
          const awaited = game.awaiting(s);
          let roll: number;
          [roll, rng] = nextFloat(rng);
          let cmd: Command;
          let sender: { kind: 'seat'; seat: number } | { kind: 'system' };
          if (roll < 0.05) {
            const seat = ch.int(s.seats.length);
            cmd = randomOrdersOrArm(ch, s, seat);
            sender = { kind: 'seat', seat };
          } else if (roll < 0.05 + g.expiryRate) {
            cmd = expire(awaited[0]!.windowId);
            sender = { kind: 'system' };
          } else {
            let k: number;
            [k, rng] = nextInt(rng, awaited.length);
            const seat = awaited[k]!.seat;
            [cmd, rng] = pickCommand(game.legalCommands(s, seat), rng);
            sender = { kind: 'seat', seat };
          }
          const d = game.decide(s, cmd, sender);
          if (!d.ok) expect.fail(`refused ${JSON.stringify(cmd)}: ${d.error.code} ${d.error.message}`);
          const opened = new Map<string, GameState>();
          for (const e of d.events) {
            const before = s;
            s = game.evolve(s, e);
            checkEvent(before, e, s, opened);
            if (e.type === 'InterruptWindowOpened') windows++;
            if (e.type === 'OrdersSet') ordersSet++;
          }
          checkAnsweredAtOnce(opened, d.events);
          decidedByOrders += checkDefence(s, d.events);
          commands++;
        }
        expect(game.isOver(s) || isDeadlocked(s), `still going after ${commands} commands`).toBe(true);
      }),
      fcParams(40, 0x0bde2),
    );
    expect(windows).toBeGreaterThan(0);
    expect(ordersSet).toBeGreaterThan(0);
    expect(decidedByOrders).toBeGreaterThan(0);
  }, TIMEOUT);
});

const asks = (s: GameState, seat: number, after: 'action' | 'endOfTurn') => {
  const o = s.seats[seat]!.orders.interrupt;
  return o === 'ask' || (o === 'endOfTurnOnly' && after === 'endOfTurn');
};

/**
 * R11, R35: a window is open to every seat still in the game but the acted seat, whatever its
 * orders and hand; in the command that opened it, a seat that the window asks answers only by its
 * arms (R58). R39: OrdersSet and views show orders to their own seat only.
 */
function checkEvent(before: GameState, e: Event, after: GameState, opened: Map<string, GameState>): void {
  if (e.type === 'InterruptWindowOpened') {
    const expected = before.seats.map((_, seat) => seat).filter((seat) => seat !== e.actedSeat && !before.seats[seat]!.eliminated);
    expect([...e.eligible].sort()).toEqual(expected);
    opened.set(e.windowId, before);
  }
  if (e.type === 'InterruptAnswered' && opened.has(e.windowId) && before.situation.kind === 'interrupt') {
    const atOpen = opened.get(e.windowId)!;
    if (asks(atOpen, e.seat, before.situation.after)) expect(e.arms, 'an asked seat answers at once only by its arms').toBeDefined();
    if (e.arms) expect(e.card).not.toBeNull();
  }
  if (e.type === 'OrdersSet') {
    for (const reader of [null, ...after.seats.map((_, i) => i)])
      expect(game.redact(e, reader)).toEqual(reader === e.seat ? e : { type: 'OrdersSet' });
    for (const reader of [null, ...after.seats.map((_, i) => i)])
      for (const v of game.view(after, reader).seats) expect(v.orders).toEqual(v.seat === reader ? after.seats[v.seat]!.orders : undefined);
  }
}

/** R11, R35: every seat a window does not ask has answered in the command that opened it. */
function checkAnsweredAtOnce(opened: Map<string, GameState>, events: Event[]): void {
  for (const [windowId, atOpen] of opened) {
    const open = events.find((e) => e.type === 'InterruptWindowOpened' && e.windowId === windowId) as Extract<Event, { type: 'InterruptWindowOpened' }>;
    const answered = new Set(events.filter((e) => e.type === 'InterruptAnswered' && e.windowId === windowId).map((e) => (e as { seat: number }).seat));
    for (const seat of open.eligible) if (!asks(atOpen, seat, open.after)) expect(answered.has(seat), `seat ${seat} answered at once`).toBe(true);
  }
}

/**
 * R35, R38: once a command that declared an attack is done, every defender whose owner's orders
 * are `always` or `never` has been decided (or the attack is already resolved). Returns how many
 * defenders the orders decided.
 */
function checkDefence(s: GameState, events: Event[]): number {
  const declared = events.find((e) => e.type === 'AttackDeclared');
  if (!declared) return 0;
  const byOrders = declared.defenders.filter((id) => s.seats[s.characters[id]!.seat]!.orders.defence !== 'ask');
  if (s.situation.kind === 'defence' && s.situation.windowId === declared.windowId)
    for (const id of byOrders) expect(s.situation.defenders.find((d) => d.character === id)!.choice.kind).not.toBe('undecided');
  return byOrders.length;
}

