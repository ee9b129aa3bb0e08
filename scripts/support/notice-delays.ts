// How late each webhook came, for `npm run bench:notify` and `npm run soak`: a delivery's delay is
// its arrival at the receiver − the `accepted_at` of the command that opened the window it
// announces (the first event carrying its `windowId`), or for a game end, of the newest command
// it covers. A window the notifier learnt of late (several commits told at once) counts from the
// commit that opened it, not from the last one. Whoever sent that command (a player, a bot, the
// clock), the delivery counts.

import type pg from 'pg';

/** A delivery as the receiver had it: its `webhook-id` and its arrival (ms since the epoch). */
export interface Arrival {
  id: string;
  at: number;
}

export interface NoticeDelays {
  /** From the commit that opened the window (or ended the game), ms. */
  delays: number[];
  /** From the newest commit the notification covers (its `v<version>`), ms. */
  fromCovered: number[];
  /** Deliveries whose commit the database does not hold (a game's start, version 0, is not counted here). */
  unmatched: number;
}

// Notification ids: a seat's `awaited_<game>_v<version>_s<seat>_<window>` or `ended_<game>_v<version>_s<seat>`;
// a per-game subscription's `awaited_<game>_v<version>_all` or `ended_…_all`, which names no window
// (it tells of every awaited seat at once) and is timed from the newest commit it covers.
const ID = /^(awaited|ended)_([0-9a-f-]{36})_v(\d+)_(?:s\d+_?(.*)|all)$/;

/** The delays of `arrivals`, leaving out those whose commit came before `since` (ms since the epoch). */
export async function noticeDelays(pool: pg.Pool, arrivals: readonly Arrival[], since = 0): Promise<NoticeDelays> {
  const parsed = arrivals.flatMap((a) => {
    const m = ID.exec(a.id);
    return m ? [{ gameId: m[2]!, version: Number(m[3]), windowId: m[1] === 'awaited' ? (m[4] ?? '') : '', at: a.at }] : [];
  });
  const result: NoticeDelays = { delays: [], fromCovered: [], unmatched: 0 };
  if (parsed.length === 0) return result;
  const { rows } = await pool.query<{ i: number; opened: number | null; covered: number | null }>(
    `SELECT n.i::int AS i,
            (SELECT extract(epoch FROM c.accepted_at) * 1000 FROM events e JOIN commands c ON c.game_id = e.game_id AND c.seq = e.command_seq
              WHERE n.window_id <> '' AND e.game_id = n.game_id AND e.payload->>'windowId' = n.window_id ORDER BY e.seq LIMIT 1)::float8 AS opened,
            (SELECT extract(epoch FROM c.accepted_at) * 1000 FROM events e JOIN commands c ON c.game_id = e.game_id AND c.seq = e.command_seq
              WHERE e.game_id = n.game_id AND e.seq = n.version)::float8 AS covered
       FROM unnest($1::uuid[], $2::int[], $3::text[]) WITH ORDINALITY AS n(game_id, version, window_id, i)`,
    [parsed.map((p) => p.gameId), parsed.map((p) => p.version), parsed.map((p) => p.windowId)],
  );
  for (const row of rows) {
    const arrival = parsed[row.i - 1]!;
    const commit = row.opened ?? row.covered;
    // Version 0: a game's start (a seat claim, no command).
    if (commit === null || commit < since) {
      result.unmatched += commit === null && arrival.version > 0 ? 1 : 0;
      continue;
    }
    result.delays.push(arrival.at - commit);
    if (row.covered !== null) result.fromCovered.push(arrival.at - row.covered);
  }
  return result;
}
