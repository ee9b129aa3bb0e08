// A game's state is never stored as the truth: it is the fold of its events. This rebuilds it from
// the newest snapshot at or before the wanted version, and keeps hot states in memory. The cache
// is never trusted over the log: a state is used only when its version is the game's version as
// just read; the game row kept beside it (`lastSeen`) is only a guess the command path decides
// on, which the append's version check confirms or refutes (src/service/play.ts).

import type { GameLog } from './ports/game-log.ts';
import type { Seat } from '../platform/game-module.ts';
import { hasEnded, type GameRow, type GameWithSeats } from './ports/records.ts';
import { notFound } from '../platform/refusal.ts';
import type { AnyGameModule, GameRegistry } from './registry.ts';

export interface GameStatesOptions {
  /** A snapshot is written each time the version crosses a multiple of this. */
  snapshotEvery: number;
  /** Games whose latest state stays in memory. */
  cacheSize: number;
}

export class GameStates {
  private readonly cache = new Map<string, { version: number; state: unknown; seen?: GameWithSeats; legal?: ReadonlyMap<Seat, unknown[]> }>();

  private readonly log: GameLog;
  readonly registry: GameRegistry;
  readonly options: GameStatesOptions;

  constructor(
    log: GameLog,
    /** The games this service plays (src/service/registry.ts). */
    registry: GameRegistry,
    options: GameStatesOptions = { snapshotEvery: 200, cacheSize: 2_000 },
  ) {
    this.log = log;
    this.registry = registry;
    this.options = options;
  }

  moduleOf(game: GameRow): AnyGameModule {
    const module = this.registry.get(game.module);
    if (!module) throw notFound(`Game module ${game.module}`);
    return module;
  }

  /** The state at `version` (default: the game's current version). */
  async at(game: GameRow, version = game.version): Promise<unknown> {
    const cached = this.cache.get(game.id);
    if (cached && cached.version === version) return cached.state;
    const module = this.moduleOf(game);
    const snapshot = await this.log.snapshot(game.id, version);
    const from = snapshot ? snapshot.state : module.initialState(game.options.setup);
    const events = await this.log.events(game.id, snapshot?.version ?? 0, version);
    const state = module.replay(from, events.map((e) => e.payload));
    if (version === game.version) this.remember(game, version, state);
    return state;
  }

  /**
   * The game row and seats as this process last saw them with the cached state (after its own
   * append, or a read): what a command is decided on first, with no read. Null when not cached.
   */
  lastSeen(gameId: string): GameWithSeats | null {
    const cached = this.cache.get(gameId);
    return cached?.seen && cached.seen.game.version === cached.version ? cached.seen : null;
  }

  /**
   * The legal commands of the seats awaited on the cached state at `version`, as the platform's
   * guard computed them when the command that made it was decided (a seat's next read needs them
   * again); undefined when not held.
   */
  legalAt(gameId: string, version: number): ReadonlyMap<Seat, unknown[]> | undefined {
    const cached = this.cache.get(gameId);
    return cached && cached.version === version ? cached.legal : undefined;
  }

  /**
   * Records the state a committed append produced (and the game row and seats it left, and the
   * awaited seats' legal commands on it, when known). An ended game's is let go: the cache is for
   * games in play, and holding every game that ended lately (until the bound) grew the heap with
   * each one; a finished game's rare reads replay it from its newest snapshot.
   */
  remember(game: Pick<GameRow, 'id' | 'status'>, version: number, state: unknown, seen?: GameWithSeats, legal?: ReadonlyMap<Seat, unknown[]>): void {
    this.cache.delete(game.id);
    if (hasEnded(game.status)) return;
    this.cache.set(game.id, { version, state, seen, legal });
    if (this.cache.size > this.options.cacheSize) this.cache.delete(this.cache.keys().next().value!);
  }

  /** Keeps a game row and seats just read beside the cached state of that same version (a reader's `lastSeen`). */
  see(found: GameWithSeats): void {
    const cached = this.cache.get(found.game.id);
    if (cached && cached.version === found.game.version) cached.seen = found;
  }

  forget(gameId: string): void {
    this.cache.delete(gameId);
  }

  snapshotDue(from: number, to: number): boolean {
    return Math.floor(to / this.options.snapshotEvery) > Math.floor(from / this.options.snapshotEvery);
  }
}
