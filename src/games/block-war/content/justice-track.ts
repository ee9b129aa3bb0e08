// The justice track, 1–100 — its length is the text's ("If the control marker reaches 100 …"),
// the Judge Dredd space is ruled from the text (BW1), the judge badges are RECONSTRUCTED.

export const TRACK_LENGTH = 100;

/** "If Judge Dredd should already be in play because the justice track has reached 89" (BW1). */
export const JUDGE_DREDD_SPACE = 89;

/** Judge badges printed on a space: each draws one judge unit when control lands there. */
export const JUDGE_BADGES: Readonly<Record<number, number>> = {
  10: 1,
  20: 1,
  30: 1,
  40: 1,
  50: 2,
  60: 1,
  70: 1,
  80: 1,
  95: 1,
};

/** "The control marker is placed on the '1' space of the justice track." */
export const CONTROL_START = 1;

/** "For two player games they start on 10, for three players 15 and for four players 20." */
export const BLOCK_COUNTER_START: Readonly<Record<number, number>> = { 2: 10, 3: 15, 4: 20 };

export const badgesOn = (space: number): number => JUDGE_BADGES[space] ?? 0;
