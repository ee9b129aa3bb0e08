// What the game page asks of each game: the shared shell (header, status and countdown, log,
// chat, the seat's standing orders, following over SSE) lives in pages/game.tsx; the board, the hand or pools and
// the choosing of a command live behind this interface, one per game under web/src/games/<game>/.

import type { ComponentType } from 'preact';
import type { AnyCommand, AnyGame, FeedEvent } from '../api/client.ts';
import type { OrderField } from '../order-fields.ts';

export type Awaited = AnyGame['awaiting'][number];

/** The words the shell needs: a seat's name, and an event as a sentence (null: bookkeeping). */
export interface ShellNames {
  seat(seat: number): string;
  event(data: FeedEvent['data']): string | null;
}

export interface TableProps<G extends AnyGame, D> {
  game: G;
  data: D;
  /** The seat's awaited situation, when the game waits for this player. */
  mine: Awaited | undefined;
  sending: boolean;
  /** Posts a command; the shell shows a refusal and fetches the game as it now stands. */
  send(command: AnyCommand): Promise<void>;
  clearRefusal(): void;
}

export interface GameUi<G extends AnyGame, D> {
  /** The game's fixed data (content, maps), fetched once. */
  load(game: G): Promise<D>;
  title(game: G): string;
  names(game: G, data: D): ShellNames;
  Table: ComponentType<TableProps<G, D>>;
  /** The game's standing orders in words (none: the game has none); the shell offers them to the seat. */
  orders: readonly OrderField[];
  /** The boards alone, nothing to choose: the replay's picture of the game after an event. */
  Picture: ComponentType<{ game: G; data: D }>;
}
