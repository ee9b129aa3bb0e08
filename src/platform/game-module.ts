// The contract between the platform and a game. The platform (store, service, API, clock,
// notifications) knows nothing of any particular game: it holds commands and events as JSON
// and asks the game module everything else. A module is pure: no I/O, no clock, no global
// randomness; the same events always fold to the same state.

import type { RngState } from './random.ts';

/** A seat is a position at the table, 0-based, in clockwise (turn) order. */
export type Seat = number;

/** Who sends a command: a seat's owner, or the platform itself (deadlines, start). */
export type Sender = { kind: 'seat'; seat: Seat } | { kind: 'system' };

/**
 * What the platform tells `decide` besides the command. `at` (ISO 8601, UTC, milliseconds) is the
 * command's acceptance time: the service takes it from its clock before deciding and stores exactly
 * it as the command's `accepted_at`; replay and verification pass the stored value, so a rule that
 * reads it (a game's time limit) decides the same way every time.
 */
export interface DecideContext {
  readonly at: string;
}

/** A situation a seat is asked to act in. Deadlines are the platform's: it adds them from the game's clocks. */
export interface Awaited {
  seat: Seat;
  /** What the seat is asked for, e.g. `turn`, `defence`, `interrupt`, `setup`. */
  situation: string;
  /** Identifies this opening of the situation; an `ExpireWindow` for any other id is ignored. */
  windowId: string;
}

/** A refusal with a stable machine code and a sentence a player can read. */
export class RuleError extends Error {
  readonly code: string;

  constructor(
    code: string,
    message: string,
  ) {
    super(message);
    this.code = code;
    this.name = 'RuleError';
  }
}

/**
 * A game's static content: its printed components as plain JSON, each with the JSON Schema that
 * documents it, for third-party clients that draw and explain the game (the API serves it at
 * `/v1/games/{game}/content` and `/v1/games/{game}/maps/{map}`). The platform publishes it as is
 * and never reads a field of it. Schemas are self-contained: no `$id`, no `$ref`.
 */
export interface GameContent {
  /** Everything but the maps (cards, characters, teams …), with the ids views and commands use. */
  readonly content: object;
  /** JSON Schema of `content`. */
  readonly contentSchema: object;
  /** Every map the game is played on. */
  readonly maps: readonly GameMap[];
  /** JSON Schema of every map's `data`. */
  readonly mapSchema: object;
}

export interface GameMap {
  /** Stable name used in URLs, the same the game's options and views use, e.g. `grand-hall-of-justice`. */
  readonly id: string;
  /** The map as data (spaces, adjacency …), described by `GameContent.mapSchema`. */
  readonly data: object;
  /** The map drawn as a standalone SVG document, computed from `data`'s source. */
  readonly svg: string;
}

export type Decision<E> = { ok: true; events: E[] } | { ok: false; error: RuleError };
/** A decision and, when the command is accepted, the state after its events. */
export type DecisionWithState<State, Event> = { ok: true; events: Event[]; state: State } | { ok: false; error: RuleError };

/** The platform's clock presets: a game chosen with one gets each situation's duration for it. */
export const CLOCK_PRESET_NAMES = ['live', 'daily', 'weekly'] as const;
export type ClockPresetName = (typeof CLOCK_PRESET_NAMES)[number];

/**
 * What notifications say about a situation, in the game's own words. `{title}` in `subject`
 * stands for the game's title (player text, filled in and escaped by the channel).
 */
export interface SituationWords {
  /** A short noun phrase for chat banners and fields: "your {label} in <game>", e.g. `turn`. */
  readonly label: string;
  /** An email subject, e.g. `Your turn in {title}`. */
  readonly subject: string;
  /** What the seat is asked to do, one sentence, e.g. `It is your turn: …`. */
  readonly ask: string;
  /** What happened, one sentence, told with the ask, e.g. `Your turn has begun.` */
  readonly summary: string;
}

/** A situation the game asks seats to act in (`Awaited.situation` names it). */
export interface SituationSpec {
  /** What the seat is asked for and what the server does for it when the deadline passes. */
  readonly description: string;
  /** Milliseconds the seat has, under each platform clock preset. */
  readonly durations: Readonly<Record<ClockPresetName, number>>;
  readonly words: SituationWords;
  /**
   * True when letting this situation's deadline pass is an ordinary answer (a pass on a window that
   * asks every seat), not a sign that the player is away: the platform's count of deadlines a seat
   * misses in a row (absent seats, handed to a bot) skips it. Absent: every missed deadline counts.
   */
  readonly silenceAnswers?: boolean;
}

