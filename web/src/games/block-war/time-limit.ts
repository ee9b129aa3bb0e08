// The lobby's time limit (BW50: "It is helpful to set a time limit for play, say two hours") as the
// options schema takes it: whole minutes, 1 to 30 days. Pure, so the tests need no browser.

export const TIME_LIMIT_UNITS = [
  { id: 'minutes', minutes: 1 },
  { id: 'hours', minutes: 60 },
] as const;
export type TimeLimitUnit = (typeof TIME_LIMIT_UNITS)[number]['id'];

/** The options schema's longest limit (`timeLimitMinutes`' maximum): thirty days. */
export const TIME_LIMIT_MAX_MINUTES = 30 * 24 * 60;

/** The limit in whole minutes; undefined for none; null when the amount given is not one the schema takes. */
export function timeLimitMinutes(on: boolean, amount: string, unit: TimeLimitUnit): number | undefined | null {
  if (!on) return undefined;
  const value = amount.trim() === '' ? NaN : Number(amount);
  const minutes = value * (TIME_LIMIT_UNITS.find((u) => u.id === unit)?.minutes ?? 1);
  return Number.isInteger(minutes) && minutes >= 1 && minutes <= TIME_LIMIT_MAX_MINUTES ? minutes : null;
}
