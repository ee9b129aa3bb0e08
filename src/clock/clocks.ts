// A game's clocks (docs/architecture.md §4; README, "Clocks and deadlines"): how long a seat has
// for each kind of situation. Chosen at creation from a preset or as explicit seconds, and stored
// with the game's options.

/** Durations in milliseconds, per situation kind. */
export interface Clocks {
  turn: number;
  defence: number;
  interrupt: number;
  setup: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const CLOCK_PRESETS = {
  live: { turn: 5 * MINUTE, defence: 60 * SECOND, interrupt: 20 * SECOND, setup: 3 * MINUTE },
  daily: { turn: 24 * HOUR, defence: 12 * HOUR, interrupt: 2 * HOUR, setup: 24 * HOUR },
  weekly: { turn: 7 * 24 * HOUR, defence: 3 * 24 * HOUR, interrupt: 12 * HOUR, setup: 7 * 24 * HOUR },
} as const satisfies Record<string, Clocks>;

export type ClockPreset = keyof typeof CLOCK_PRESETS;

/** A game created without a `clock` gets this one: a play-by-web game should never stall for ever. */
export const DEFAULT_CLOCK: ClockPreset = 'daily';

/** Shortest explicit duration (tests and bots play with real clocks of a few hundred milliseconds). */
export const MIN_SECONDS = 0.05;
/** Longest explicit duration: 30 days. */
export const MAX_SECONDS = 30 * 24 * 3600;

export const SITUATIONS = ['turn', 'defence', 'interrupt', 'setup'] as const;

/** The `clock` option as a client may send it. */
export type ClockOption = ClockPreset | Partial<Record<keyof Clocks, number>>;

export class ClockError extends Error {
  readonly code = 'INVALID_CLOCK';
}

/**
 * The clocks for a `clock` option: a preset name, or seconds per situation (a missing situation
 * takes the default preset's duration).
 */
export function clocksFor(option: unknown): Clocks {
  if (option === undefined || option === null) return { ...CLOCK_PRESETS[DEFAULT_CLOCK] };
  if (typeof option === 'string') {
    if (option in CLOCK_PRESETS) return { ...CLOCK_PRESETS[option as ClockPreset] };
    throw new ClockError(`Unknown clock "${option.slice(0, 40)}": use ${Object.keys(CLOCK_PRESETS).join(', ')}, or seconds per situation.`);
  }
  if (typeof option !== 'object' || Array.isArray(option)) throw new ClockError('`clock` is a preset name or an object of seconds.');
  const clocks: Clocks = { ...CLOCK_PRESETS[DEFAULT_CLOCK] };
  for (const [key, value] of Object.entries(option)) {
    if (!(SITUATIONS as readonly string[]).includes(key)) throw new ClockError(`Unknown clock "${key.slice(0, 40)}": use ${SITUATIONS.join(', ')}.`);
    if (typeof value !== 'number' || !Number.isFinite(value) || value < MIN_SECONDS || value > MAX_SECONDS)
      throw new ClockError(`clock.${key} must be between ${MIN_SECONDS} and ${MAX_SECONDS} seconds.`);
    clocks[key as keyof Clocks] = Math.round(value * SECOND);
  }
  return clocks;
}

/** The duration for a situation kind; an unknown kind (a future game's) gets the turn clock. */
export const durationOf = (clocks: Clocks, situation: string): number =>
  (situation in clocks ? clocks[situation as keyof Clocks] : clocks.turn);
