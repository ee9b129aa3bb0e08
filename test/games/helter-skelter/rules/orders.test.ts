// STANDING ORDERS (docs/architecture.md §4): "Each seat has private standing orders, applied the moment a
// situation would ask that seat." interrupt: armed (default) | ask | endOfTurnOnly; defence: always
// (default: the cheapest card that suffices) | ask | never. A window in which no seat is left to ask
// closes in the command that opened it. Rulings R11, R14, R34–R40. The harness starts every seat on
// `ask` (support.ts, ASKED); tests of the defaults say so.

import { describe, expect, it } from 'vitest';
import { cardById } from '../../../../src/games/helter-skelter/content/index.ts';
import type { TeamId } from '../../../../src/games/helter-skelter/content/types.ts';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import { DEFAULT_ORDERS } from '../../../../src/games/helter-skelter/orders.ts';
import type { Command, SetOrders } from '../../../../src/games/helter-skelter/types.ts';
import { board, DAN_TANNA, findPair, findSpace, linked, showing, TestGame, types, wild } from '../support.ts';
import { interrupts, newGame, ofType, only, padding, showingNoInterrupt } from './support-part1.ts';
import { adjacentPair, first } from './support-part2.ts';

const dt = board(DAN_TANNA);
const TEAMS: TeamId[] = ['judges', 'strontium-dogs', 'nikolai-dante'];
const CHAR = ['dredd', 'johnny-alpha', 'viktor'];
const HOME = dt.spaces.filter((s) => dt.adjacent(s).length > 0).slice(0, 3);
const isInterrupt = (card: string) => cardById(card).action === 'INTERRUPT';

/** Three seats, one character each; seats 1 and 2 hold two INTERRUPT cards (unless `noInterrupts`); no deck holds one. */
function table(options: { orders?: typeof DEFAULT_ORDERS; noInterrupts?: boolean } = {}): TestGame {
  const seats = TEAMS.map((team, i) => {
    const hand = [...showingNoInterrupt(team, CHAR[i]!).slice(0, 4), ...(i > 0 && !options.noInterrupts ? interrupts(team).slice(0, 2) : [])];
    return { team, hand, deck: padding(team).filter((c) => !hand.includes(c)) };
  });
  const characters = Object.fromEntries(CHAR.map((id, i) => [id, { space: HOME[i]! }]));
  return TestGame.withOthersDead({ map: DAN_TANNA, seats, characters }, options.orders ? { orders: options.orders } : {});
}

/** Seat 0's Dredd takes one MOVE. */
function act(g: TestGame) {
  const card = g.hand(0).find((c) => cardById(c).characters.includes('dredd'))!;
  return g.send(0, { type: 'MOVE', character: 'dredd', to: dt.adjacent(g.state.characters.dredd!.space!)[0]!, cards: [card] });
}
const orders = (g: TestGame, seat: number, o: Omit<SetOrders, 'type'>) => g.send(seat, { type: 'SET_ORDERS', ...o });
const redactedFor = (g: TestGame, reader: number | null) => g.log.map((e) => helterSkelter.redact(e, reader));

