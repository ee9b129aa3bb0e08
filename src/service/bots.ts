// Bot seats: the server plays them with a random legal policy (a better bot comes later). After
// any accepted command, the game is "kicked": while a bot seat is awaited, it plays. Choices are
// seeded by game and version, so a bot game replays the same way.

import { pickCommand } from '../platform/random-player.ts';
import { seedRng } from '../platform/random.ts';
import type { Logger } from '../config/logger.ts';
import type { EventStore } from '../store/event-store.ts';
import { Refusal } from './errors.ts';
import type { GameStates } from './game-states.ts';
import type { Accepted, Play } from './play.ts';

export class Bots {
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly store: EventStore,
    private readonly states: GameStates,
    private readonly play: Play,
    private readonly logger?: Logger,
    private readonly onAccepted?: (accepted: Accepted) => void,
  ) {}

  /** Lets bots of this game play, in the background. One loop per game at a time. */
  kick(gameId: string): void {
    if (this.stopped || this.running.has(gameId)) return;
    const loop = this.drive(gameId)
      .catch((error) => this.logger?.error({ err: error, gameId }, 'bot failed'))
      .finally(() => this.running.delete(gameId));
    this.running.set(gameId, loop);
  }

  /** Waits for every running bot loop (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  private async drive(gameId: string): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const found = await this.store.gameWithSeats(this.store.pool, gameId);
      if (!found || found.game.status !== 'active') return;
      const { game, seats } = found;
      const module = this.states.moduleOf(game);
      const state = await this.states.at(this.store.pool, game);
      const bots = new Set(seats.filter((s) => s.bot).map((s) => s.seat));
      const turn = module.awaiting(state).find((a) => bots.has(a.seat));
      if (!turn) return;
      const legal = module.legalCommands(state, turn.seat) as { type: string }[];
      if (legal.length === 0) return;
      const [command] = pickCommand(legal, seedRng(`${gameId}:${game.version}:${turn.seat}`));
      try {
        const accepted = await this.play.submit({
          gameId,
          author: { bot: turn.seat },
          command: command as Record<string, unknown>,
          expectedVersion: game.version,
        });
        this.onAccepted?.(accepted);
      } catch (error) {
        // Someone else moved first: look again at the new version.
        if (error instanceof Refusal && error.code === 'VERSION_CONFLICT') continue;
        throw error;
      }
    }
  }
}