/**
 * A seat's standing orders (private settings applied when a situation would ask the seat), if
 * the game has any: each setting is a name with a fixed set of values. A seat's view shows the
 * seat its own orders, as `seats[i].orders` of the entry whose `seat` is the viewer.
 */
export interface StandingOrdersSpec {
  /** JSON Schema of the whole orders object: `type: object`, every setting required, each an `enum` of strings. */
  readonly schema: { readonly properties: Readonly<Record<string, { readonly enum: readonly string[] }>> } & object;
  /** The orders a seat starts with. */
  readonly defaults: Readonly<Record<string, string>>;
  /** The command that changes them, sent with the changed settings as its other fields (e.g. `SET_ORDERS`). */
  readonly command: string;
  /** Example changes (some settings each), for the documentation. */
  readonly examples?: readonly Readonly<Record<string, string>>[];
}

/** A named example of a request body, shown by documentation tools. */
export interface BodyExample {
  readonly summary: string;
  readonly value: unknown;
}

/**
 * The JSON Schemas a game publishes beside `optionsSchema` and `commandSchemas`. The platform
 * names them in the OpenAPI document with the game's prefix (`odds-and-evens` → `OddsAndEvens…`).
 * A schema may refer to one of the game's `components` as `{ $ref: '<Name>#' }`; no other `$ref`,
 * no `$id`.
 */
export interface GameSchemas {
  /** What `view` returns. */
  readonly view: object;
  /** What `redact` returns (an event as a reader sees it). */
  readonly visibleEvent: object;
  /** Named parts the other schemas refer to (`Situation`, `SeatView` …). */
  readonly components?: Readonly<Record<string, object>>;
  /** The options the game was created with, as every reader sees them (the stored public options). */
  readonly publicOptions?: object;
  /** What `preview` returns, when the game has it. */
  readonly preview?: object;
  /** Example request bodies: a create-game body (`{ game, options }`) and commands, by name. */
  readonly examples?: { readonly create?: Readonly<Record<string, BodyExample>>; readonly commands?: Readonly<Record<string, BodyExample>> };
}

/**
 * A way the server plays a seat. A bot is given the whole state because a game's own bot may play
 * the game's rules forward, but it must decide only from what `view(state, seat)` shows that seat
 * (docs/architecture.md §5): two states that differ only in what the seat cannot see must give
 * the same command.
 */
export interface Bot<State, Command> {
  /** What it does, one sentence, for the API documentation. */
  readonly description: string;
  /**
   * One of `legal` (every command the seat could send now, never empty). Deterministic: the same
   * state, seat and generator give the same command. Its only randomness is `rng`, which the
   * platform keys from the game's secret key, the version and the seat.
   */
  choose(state: State, seat: Seat, legal: readonly Command[], rng: RngState): Command;
}

/** The bots a game offers for its bot seats, by name (e.g. `random`, `heuristic`), and the one a seat gets unless told. */
export interface GameBots<State, Command> {
  readonly kinds: Readonly<Record<string, Bot<State, Command>>>;
  /** One of `kinds`: what `bot: true` gets. */
  readonly default: string;
}