describe('SET_ORDERS: a setting, not a move (R34)', () => {
  it('the defaults: every seat starts with interrupt: armed, defence: always and no arms, and sees its own orders in its view (R34)', () => {
    const fresh = helterSkelter.initialState({ map: DAN_TANNA, seats: [{ team: 'judges' }, { team: 'slaine' }], seed: 'defaults' });
    for (let seat = 0; seat < 2; seat++) {
      expect(fresh.seats[seat]!.orders).toEqual({ interrupt: 'armed', defence: 'always' });
      expect(fresh.seats[seat]!.arms).toEqual([]);
      expect(helterSkelter.view(fresh, seat).seats[seat]).toMatchObject({ orders: { interrupt: 'armed', defence: 'always' }, arms: [] });
    }
    expect(DEFAULT_ORDERS).toEqual({ interrupt: 'armed', defence: 'always' });
  });

  it('SET_ORDERS emits one OrdersSet with the full orders; a field left out keeps its value (R34)', () => {
    const g = table();
    expect(orders(g, 1, { interrupt: 'armed' })).toEqual([{ type: 'OrdersSet', seat: 1, orders: { interrupt: 'armed', defence: 'ask' }, arms: [] }]);
    expect(orders(g, 1, { defence: 'always' })).toEqual([{ type: 'OrdersSet', seat: 1, orders: { interrupt: 'armed', defence: 'always' }, arms: [] }]);
    expect(orders(g, 1, { interrupt: 'endOfTurnOnly', defence: 'never' })).toEqual([
      { type: 'OrdersSet', seat: 1, orders: { interrupt: 'endOfTurnOnly', defence: 'never' }, arms: [] },
    ]);
    expect(g.state.seats[1]!.orders).toEqual({ interrupt: 'endOfTurnOnly', defence: 'never' });
    expect(g.state.seats[0]!.orders).toEqual({ interrupt: 'ask', defence: 'ask' });
  });

  it('SET_ORDERS is accepted from a seat that is not awaited, in set-up, a turn, a defence and an interrupt window, and changes nothing else (R34)', () => {
    const setup = newGame(DAN_TANNA, ['judges', 'slaine']);
    const g = table();
    act(g); // an interrupt window asking seats 1 and 2
    for (const game of [setup, table(), g]) {
      for (let seat = 0; seat < game.state.seats.length; seat++) {
        const situation = JSON.stringify(game.situation);
        const awaited = helterSkelter.awaiting(game.state);
        expect(types(orders(game, seat, { defence: 'never' }))).toEqual(['OrdersSet']);
        expect(JSON.stringify(game.situation)).toBe(situation);
        expect(helterSkelter.awaiting(game.state)).toEqual(awaited);
      }
    }
  });

  it('SET_ORDERS is never a legal command: bots and random play do not pick it (R34)', () => {
    const g = table();
    act(g);
    for (let seat = 0; seat < 3; seat++) expect(g.legal(seat).map((c) => c.type)).not.toContain('SET_ORDERS');
  });

  it('SET_ORDERS needs at least one known order, and takes no windowId (R34)', () => {
    const g = table();
    const bad: unknown[] = [
      { type: 'SET_ORDERS' },
      { type: 'SET_ORDERS', interrupt: 'sometimes' },
      // `never` is gone: under `armed` a seat without arms already never claims (R34).
      { type: 'SET_ORDERS', interrupt: 'never' },
      { type: 'SET_ORDERS', defence: 'ask', interrupt: 'always' },
      { type: 'SET_ORDERS', defence: 'endOfTurnOnly' },
      { type: 'SET_ORDERS', defence: 'ask', windowId: 'w1' },
      { type: 'SET_ORDERS', defence: 'ask', seat: 1 },
    ];
    for (const cmd of bad) expect(g.refused(0, cmd as Command)).toBe('INVALID_COMMAND');
  });

  it('SET_ORDERS is refused once the game is over (GAME_OVER)', () => {
    const melee = first(wild('judges', 'MELEE'));
    const [here] = adjacentPair(DAN_TANNA);
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: [melee] },
        { team: 'strontium-dogs', hand: [] },
      ],
      characters: { dredd: { space: here }, 'johnny-alpha': { space: here, health: 1 } },
    });
    g.send(0, { type: 'MELEE', character: 'dredd', card: melee, defender: 'johnny-alpha' });
    expect(g.situation.kind).toBe('over');
    expect(g.refused(0, { type: 'SET_ORDERS', defence: 'never' })).toBe('GAME_OVER');
    expect(g.refused(1, { type: 'SET_ORDERS', interrupt: 'armed' })).toBe('GAME_OVER');
  });

  it('the system cannot set a seat’s orders', () => {
    const g = table();
    const d = helterSkelter.decide(g.state, { type: 'SET_ORDERS', defence: 'never' }, { kind: 'system' });
    expect(d.ok ? 'accepted' : d.error.code).toBe('NOT_A_SYSTEM_COMMAND');
  });
});

