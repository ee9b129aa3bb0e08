// What the shared pages ask of each game: the shell (header, status and countdown, log, chat, the
// seat's standing orders, following over SSE) lives in pages/game.tsx, the lobby's list and its
// "create a game" in pages/lobby.tsx, "my games" in pages/my-games.tsx; everything a game draws or
// words lives behind this interface, one per game under web/src/games/<game>/, registered once in
// web/src/games/registry.ts. Shared pages never name a game (.dependency-cruiser-web.mjs).

import type { ComponentType } from 'preact';
import type { AnyCommand, AnyGame, FeedEvent } from '../api/client.ts';
import type { TutorialEntry } from '../game/lesson.ts';
import type { OrderField } from '../order-fields.ts';

export type Awaited = AnyGame['awaiting'][number];

/** The words the shell needs: a seat's name, and an event as a sentence (null: bookkeeping). */
export interface ShellNames {
  seat(seat: number): string;
  event(data: FeedEvent['data']): string | null;
  /** A command as the button that sends it says it (the glossary test reads every one; none: the game has no words for its commands). */
  command?(command: AnyCommand): string;
}

/** One part of a game's rules, told in our own words (the rulebook is the authority, not ours to copy). */
export interface RuleSection {
  /** Stable: the game's `rulesSection` names it, and the address `/rules/<game>?section=<id>` does. */
  id: string;
  title: string;
  paragraphs: readonly string[];
}

/** One symbol a board draws: its picture (drawn as the board draws it), its name and what it means. */
export interface LegendEntry {
  /** The `data-symbol` the board puts on what it draws (the glossary test matches them). */
  symbol: string;
  name: string;
  text: string;
  Picture?: ComponentType;
}

/** One word or phrase the log and the buttons print, explained. */
export interface GlossaryEntry {
  term: string;
  text: string;
}

/**
 * What a game teaches inside the client: its rules reference, the key to its boards and the words
 * it prints. Shown by the shared reference (web/src/game/reference.tsx) on the game page and at
 * /rules/<game>; docs/rules-reference.md says how a game supplies one.
 */
export interface GameReference {
  rules: readonly RuleSection[];
  legend: readonly LegendEntry[];
  glossary: readonly GlossaryEntry[];
  /** The game's terms as its words module prints them (its `TERMS`): each needs a glossary entry. */
  terms: readonly string[];
  /** Entries from the game's content, fetched once: its cards, units, skills or weapons by name and effect. */
  contentGlossary?(): Promise<readonly GlossaryEntry[]>;
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
  /** The rules reference, legend and glossary (none: the page offers no rules for the game). */
  reference?: GameReference;
  /** The table offers its own way to give the game up (a surrender among its choices): the shell's "Resign…" is then left out. */
  ownGivingUp?: true;
  /** The reference's section that fits what the game asks now (the defence rules in a defence), or null. */
  rulesSection?(game: G): string | null;
  /** First-game tutorials, each a guided turn on this table (web/src/game/tutorial.tsx; none: the game has none). */
  tutorials?: readonly TutorialEntry[];
}
