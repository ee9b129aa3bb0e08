// The ports of player pages and ratings over one Postgres database, and the commits they hear:
// what src/api/players.ts hands the service's PlayerPages and Ratings.

import type pg from 'pg';
import { ChannelListener } from '../db/listener.ts';
import type { Listen } from '../service/ports/changes.ts';
import { PostgresOutcomeRecords } from './outcomes.ts';
import { PostgresPlayerRecords } from './players.ts';

export function playerPorts(pool: pg.Pool): { outcomes: PostgresOutcomeRecords; players: PostgresPlayerRecords; listen: Listen } {
  return {
    outcomes: new PostgresOutcomeRecords(pool),
    players: new PostgresPlayerRecords(pool),
    // The process's one listening connection, shared with the game service's signals (src/db/listener.ts).
    listen: (channel, onPayload) => new ChannelListener(pool, channel, onPayload),
  };
}