describe('Standing orders in interrupt windows (R35)', () => {
  const asked = (g: TestGame) => helterSkelter.awaiting(g.state).map((a) => a.seat);

  it('interrupt: armed — the seat is not asked, though it holds an INTERRUPT card: it passes in the command that opened the window (R11, R35)', () => {
    const g = table();
    orders(g, 1, { interrupt: 'armed' });
    const events = act(g);
    expect(only(events, 'InterruptWindowOpened').eligible).toEqual([1, 2]);
    expect(ofType(events, 'InterruptAnswered')).toEqual([{ type: 'InterruptAnswered', windowId: only(events, 'InterruptWindowOpened').windowId, seat: 1, card: null }]);
    expect(asked(g)).toEqual([2]);
    expect(g.refused(1, { type: 'PASS_INTERRUPT' })).toBe('ALREADY_ANSWERED');
    expect(g.legal(1)).toEqual([]);
  });

  it('interrupt: endOfTurnOnly — not asked after an action, asked after a declared end of turn', () => {
    const g = table();
    orders(g, 1, { interrupt: 'endOfTurnOnly' });
    act(g);
    expect(asked(g)).toEqual([2]);
    g.send(2, { type: 'PASS_INTERRUPT' });
    expect(only(g.send(0, { type: 'END_TURN' }), 'InterruptWindowOpened').eligible).toEqual([1, 2]);
    expect(asked(g)).toEqual([1, 2]);
  });

  it('interrupt: endOfTurnOnly — asked after an interrupting turn’s end of turn too', () => {
    const g = table();
    orders(g, 1, { interrupt: 'endOfTurnOnly' });
    act(g);
    g.send(2, { type: 'CLAIM_INTERRUPT', card: g.hand(2).find(isInterrupt)! });
    const ended = g.send(2, { type: 'END_TURN' });
    // Seat 1 is asked; so is the active seat 0 (R9), which holds no INTERRUPT card and passes.
    expect(only(ended, 'InterruptWindowOpened')).toMatchObject({ after: 'endOfTurn', eligible: [0, 1] });
  });

  it('a window with nobody left to ask opens and closes in the same command: the actor carries on (R35)', () => {
    const g = table();
    orders(g, 1, { interrupt: 'armed' });
    orders(g, 2, { interrupt: 'endOfTurnOnly' });
    const events = act(g);
    expect(types(events).slice(-5)).toEqual(['InterruptWindowOpened', 'InterruptAnswered', 'InterruptAnswered', 'InterruptWindowClosed', 'TurnBegan']);
    expect(only(events, 'InterruptWindowClosed')).toMatchObject({ winner: null, claimants: [], expired: false });
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 0, interrupting: false });
  });

  it('orders changed while a window is open do not change that window: the next one follows them (R35)', () => {
    const g = table();
    act(g);
    orders(g, 1, { interrupt: 'armed' });
    expect(asked(g)).toEqual([1, 2]);
    g.send(1, { type: 'PASS_INTERRUPT' });
    g.send(2, { type: 'PASS_INTERRUPT' });
    act(g);
    expect(asked(g)).toEqual([2]);
  });

  it('orders back to ask: the seat is asked again', () => {
    const g = table();
    orders(g, 1, { interrupt: 'armed' });
    orders(g, 1, { interrupt: 'ask' });
    act(g);
    expect(asked(g)).toEqual([1, 2]);
  });
});

// Johnny Alpha (seat 1) on a cover space, shot at by Dredd (seat 0).
const COVER_SPACE = findSpace(DAN_TANNA, (s, b) => b.isCover(s));
const SNIPE = first(linked('judges', 'SNIPE', 'dredd'));
const DEFLECT = first(wild('strontium-dogs', 'DEFLECT'));
const COVER = first(wild('strontium-dogs', 'COVER'));
const BLOCK = first(wild('strontium-dogs', 'MELEE'));
const PRECOG = first(linked('strontium-dogs', 'PSI', 'johnny-alpha'));
const NOTHING = first(padding('strontium-dogs', ['johnny-alpha'], ['DEFLECT', 'COVER', 'PSI', 'MELEE', 'INTERRUPT']));

