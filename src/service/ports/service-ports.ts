// Everything the game service stands on, as the composition (src/app.ts) hands it over.

import type { AccountRecords } from './accounts.ts';
import type { Listen } from './changes.ts';
import type { GameLog } from './game-log.ts';
import type { GameRecords } from './game-records.ts';
import type { InviteRecords } from './invites.ts';

/** What the service stands on: the adapters' side of its ports. */
export interface ServicePorts {
  /** The command path's log. */
  log: GameLog;
  /**
   * The log over the background's own connections, for the sweeper and the notifier: under load an
   * expiry (bench:deadlines) and a notice (bench:notify) do not wait behind HTTP requests for a
   * connection. Null where no sweeper or notifier runs (no worker in this process).
   */
  backgroundLog: GameLog | null;
  records: GameRecords;
  /** Invitations to private games. */
  invites: InviteRecords;
  accounts: AccountRecords;
  /** Every process's commits, as notifications on a channel. */
  listen: Listen;
}
