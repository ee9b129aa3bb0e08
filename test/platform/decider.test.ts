// The platform's decider (src/platform/decider.ts), on a game of its own: what every game's decide
// shares — the system's expiry of the open window only, the checks on a seat's command, standing
// orders at any moment, a RuleError as the refusal — and that the draft opens windows in turn.

import { describe, expect, it } from 'vitest';
import { decider } from '../../src/platform/decider.ts';
import { check, type EventDraft, type SituationOpened } from '../../src/platform/draft.ts';
import { folding } from '../../src/platform/fold.ts';
import { RuleError, type Sender } from '../../src/platform/game-module.ts';

type Situation = { kind: 'turn'; windowId: string; seat: number } | { kind: 'over' };
interface State {
  windows: number;
  situation: Situation;
  said: string[];
  orders: string;
}
type Command = { type: 'SAY'; text: string; windowId?: string } | { type: 'END' } | { type: 'SET_ORDERS'; orders: string } | { type: 'EXPIRE_WINDOW'; windowId: string };
type Event = SituationOpened<Situation> | { type: 'Said'; text: string } | { type: 'OrdersSet'; orders: string } | { type: 'Ended' };

const fold = {
  copy: (s: State): State => structuredClone(s),
  apply(s: State, e: Event): void {
    if (e.type === 'SituationOpened') {
      s.windows++;
      s.situation = e.situation;
    } else if (e.type === 'Said') s.said.push(e.text);
    else if (e.type === 'OrdersSet') s.orders = e.orders;
    else s.situation = { kind: 'over' };
  },
};

const next = (d: EventDraft<State, Event>, seat: number) => d.open({ kind: 'turn', seat });

const decide = decider<State, Command, Event>({
  fold,
  parse: (input) => ((input as { type?: unknown })?.type ? (input as Command) : new RuleError('INVALID_COMMAND', 'A command has a type.')),
  seats: () => 2,
  expire: (d) => next(d, d.state.situation.kind === 'turn' ? 1 - d.state.situation.seat : 0),
  orders: { command: 'SET_ORDERS', set: (d, _seat, c) => d.emit({ type: 'OrdersSet', orders: c.orders }) },
  play(d, seat, c) {
    const sit = d.state.situation;
    check(sit.kind === 'turn' && sit.seat === seat, 'NOT_YOUR_TURN', 'Not your turn.');
    if (c.type === 'END') return d.emit({ type: 'Ended' });
    if (c.type === 'SAY') {
      if (c.text === 'boom') throw new TypeError('a bug, not a refusal');
      d.emit({ type: 'Said', text: c.text });
      next(d, 1 - seat);
    }
  },
});

const START: State = { windows: 1, situation: { kind: 'turn', windowId: 'w1', seat: 0 }, said: [], orders: 'ask' };
const seat = (n: unknown) => ({ kind: 'seat', seat: n }) as Sender;
const code = (d: ReturnType<typeof decide>) => (d.ok ? 'accepted' : d.error.code);
const { replay } = folding(fold);

describe('the platform’s decider', () => {
  it('plays a seat’s command on a copy: the events, with the next window opened under a fresh id', () => {
    const before = JSON.stringify(START);
    const d = decide(START, { type: 'SAY', text: 'hi', windowId: 'w1' }, seat(0));
    expect(d).toEqual({ ok: true, events: [{ type: 'Said', text: 'hi' }, { type: 'SituationOpened', situation: { kind: 'turn', seat: 1, windowId: 'w2' } }] });
    expect(JSON.stringify(START)).toBe(before);
  });

  it('refuses what every game refuses before its rules see the command, and a rule’s RuleError', () => {
    expect(code(decide(START, null as never, seat(0)))).toBe('INVALID_COMMAND');
    for (const s of [7, -1, 0.5, '0', undefined]) expect(code(decide(START, { type: 'END' }, seat(s)))).toBe('NOT_A_SEAT');
    expect(code(decide(START, { type: 'END' }, null as never))).toBe('NOT_A_SEAT');
    expect(code(decide(START, { type: 'EXPIRE_WINDOW', windowId: 'w1' }, seat(0)))).toBe('SYSTEM_ONLY');
    expect(code(decide(START, { type: 'SAY', text: 'late', windowId: 'w0' }, seat(0)))).toBe('WINDOW_CLOSED');
    expect(code(decide(START, { type: 'END' }, seat(1)))).toBe('NOT_YOUR_TURN');
    expect(code(decide(START, { type: 'END' }, { kind: 'system' }))).toBe('NOT_A_SYSTEM_COMMAND');
    const over = replay(START, [{ type: 'Ended' }]);
    expect(code(decide(over, { type: 'END' }, seat(0)))).toBe('GAME_OVER');
    expect(code(decide(over, { type: 'SET_ORDERS', orders: 'never' }, seat(1)))).toBe('GAME_OVER');
  });

  it('lets a thrown error that is not a refusal through: a bug is not an answer', () => {
    expect(() => decide(START, { type: 'SAY', text: 'boom' }, seat(0))).toThrow(TypeError);
  });

  it('expires the open window only: an expiry of a closed one, or once the game is over, changes nothing', () => {
    expect(decide(START, { type: 'EXPIRE_WINDOW', windowId: 'w1' }, { kind: 'system' })).toEqual({ ok: true, events: [{ type: 'SituationOpened', situation: { kind: 'turn', seat: 1, windowId: 'w2' } }] });
    expect(decide(START, { type: 'EXPIRE_WINDOW', windowId: 'w0' }, { kind: 'system' })).toEqual({ ok: true, events: [] });
    expect(decide(replay(START, [{ type: 'Ended' }]), { type: 'EXPIRE_WINDOW', windowId: 'w1' }, { kind: 'system' })).toEqual({ ok: true, events: [] });
  });

  it('takes standing orders from any seat whoever is awaited, whatever window is open', () => {
    expect(decide(START, { type: 'SET_ORDERS', orders: 'never' }, seat(1))).toEqual({ ok: true, events: [{ type: 'OrdersSet', orders: 'never' }] });
  });
});