function shotAt(defenderHand: string[]): TestGame {
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: 'judges', hand: [SNIPE] },
      { team: 'strontium-dogs', hand: defenderHand },
    ],
    characters: { dredd: { space: COVER_SPACE }, 'johnny-alpha': { space: COVER_SPACE } },
  });
}
const snipe = { type: 'SNIPE', character: 'dredd', card: SNIPE, defender: 'johnny-alpha' } as const;

describe('Standing orders in defences (R35, R38)', () => {
  it('defence: never — the defender takes the damage at once, though a card allows a defence', () => {
    const g = shotAt([BLOCK, DEFLECT, COVER]);
    orders(g, 1, { defence: 'never' });
    const events = g.send(0, snipe);
    expect(types(events)).toEqual([
      'CardsDiscarded',
      'ActionTaken',
      'AttackDeclared',
      'DefenderDecided',
      'DamageTaken',
      // The window after the SNIPE: seat 1 holds no INTERRUPT card and passes.
      'InterruptWindowOpened',
      'InterruptAnswered',
      'InterruptWindowClosed',
      'TurnBegan',
    ]);
    expect(only(events, 'DefenderDecided').choice).toEqual({ kind: 'damage' });
    expect(g.hand(1)).toEqual([BLOCK, DEFLECT, COVER]);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 0 });
  });

  it('defence: always — spends the cheapest card that suffices, not a PRECOG where a DEFLECT would do (R38)', () => {
    const g = shotAt([NOTHING, PRECOG, BLOCK, DEFLECT]);
    orders(g, 1, { defence: 'always' });
    const events = g.send(0, snipe);
    expect(only(events, 'DefenderDecided').choice).toEqual({ kind: 'defended', defence: 'DEFLECT', card: DEFLECT });
    expect(g.hand(1)).toEqual([NOTHING, PRECOG, BLOCK]);
    // And COVER, on a cover space, before DEFLECT.
    const covered = shotAt([PRECOG, DEFLECT, COVER]);
    orders(covered, 1, { defence: 'always' });
    expect(only(covered.send(0, snipe), 'DefenderDecided').choice).toEqual({ kind: 'defended', defence: 'COVER', card: COVER });
  });

  it('defence: always — with no card that allows a defence, the damage is taken', () => {
    const g = shotAt([NOTHING, BLOCK]);
    orders(g, 1, { defence: 'always' });
    const events = g.send(0, snipe);
    expect(only(events, 'DefenderDecided').choice).toEqual({ kind: 'damage' });
    expect(only(events, 'DamageTaken')).toMatchObject({ character: 'johnny-alpha', amount: 1 });
    expect(g.hand(1)).toEqual([NOTHING, BLOCK]);
  });

  it('orders changed while a defence is asked for do not decide it: the owner still answers (R35)', () => {
    const g = shotAt([DEFLECT]);
    g.send(0, snipe);
    expect(g.situation.kind).toBe('defence');
    orders(g, 1, { defence: 'never' });
    expect(g.situation.kind).toBe('defence');
    g.send(1, { type: 'DEFEND', character: 'johnny-alpha', defence: 'DEFLECT', card: DEFLECT });
    expect(g.situation.kind).toBe('turn');
  });

  // EXPLODE names several defenders, of several seats: each owner's orders decide its own.
  const EXPLODE = first(linked('strontium-dogs', 'EXPLODE', 'middenface'));
  const [HERE, NEXT] = adjacentPair(DAN_TANNA);
  const JUDGES_DEFLECT = first(wild('judges', 'DEFLECT'));
  const DANTE_DEFLECT = first(wild('nikolai-dante', 'DEFLECT'));
  function exploded(hands: { judges: string[]; dante: string[] }) {
    return TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'strontium-dogs', hand: [EXPLODE] },
        { team: 'judges', hand: hands.judges },
        { team: 'nikolai-dante', hand: hands.dante },
      ],
      characters: { middenface: { space: HERE }, dredd: { space: NEXT }, anderson: { space: NEXT }, viktor: { space: NEXT } },
    });
  }
  const explode = { type: 'EXPLODE', character: 'middenface', card: EXPLODE, space: NEXT } as const;

  it('a defence whose defenders are all decided by orders completes at once: no defence is left open (R35)', () => {
    const g = exploded({ judges: [JUDGES_DEFLECT], dante: [DANTE_DEFLECT] });
    orders(g, 1, { defence: 'never' });
    orders(g, 2, { defence: 'always' });
    const events = g.send(0, explode);
    const decided = Object.fromEntries(ofType(events, 'DefenderDecided').map((e) => [e.character, e.choice.kind]));
    expect(decided).toEqual({ dredd: 'damage', anderson: 'damage', viktor: 'defended' });
    expect(types(events).slice(-1)).toEqual(['TurnBegan']);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 0 });
  });

  it('orders decide their seat’s defenders; the window asks only the seats that are still to be asked', () => {
    const g = exploded({ judges: [JUDGES_DEFLECT], dante: [DANTE_DEFLECT] });
    orders(g, 2, { defence: 'never' });
    g.send(0, explode);
    expect(helterSkelter.awaiting(g.state).map((a) => [a.seat, a.situation])).toEqual([[1, 'defence']]);
    expect(g.situation.kind === 'defence' && g.situation.defenders.find((d) => d.character === 'viktor')!.choice).toEqual({ kind: 'damage' });
  });

  it('defence: always with two defenders and one card: the first defender named spends it, the other takes the damage (R38)', () => {
    const g = exploded({ judges: [JUDGES_DEFLECT], dante: [] });
    orders(g, 1, { defence: 'always' });
    const events = g.send(0, explode);
    const named = only(events, 'AttackDeclared').defenders.filter((d) => d !== 'viktor');
    const decided = ofType(events, 'DefenderDecided');
    expect(decided.find((e) => e.character === named[0])!.choice).toEqual({ kind: 'defended', defence: 'DEFLECT', card: JUDGES_DEFLECT });
    expect(decided.find((e) => e.character === named[1])!.choice).toEqual({ kind: 'damage' });
  });
});

