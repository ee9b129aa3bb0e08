// "Frenzied!" (Block War): "When your fighting spirit is 20 or more points beyond the control
// marker, your block becomes 'Frenzied!'."

import type { GameState, Seat } from './types.ts';

export const FRENZY_MARGIN = 20;

export const isFrenzied = (s: GameState, seat: Seat) => s.seats[seat]!.spirit - s.control >= FRENZY_MARGIN;

/** "units gain +1 movement point and +1 to combat results if the block becomes frenzied at any point". */
export const FRENZY_MOVEMENT = 1;
