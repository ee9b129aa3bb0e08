// The game both sides of `npm run bench:peer` could play in boardgame.io: four players in turn, one
// move each, a running tally in the state. The least a turn-based game can be, so that the peer's
// figures are its framework's and its store's, not a rules engine's (the service plays Helter
// Skelter, rules and views included).

import type { Game } from 'boardgame.io';

export interface Tally {
  total: number;
  moves: number;
}

export const TALLY: Game<Tally> = {
  name: 'tally',
  minPlayers: 2,
  maxPlayers: 4,
  setup: () => ({ total: 0, moves: 0 }),
  moves: {
    // On the server only: the mover's client waits for the server's answer, as the service's does.
    play: {
      move: ({ G }, n: number) => {
        G.total += n;
        G.moves += 1;
      },
      client: false,
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
};