export interface GameModule<Setup, State, Command, Event, View, VisibleEvent = Event> {
  /** Stable name used in URLs and stored with every game, e.g. `odds-and-evens`. */
  readonly id: string;
  /** The game's name for people, e.g. in documentation. */
  readonly title: string;
  /** The most seats (players and bots) a game of it can have: seats are numbered 0 … maxSeats − 1. */
  readonly maxSeats: number;
  /**
   * Every situation `awaiting` may name, with its durations and words. The order is the one
   * clients are shown; a `clock` option of seconds may name exactly these.
   */
  readonly situations: Readonly<Record<string, SituationSpec>>;
  /** JSON Schemas of the view, the visible events and their parts, published by the API. */
  readonly schemas: GameSchemas;
  /** The seats' standing orders, if the game has them (served at `/v1/games/{id}/seats/{seat}/orders`). */
  readonly standingOrders?: StandingOrdersSpec;
  /**
   * The bots a seat may be played by. Optional: a module without them offers the platform's
   * `random` bot only (src/platform/bots.ts).
   */
  readonly bots?: GameBots<State, Command>;
  /** JSON Schemas of the commands players send, one per command type, published by the API. */
  readonly commandSchemas: readonly { type: string; schema: object }[];
  /**
   * JSON Schema of the game's own creation options (map, teams, scenario …), published by the API
   * as `<Game>NewGame`. The platform adds its own: `bot` in each item of `seats`, `clock`, `seed`.
   */
  readonly optionsSchema: object;
  /**
   * The creation option, if the game has one, that starts it from a described position instead of
   * its rules' set-up (tutorials, puzzles, tests: `scenario` in one game, `position` in another). The platform accepts
   * it only where the server allows scenarios (`ALLOW_SCENARIOS`), shows readers only that there was
   * one, and the public verifier declines such games. Every other option, whatever its name (a
   * `scenario` that picks one of a game's printed scenarios), is the game's own.
   */
  readonly positionOption?: string;
  /**
   * A set-up from a client's creation options, or a RuleError saying what is wrong with them.
   * `key` (32 bytes as 64 hex digits) keys the game's random generator (`keyedRng`): the platform
   * draws it from the operating system's CSPRNG, keeps it secret while the game runs and publishes
   * it when the game ends, so the same options and key must always give the same set-up.
   */
  createSetup(options: Record<string, unknown>, randomness: { key: string }): Setup | RuleError;
  initialState(setup: Setup): State;
  /**
   * `context.at` is when the command was accepted; `decide` must not read a clock. Optional: a
   * module whose rules ignore time may ignore it, and decisions made outside the log (previews,
   * bots' look-ahead) may omit it.
   */
  decide(state: State, command: Command, sender: Sender, context?: DecideContext): Decision<Event>;
  /**
   * `decide` and, when it accepts, the state after the events, equal to `replay(state, events)`
   * (test/platform/draft-state.test.ts), for a caller that needs both without copying and folding
   * the state a second time: the command handler. Optional; the decider
   * (src/platform/decider.ts) makes one as `decide.withState`.
   */
  decideWithState?(state: State, command: Command, sender: Sender, context?: DecideContext): DecisionWithState<State, Event>;
  evolve(state: State, event: Event): State;
  /** `events.reduce(evolve, state)`, copying the state once (the service folds many events at a time). */
  replay(state: State, events: readonly Event[]): State;
  /** What `seat` may see; `null` is a spectator. */
  view(state: State, seat: Seat | null): View;
  /** The event as `seat` may see it (`null`: spectator): hidden cards removed. */
  redact(event: Event, seat: Seat | null): VisibleEvent;
  awaiting(state: State): Awaited[];
  /** Every command `seat` could send now, as complete bodies; `decide` accepts exactly these (and `anytimeCommands`). */
  legalCommands(state: State, seat: Seat): Command[];
  /**
   * Commands a seated player may send at any time, awaited or not (a surrender that the rules allow
   * "at any point in the game"), as complete bodies `decide`
   * accepts now. They are not among `legalCommands`, which answer what the game awaits: bots and
   * the random player never choose them, and a seat's notification counts do not include them.
   * Optional: a game without it has none. The API shows a seat its own as `anytimeCommands`.
   */
  anytimeCommands?(state: State, seat: Seat): Command[];
  /**
   * The command types that give the game up (a surrender, a resignation). The platform's guard
   * (src/platform/awaited-guard.ts) requires every awaited seat to have a legal command of another
   * type: a seat whose only way out is to give up is a frozen game. Optional: none.
   */
  readonly givingUp?: readonly string[];
  /**
   * What the game measures of a command `seat` might send, without deciding it: a path's length, a
   * shot's range, line of sight, cover, the odds of a hit. Optional; the platform answers whether
   * `decide` would accept the command either way (POST /v1/games/{id}/preview). Only what `seat`
   * may see goes into it (docs/architecture.md §5), and it draws nothing from the game's generator:
   * odds are computed, never rolled.
   */
  preview?(state: State, command: unknown, seat: Seat): unknown;
  /** True once the game has ended; after that the whole log is public. */
  isOver(state: State): boolean;
  /**
   * The seats that won, once the game is over: one, several (a shared win), or none (a draw, or
   * a game not over yet). Notifications and tools ask this instead of reading a game's state.
   */
  winners(state: State): Seat[];
  /**
   * The game's creation options in words for people, from the options every reader sees (the
   * stored public options, already accepted by `createSetup`): its map, scenario or table, e.g.
   * "The Grand Hall of Justice, 4 players" or "2 blocks". Notifications title a game
   * `<title>: <this>`. Player text it repeats is escaped by whoever shows it.
   */
  describeOptions(publicOptions: Readonly<Record<string, unknown>>): string;
  /**
   * The game's static content, for clients. Optional: a module without it publishes none (its
   * content routes answer 404). Called once, when the service starts; pure like everything here.
   */
  content?(): GameContent;
}

export const ok = <E>(events: E[]): Decision<E> => ({ ok: true, events });
export const refuse = <E>(code: string, message: string): Decision<E> => ({
  ok: false,
  error: new RuleError(code, message),
});