describe('Standing orders against PSI (R37)', () => {
  const PSI = first(linked('judges', 'PSI', 'anderson'));
  const [SOURCE, TARGET] = findPair(DAN_TANNA, (x, y, b) => x !== y && b.hasLineOfSight(x, y));
  const WULF_CARDS = showing('strontium-dogs', 'wulf').filter((c) => !isInterrupt(c));
  const OTHER = first(padding('strontium-dogs', ['wulf']));
  const psiAt = (hand: string[]) =>
    TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: [PSI] },
        { team: 'strontium-dogs', hand },
      ],
      characters: { anderson: { space: SOURCE }, wulf: { space: TARGET } },
    });

  it.each(['always', 'never'] as const)('defence: %s — the first card in hand order with the defender’s symbol is discarded unasked', (order) => {
    const hand = [OTHER, WULF_CARDS[1]!, WULF_CARDS[0]!];
    const g = psiAt(hand);
    orders(g, 1, { defence: order });
    const events = g.send(0, { type: 'PSI', character: 'anderson', card: PSI, defender: 'wulf' });
    expect(only(events, 'DefenderDecided').choice).toEqual({ kind: 'discarded', card: WULF_CARDS[1] });
    expect(ofType(events, 'DamageTaken')).toEqual([]);
    expect(g.hand(1)).toEqual([OTHER, WULF_CARDS[0]]);
    expect(g.situation.kind).toBe('turn');
  });

  it('defence: ask — PSI still asks which card to discard', () => {
    const g = psiAt([OTHER, WULF_CARDS[0]!]);
    g.send(0, { type: 'PSI', character: 'anderson', card: PSI, defender: 'wulf' });
    expect(helterSkelter.awaiting(g.state)).toMatchObject([{ seat: 1, situation: 'defence' }]);
  });
});

