// The platform's guard against a frozen game (src/platform/awaited-guard.ts; issue 27): "whenever
// the rules await a seat, that seat has at least one legal command other than giving up". Shown on
// the test-only odds-and-evens game, with its rules broken in the ways a real module could be, and
// on the random player every simulation and property test plays with. The service's side (a
// decision refused over HTTP, nothing appended; the sweeper giving up) is test/play/stranded-seat.test.ts.

import { describe, expect, it } from 'vitest';
import { expiryStalled, stranding, STRANDED_SEAT, checkNoStranding } from '../../src/platform/awaited-guard.ts';
import type { GameModule } from '../../src/platform/game-module.ts';
import { playRandomGame } from '../../src/platform/random-player.ts';
import { seedRng } from '../../src/platform/random.ts';
import { oddsAndEvens, type Command, type State } from '../support/games/odds-and-evens/index.ts';

const setup = { sides: ['odd', 'even'] as ('odd' | 'even')[] };
const start = oddsAndEvens.initialState(setup);
/** Both have picked: seat 0 is asked whether to raise. */
const responding: State = { ...start, phase: 'respond', windowId: 'w2', picks: [2, 3] };

/** Odds and evens whose `respond` situation lists nothing but a resignation (a module's bug). */
const onlyResign = {
  ...oddsAndEvens,
  givingUp: ['RESIGN'],
  legalCommands: (s: State, seat: number) => (s.phase === 'respond' ? (seat === 0 ? [{ type: 'RESIGN' }] : []) : oddsAndEvens.legalCommands(s, seat)),
} as unknown as GameModule<typeof setup, State, Command, unknown, unknown>;

describe('the guard: every awaited seat has something to do but give up', () => {
  it('passes a state where every awaited seat has a legal command, and a game that is over', () => {
    expect(stranding(oddsAndEvens, start)).toBeNull();
    expect(stranding(oddsAndEvens, responding)).toBeNull();
    expect(stranding(oddsAndEvens, { ...responding, phase: 'over', winner: 1 })).toBeNull();
  });

  it('catches a state awaiting a seat with no legal command', () => {
    const broken = { ...oddsAndEvens, legalCommands: (s: State, seat: number) => (s.phase === 'respond' ? [] : oddsAndEvens.legalCommands(s, seat)) };
    expect(stranding(broken, responding)).toEqual({ seat: 0, situation: 'respond', windowId: 'w2' });
    const error = checkNoStranding(broken, responding);
    expect(error?.code).toBe(STRANDED_SEAT);
    expect(error?.message).toMatch(/seat 0 \(respond, window w2\)/);
    // The pick, where the same module lists commands, is fine.
    expect(stranding(broken, start)).toBeNull();
  });

  it('does not count a command that gives the game up (the module’s `givingUp`)', () => {
    expect(stranding(onlyResign, responding)).toEqual({ seat: 0, situation: 'respond', windowId: 'w2' });
    const resignOrRaise = { ...onlyResign, legalCommands: (s: State, seat: number) => [...onlyResign.legalCommands(s, seat), ...oddsAndEvens.legalCommands(s, seat)] };
    expect(stranding(resignOrRaise, responding)).toBeNull();
  });

  it('catches a game not over that awaits nobody', () => {
    const nobody = { ...oddsAndEvens, awaiting: (s: State) => (s.phase === 'respond' ? [] : oddsAndEvens.awaiting(s)) };
    expect(stranding(nobody, responding)).toEqual({ seat: null });
    expect(checkNoStranding(nobody, responding)?.message).toMatch(/await nobody while the game is not over/);
  });

  it('the random player (simulations, property tests) counts a state that breaks it as a rule error', () => {
    const broken = { ...oddsAndEvens, legalCommands: (s: State, seat: number) => (s.phase === 'respond' ? [] : oddsAndEvens.legalCommands(s, seat)) };
    expect(() => playRandomGame(broken, setup, seedRng('guard'), {}, (windowId) => ({ type: 'EXPIRE_WINDOW' as const, windowId }))).toThrow(STRANDED_SEAT);
    expect(playRandomGame(oddsAndEvens, setup, seedRng('guard'), {}, (windowId) => ({ type: 'EXPIRE_WINDOW' as const, windowId })).finished).toBe(true);
  });
});

describe('a deadline that passes must change the game', () => {
  it('an expiry that appends nothing, or leaves the same window awaited on the same state, is a stall', () => {
    const expire = (s: State) => oddsAndEvens.decide(s, { type: 'EXPIRE_WINDOW', windowId: s.windowId }, { kind: 'system' });
    const d = expire(responding);
    expect(d.ok && expiryStalled(oddsAndEvens, responding, 'w2', d.events, oddsAndEvens.replay(responding, d.ok ? d.events : []))).toBe(false);
    expect(expiryStalled(oddsAndEvens, responding, 'w2', [], responding)).toBe(true);
    expect(expiryStalled(oddsAndEvens, responding, 'w2', [{ type: 'Nothing' }], structuredClone(responding))).toBe(true);
  });

  it('the random player reports every stall of a module whose expiries do nothing', () => {
    const idle = { ...oddsAndEvens, decide: (s: State, c: Command, sender: Parameters<typeof oddsAndEvens.decide>[2]) => (c.type === 'EXPIRE_WINDOW' ? { ok: true as const, events: [] } : oddsAndEvens.decide(s, c, sender)) };
    const played = playRandomGame(idle, setup, seedRng('stall'), { expiryRate: 1, maxCommands: 10 }, (windowId) => ({ type: 'EXPIRE_WINDOW' as const, windowId }));
    expect(played.stalls.length).toBeGreaterThan(0);
    expect(played.stalls.length).toBe(played.history.filter((h) => h.sender.kind === 'system').length);
  });
});
