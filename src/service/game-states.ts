// A game's state is never stored as the truth: it is the fold of its events. This rebuilds it from
// the newest snapshot at or before the wanted version, and keeps hot states in memory. The cache
// is never trusted over the log: an entry is used only when its version is the game's version as
// read under the game's row lock (or, for reads, the version just read).

import type { GameRow } from '../store/event-store.ts';
import type { GameLog } from '../store/game-log.ts';
import { notFound } from './errors.ts';
import { GAMES, type AnyGameModule, type Games } from './registry.ts';

export interface GameStatesOptions {
  /** A snapshot is written each time the version crosses a multiple of this. */
  snapshotEvery: number;
  /** Games whose latest state stays in memory. */
  cacheSize: number;
}

export class GameStates {
  private readonly cache = new Map<string, { version: number; state: unknown }>();

  constructor(
    private readonly log: GameLog,
    readonly options: GameStatesOptions = { snapshotEvery: 200, cacheSize: 2_000 },
    /** The games this service plays (src/service/registry.ts). */
    readonly games: Games = GAMES,
  ) {}

  moduleOf(game: GameRow): AnyGameModule {
    const module = this.games.get(game.module);
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
    if (version === game.version) this.remember(game.id, version, state);
    return state;
  }

  /** Records the state a committed append produced. */
  remember(gameId: string, version: number, state: unknown): void {
    this.cache.delete(gameId);
    this.cache.set(gameId, { version, state });
    if (this.cache.size > this.options.cacheSize) this.cache.delete(this.cache.keys().next().value!);
  }

  forget(gameId: string): void {
    this.cache.delete(gameId);
  }

  snapshotDue(from: number, to: number): boolean {
    return Math.floor(to / this.options.snapshotEvery) > Math.floor(from / this.options.snapshotEvery);
  }
}
