// Durations in milliseconds, as games write how long each of their situations lasts under the
// platform's clock presets (`SituationSpec.durations`).

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
