// What the shared pages ask of each game: the shell (header, status and countdown, log, chat, the
// seat's standing orders, following over SSE) lives in pages/game.tsx, the lobby's list and its
// "create a game" in pages/lobby.tsx, "my games" in pages/my-games.tsx; everything a game draws or
// words lives behind this interface, one per game under web/src/games/<game>/, registered once in
// web/src/games/registry.ts. Shared pages never name a game (.dependency-cruiser-web.mjs).

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

/** What the lobby hands a game's create form: where to say a refusal, and where to go once created. */
export interface CreateProps {
  onError(message: string | null): void;
  onCreated(id: string): void;
}

export interface GameUi<G extends AnyGame, D> {
  /** The game's name, where the pages list games (the lobby's choice, the settings' groups). */
  name: string;
  /** One game's title, e.g. its sides: "The Judges v Sláine". */
  title(game: G): string;
  /** A free seat's name before anyone sits, from the game's options: the lobby's "Join as …". */
  seatName(game: G, seat: number): string;
  /** A seat's mark drawn before its name (none: the game has none). */
  SeatMark?: ComponentType<{ game: G; seat: number }>;
  /** The seats that won a finished game (none: a draw, or no winner). */
  winners(game: G): number[];
  /** The lobby's form that creates a game of this kind (the creator's seat taken in the same step). */
  Create: ComponentType<CreateProps>;
  /** The game's fixed data (content, maps), fetched once. */
  load(game: G): Promise<D>;
  names(game: G, data: D): ShellNames;
  Table: ComponentType<TableProps<G, D>>;
  /** The game's standing orders in words (none: the game has none); the shell offers them to the seat. */
  orders: readonly OrderField[];
  /** The boards alone, nothing to choose: the replay's picture of the game after an event. */
  Picture: ComponentType<{ game: G; data: D }>;
}
