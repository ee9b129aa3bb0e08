// "40 Map Cards: the cards that tell you where your characters and fragments start on the map",
// some carrying the multiplayer symbol (rulebook, Components). Which twelve carry it is a
// reconstruction (docs/content.md): spread evenly over 1–40 so that two-player set-up still
// draws from every part of the range.

import { deepFreeze } from './teams/define.ts';
import type { MapCard } from './types.ts';

/** Designations whose map card carries the multiplayer symbol (removed with two players and in solo play). */
export const MULTIPLAYER_DESIGNATIONS: readonly number[] = deepFreeze([2, 5, 9, 12, 15, 19, 22, 25, 29, 32, 35, 39]);

export const MAP_CARDS: readonly MapCard[] = deepFreeze(
  Array.from({ length: 40 }, (_, i) => ({
    designation: i + 1,
    multiplayer: MULTIPLAYER_DESIGNATIONS.includes(i + 1),
  })),
);
