// The optional time limit (BW50): "Once that time has been reached and the round finished, each
// player in turn order starting is allowed one turn before points are calculated and a winner
// decided." — "If there was a time limit to the game, then once everyone has been afforded one last
// round, the points are totalled and a winner declared." The module reads no clock: decide is told
// each command's acceptance time, and replay and verification give it back.

import { describe, expect, it } from 'vitest';
import { RuleError, type Sender } from '../../../src/platform/game-module.ts';
import { instantIso, instantMs } from '../../../src/platform/instant.ts';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { controlWinners } from '../../../src/games/block-war/turn.ts';
import type { Command, Event, GameSetup, GameState } from '../../../src/games/block-war/types.ts';
import { checkLog, type LogCommand } from '../../../src/service/verify.ts';
import { KEY } from '../../support/module-game.ts';
import { NAMES } from './support.ts';

const T0 = Date.parse('2026-11-25T20:00:00.000Z');

function setupOf(options: Record<string, unknown>): GameSetup {
  const setup = blockWar.createSetup({ seats: NAMES.slice(0, 2).map((block) => ({ block })), ...options }, { key: KEY });
  if (setup instanceof RuleError) throw setup;
  return setup;
}

/** Plays each awaited seat's first legal command, one second apart, from T0; stops when the game ends. */
function play(setup: GameSetup, limit = 3000) {
  let state: GameState = blockWar.initialState(setup);
  const commands: LogCommand[] = [];
  const events: Event[] = [];
  for (let i = 0; i < limit && !blockWar.isOver(state); i++) {
    const seat = blockWar.awaiting(state)[0]!.seat;
    const command = blockWar.legalCommands(state, seat)[0]!;
    const sender: Sender = { kind: 'seat', seat };
    const at = new Date(T0 + i * 1000).toISOString();
    const d = blockWar.decide(state, command, sender, { at });
    if (!d.ok) throw new Error(d.error.code);
    commands.push({ seq: i + 1, sender, command, at });
    events.push(...d.events);
    state = blockWar.replay(state, d.events);
  }
  return { state, commands, events };
}

describe('instants without Date (src/platform/instant.ts)', () => {
  it('reads and writes ISO 8601 UTC as Date does', () => {
    for (const ms of [0, 951_782_400_000, T0, T0 + 123, 4_102_444_799_999, 1_709_164_800_000, -86_400_001]) {
      const iso = new Date(ms).toISOString();
      expect(instantMs(iso)).toBe(ms);
      expect(instantIso(ms)).toBe(iso);
    }
    expect(instantMs('2026-11-25T20:00:00Z')).toBe(T0);
    expect(instantMs('yesterday')).toBeNull();
  });
});

describe('the time limit', () => {
  it('is an option: a whole number of minutes', () => {
    expect(setupOf({ timeLimitMinutes: 120 }).timeLimitMinutes).toBe(120);
    expect(blockWar.initialState(setupOf({ timeLimitMinutes: 120 })).timeLimit).toEqual({ minutes: 120, endsAt: null, lastRound: false });
    expect(blockWar.initialState(setupOf({})).timeLimit).toBeUndefined();
    for (const bad of [0, 1.5, '60', 10 ** 9]) {
      const r = blockWar.createSetup({ seats: [{ block: 'A' }, { block: 'B' }], timeLimitMinutes: bad }, { key: KEY });
      expect((r as RuleError).code).toBe('INVALID_TIME_LIMIT');
    }
  });

  it('BW50: starts with the first command; once reached and the round finished, one last round, then the points are totalled as at control 100', () => {
    const { state, events } = play(setupOf({ timeLimitMinutes: 2 }));
    expect(events[0]).toEqual({ type: 'TimeLimitStarted', endsAt: new Date(T0 + 120_000).toISOString() });
    const last = events.findIndex((e) => e.type === 'LastRoundBegan');
    expect(last).toBeGreaterThan(0);
    // The round had finished: the turn goes back to the first player, and each block has one turn.
    const after = events.slice(last);
    const passed = after.filter((e): e is Extract<Event, { type: 'TurnPassed' }> => e.type === 'TurnPassed');
    expect(passed.map((e) => e.to)).toEqual(state.order);
    const end = after.at(-1)!;
    expect(end).toEqual({ type: 'GameEnded', winners: controlWinners(state), reason: 'time-limit' });
    expect(state.situation.kind).toBe('over');
    expect(state.control).toBeLessThan(100);
  });

  it('replays byte for byte, and the log verifies only with each command\'s acceptance time', () => {
    const setup = setupOf({ timeLimitMinutes: 2 });
    const { state, commands, events } = play(setup);
    expect(JSON.stringify(blockWar.replay(blockWar.initialState(setup), events))).toBe(JSON.stringify(state));
    const stored = events.map((e) => JSON.parse(JSON.stringify(e)) as unknown);
    expect(checkLog(blockWar, setup, commands, stored).mismatch).toBeNull();
    const untimed = commands.map(({ at: _at, ...c }) => c);
    expect(checkLog(blockWar, setup, untimed, stored).mismatch).not.toBeNull();
  });

  it('without a limit, the acceptance time changes nothing', () => {
    const setup = setupOf({});
    const timed = play(setup, 400);
    let state = blockWar.initialState(setup);
    for (const c of timed.commands) {
      const d = blockWar.decide(state, c.command as Command, c.sender);
      if (!d.ok) throw new Error(d.error.code);
      state = blockWar.replay(state, d.events);
    }
    expect(JSON.stringify(state)).toBe(JSON.stringify(timed.state));
  });
});
