// What notifications read of a game's row and seats: the event store implements it
// (src/store/notification-records.ts). What they read of a game as a seat sees it is the service's
// GameReader (src/service/ports/notices.ts).

import type { GameWithSeats } from '../../service/ports/records.ts';

export interface SeatedGames {
  /** The game's row and its seats (with their holders' handles); null when there is no such game. */
  gameWithSeats(gameId: string): Promise<GameWithSeats | null>;
}
