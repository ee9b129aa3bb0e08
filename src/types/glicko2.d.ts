// The npm `glicko2` package ships no types: the part of its API this service calls.
declare module 'glicko2' {
  export interface Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings?: { tau?: number; rating?: number; rd?: number; vol?: number });
    makePlayer(rating?: number, rd?: number, vol?: number): Player;
    /** Each match: [player, opponent, score of the first: 1 win, 0.5 draw, 0 loss]. */
    updateRatings(matches: [Player, Player, number][]): void;
  }
}
