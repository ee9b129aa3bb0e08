// A game's clocks (docs/architecture.md §4; docs/api.md, "Clocks and deadlines"): how long a seat has
// in each situation its game declares (GameModule.situations). Chosen at creation from a platform
// preset (each situation's duration under it is the game's) or as explicit seconds, and stored
// with the game's options.

import { CLOCK_PRESET_NAMES, type ClockPresetName, type SituationSpec } from '../platform/game-module.ts';

/** Durations in milliseconds, per situation (e.g. `{ turn, defence, interrupt, setup }`). */
export type Clocks = Record<string, number>;

/** A game's situations, as its module declares them. */
export type Situations = Readonly<Record<string, Pick<SituationSpec, 'durations'>>>;

const SECOND = 1000;

export const CLOCK_PRESETS: readonly ClockPresetName[] = CLOCK_PRESET_NAMES;
export type ClockPreset = ClockPresetName;

/** A game created without a `clock` gets this one: a play-by-web game should never stall for ever. */
export const DEFAULT_CLOCK: ClockPreset = 'daily';

/** Shortest explicit duration (tests and bots play with real clocks of a few hundred milliseconds). */
export const MIN_SECONDS = 0.05;
/** Longest explicit duration: 30 days. */
export const MAX_SECONDS = 30 * 24 * 3600;

/** The `clock` option as a client may send it. */
export type ClockOption = ClockPreset | Record<string, number>;

export class ClockError extends Error {
  readonly code = 'INVALID_CLOCK';
}

/** Each situation's duration under a preset. */
export function presetClocks(preset: ClockPreset, situations: Situations): Clocks {
  return Object.fromEntries(Object.entries(situations).map(([name, spec]) => [name, spec.durations[preset]]));
}

const isPreset = (name: string): name is ClockPreset => (CLOCK_PRESETS as readonly string[]).includes(name);

/**
 * The clocks for a `clock` option: a preset name, or seconds per situation of the game (a missing
 * situation takes the default preset's duration).
 */
export function clocksFor(option: unknown, situations: Situations): Clocks {
  if (option === undefined || option === null) return presetClocks(DEFAULT_CLOCK, situations);
  if (typeof option === 'string') {
    if (isPreset(option)) return presetClocks(option, situations);
    throw new ClockError(`Unknown clock "${option.slice(0, 40)}": use ${CLOCK_PRESETS.join(', ')}, or seconds per situation.`);
  }
  if (typeof option !== 'object' || Array.isArray(option)) throw new ClockError('`clock` is a preset name or an object of seconds.');
  const clocks = presetClocks(DEFAULT_CLOCK, situations);
  for (const [key, value] of Object.entries(option)) {
    if (!Object.hasOwn(situations, key)) throw new ClockError(`Unknown clock "${key.slice(0, 40)}": use ${Object.keys(situations).join(', ')}.`);
    if (typeof value !== 'number' || !Number.isFinite(value) || value < MIN_SECONDS || value > MAX_SECONDS)
      throw new ClockError(`clock.${key} must be between ${MIN_SECONDS} and ${MAX_SECONDS} seconds.`);
    clocks[key] = Math.round(value * SECOND);
  }
  return clocks;
}

/**
 * The duration for a situation. A situation the stored clocks lack (a game's module declared it
 * after the game was created) gets the longest of them, so a game never gets a shorter clock than
 * it chose.
 */
export const durationOf = (clocks: Clocks, situation: string): number =>
  Object.hasOwn(clocks, situation) ? clocks[situation]! : Math.max(0, ...Object.values(clocks));
