// The game service: the one place that joins the rules (game modules) and storage. HTTP routes
// call this; it knows nothing of HTTP.

import type pg from 'pg';
import type { Logger } from '../config/logger.ts';
import { EventStore } from '../store/event-store.ts';
import { Bots } from './bots.ts';
import { GameStates, type GameStatesOptions } from './game-states.ts';
import { Lobby, type CreateGame } from './lobby.ts';
import { Play, type Accepted, type IdempotentResponse, type Submission } from './play.ts';
import { GameSignals } from './signals.ts';
import { Views } from './views.ts';

export interface GameServiceSettings {
  allowScenarios: boolean;
  states?: GameStatesOptions;
}

export class GameService {
  readonly store: EventStore;
  readonly states: GameStates;
  readonly play: Play;
  readonly lobby: Lobby;
  readonly views: Views;
  readonly signals: GameSignals;
  readonly bots: Bots;

  constructor(pool: pg.Pool, settings: GameServiceSettings, logger?: Logger) {
    this.store = new EventStore(pool);
    this.states = new GameStates(this.store, settings.states);
    this.play = new Play(this.store, this.states);
    this.lobby = new Lobby(this.store, { allowScenarios: settings.allowScenarios });
    this.views = new Views(this.store, this.states);
    this.signals = new GameSignals(pool);
    this.bots = new Bots(this.store, this.states, this.play, logger, (a) => this.signals.local(a.game.id, a.version));
  }

  async start(): Promise<void> {
    await this.signals.start();
  }

  async stop(): Promise<void> {
    await this.bots.stop();
    await this.signals.stop();
  }

  async create(callerId: string, body: CreateGame) {
    const created = await this.lobby.create(callerId, body);
    if (created.game.status === 'active') this.bots.kick(created.game.id);
    return created;
  }

  async claim(gameId: string, seat: number, accountId: string) {
    const claimed = await this.lobby.claim(gameId, seat, accountId);
    if (claimed.started) {
      this.signals.local(gameId, claimed.game.version);
      this.bots.kick(gameId);
    }
    return claimed;
  }

  async submit(s: Submission, respond?: (a: Accepted) => IdempotentResponse): Promise<Accepted> {
    const accepted = await this.play.submit(s, respond);
    if (accepted.events.length > 0) {
      this.signals.local(s.gameId, accepted.version);
      this.bots.kick(s.gameId);
    }
    return accepted;
  }
}

export { Refusal } from './errors.ts';
export type { Accepted, CreateGame, Submission };
