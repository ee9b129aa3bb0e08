// What the notification channels read about games (./ports/notices.ts), over the service's states
// cache. The composition (src/app.ts) makes it before the channels, and the channels before the
// service, which it hands them as its notice listeners: so each part is built with what it needs.

import type { GameStates } from './game-states.ts';
import type { GameRecords } from './ports/game-records.ts';
import type { GameReader } from './ports/notices.ts';
import { Views } from './views.ts';

/** `states` is the service's own (`GameServiceSettings.states`), so that a notice finds the state its command left in memory. */
export function gameReader(records: GameRecords, states: GameStates): GameReader {
  const views = new Views(records, states);
  const reader: GameReader = {
    game: (gameId, accountId) => views.game(gameId, accountId),
    legalCounter: async (game, version = game.version) => {
      if (game.status === 'open') return () => null;
      const module = states.moduleOf(game);
      const at = Math.min(version, game.version);
      const state = await states.at(game, at);
      // The awaited seats' legal commands, as the guard computed them with the command, when still held.
      const known = states.legalAt(game.id, at);
      return (seat) => (known?.get(seat) ?? module.legalCommands(state, seat)).length;
    },
    legalCounterOf: async (gameId, version) => {
      const found = await records.read(gameId);
      return found ? reader.legalCounter(found.game, version) : () => 0;
    },
    winners: async (gameId) => {
      const found = await records.read(gameId);
      if (!found || found.game.status === 'open') return [];
      const module = states.moduleOf(found.game);
      const state = await states.at(found.game);
      return module.isOver(state) ? module.winners(state) : [];
    },
  };
  return reader;
}
