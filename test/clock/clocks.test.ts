// A game's clocks from what its module declares (GameModule.situations): presets give each of the
// game's situations the game's own duration, explicit seconds may name only its situations, and
// the clocks stored with older games still read as they did.

import { describe, expect, it } from 'vitest';
import { ClockError, clocksFor, durationOf, presetClocks } from '../../src/clock/clocks.ts';
import { helterSkelter } from '../../src/games/helter-skelter/index.ts';

const situations = {
  pick: { durations: { live: 30_000, daily: 3_600_000, weekly: 86_400_000 } },
  respond: { durations: { live: 10_000, daily: 600_000, weekly: 7_200_000 } },
};

describe('clocks', () => {
  it('a preset gives each of the game’s situations its duration under it; no clock is `daily`', () => {
    expect(clocksFor('live', situations)).toEqual({ pick: 30_000, respond: 10_000 });
    expect(clocksFor(undefined, situations)).toEqual({ pick: 3_600_000, respond: 600_000 });
    expect(presetClocks('weekly', situations)).toEqual({ pick: 86_400_000, respond: 7_200_000 });
  });

  it('Helter Skelter keeps the durations its games were created with', () => {
    // `target` (solo: the player's choice among a Dark Judge's equal targets) came later, with the defence's durations.
    expect(clocksFor('live', helterSkelter.situations)).toEqual({ turn: 300_000, defence: 60_000, interrupt: 20_000, setup: 180_000, target: 60_000 });
    expect(clocksFor('daily', helterSkelter.situations)).toEqual({ turn: 86_400_000, defence: 43_200_000, interrupt: 7_200_000, setup: 86_400_000, target: 43_200_000 });
    expect(clocksFor('weekly', helterSkelter.situations)).toEqual({ turn: 604_800_000, defence: 259_200_000, interrupt: 43_200_000, setup: 604_800_000, target: 259_200_000 });
  });

  it('seconds per situation: the others from `daily`', () => {
    expect(clocksFor({ respond: 0.05 }, situations)).toEqual({ pick: 3_600_000, respond: 50 });
  });

  it('refuses, as INVALID_CLOCK, an unknown preset, a situation the game does not have, a duration out of range', () => {
    for (const bad of ['hourly', { turn: 10 }, { pick: 0.01 }, { pick: 'soon' }, [1], 7]) {
      const error = (() => {
        try {
          clocksFor(bad, situations);
        } catch (e) {
          return e;
        }
      })();
      expect(error, JSON.stringify(bad)).toBeInstanceOf(ClockError);
      expect((error as ClockError).code).toBe('INVALID_CLOCK');
    }
    expect(() => clocksFor({ turn: 10 }, situations)).toThrow('Unknown clock "turn": use pick, respond.');
  });

  it('reads the clocks stored with a game: a record of milliseconds per situation', () => {
    const stored = { turn: 1000, defence: 2000, interrupt: 3000, setup: 4000 };
    expect(durationOf(stored, 'defence')).toBe(2000);
    expect(durationOf(stored, 'a-later-situation')).toBe(4000);
  });
});