describe('Orders are private (R39) and what others may infer (R40)', () => {
  it('OrdersSet is shown in full to its own seat, and as { type: "OrdersSet" } to everyone else (R39)', () => {
    const g = table();
    const [e] = orders(g, 1, { interrupt: 'armed', defence: 'always' });
    expect(helterSkelter.redact(e!, 1)).toEqual({ type: 'OrdersSet', seat: 1, orders: { interrupt: 'armed', defence: 'always' }, arms: [] });
    for (const reader of [0, 2, null]) expect(helterSkelter.redact(e!, reader)).toEqual({ type: 'OrdersSet' });
  });

  it('a view shows the viewer its own orders and no other seat’s; a spectator sees none (R39)', () => {
    const g = table();
    orders(g, 1, { interrupt: 'endOfTurnOnly' });
    for (const reader of [0, 1, 2, null]) {
      const v = helterSkelter.view(g.state, reader);
      for (const seat of v.seats) expect(seat.orders).toEqual(seat.seat === reader ? g.state.seats[seat.seat]!.orders : undefined);
    }
  });

  it('a window that closes at once shows the orders, not the cards: opponents see the same events whether the seats on armed hold INTERRUPT cards or not (R40)', () => {
    const withCard = table();
    const without = table({ noInterrupts: true });
    for (const g of [withCard, without]) {
      orders(g, 1, { interrupt: 'armed' });
      orders(g, 2, { interrupt: 'armed' });
    }
    const a = withCard.send(0, { type: 'END_TURN' });
    const b = without.send(0, { type: 'END_TURN' });
    expect(types(a)).toContain('InterruptWindowClosed');
    expect(a.map((e) => helterSkelter.redact(e, 0))).toEqual(b.map((e) => helterSkelter.redact(e, 0)));
    // The orders were set, and others saw that some seat set orders, but not which or what.
    expect(redactedFor(withCard, 0).filter((e) => e.type === 'OrdersSet')).toEqual([{ type: 'OrdersSet' }, { type: 'OrdersSet' }]);
  });

  it('a defence made at once, in the attacker’s own command, shows opponents that a standing order made it (R40)', () => {
    const g = shotAt([DEFLECT]);
    orders(g, 1, { defence: 'always' });
    const seen = g.send(0, snipe).map((e) => helterSkelter.redact(e, 0));
    expect(seen.map((e) => e.type)).toContain('AttackDeclared');
    expect(seen.find((e) => e.type === 'DefenderDecided')).toMatchObject({ choice: { kind: 'defended' } });
  });
});

describe('The defaults: nobody waits on a prompt (R11, R14, R34)', () => {
  it('under the defaults every window after an action and after an end of turn closes in the command that opened it, whatever the hands hold', () => {
    for (const noInterrupts of [false, true]) {
      const g = table({ orders: DEFAULT_ORDERS, noInterrupts });
      for (const events of [act(g), g.send(0, { type: 'END_TURN' })]) {
        const opened = only(events, 'InterruptWindowOpened');
        expect(opened.eligible.length).toBeGreaterThan(0);
        expect(only(events, 'InterruptWindowClosed')).toMatchObject({ windowId: opened.windowId, winner: null, expired: false });
      }
      expect(g.situation).toMatchObject({ kind: 'turn', actor: 1 });
    }
  });

  it('under the defaults a defender is decided in the attacker’s command, whatever the hand holds: the cheapest card, else the damage (R14, R38)', () => {
    for (const [hand, choice] of [
      [[NOTHING, PRECOG, DEFLECT], { kind: 'defended', defence: 'DEFLECT', card: DEFLECT }],
      [[NOTHING], { kind: 'damage' }],
    ] as const) {
      const g = TestGame.withOthersDead(
        {
          map: DAN_TANNA,
          seats: [
            { team: 'judges', hand: [SNIPE] },
            { team: 'strontium-dogs', hand: [...hand] },
          ],
          characters: { dredd: { space: COVER_SPACE }, 'johnny-alpha': { space: COVER_SPACE } },
        },
        { orders: DEFAULT_ORDERS },
      );
      const events = g.send(0, snipe);
      expect(only(events, 'DefenderDecided').choice).toEqual(choice);
      expect(g.situation).toMatchObject({ kind: 'turn', actor: 0 });
    }
  });
});
