-- The lean command path (docs/architecture.md §3, §4, §8). A command's transaction no longer adds
-- or removes job rows: the game row itself says when its next window expires and how far its
-- players have been told.

-- When the game's earliest open window expires (a window expires when the last of its seats'
-- deadlines passes); null when nothing is awaited. The deadline sweeper scans this column.
ALTER TABLE games ADD COLUMN next_deadline TIMESTAMPTZ(3);
-- Bumped each time the deadlines move without an event (a vacation): an append decided on the
-- old deadlines must be decided again, and comparing this integer is cheaper than the JSON.
ALTER TABLE games ADD COLUMN clock_revision INTEGER NOT NULL DEFAULT 0;
-- The notifier's cursor: the version (and the deadlines at it) whose news has been handed to the
-- notification channels. A game whose version is ahead of it has news. -1: the start itself,
-- whose deadlines `notified_deadlines` then holds, untold.
ALTER TABLE games ADD COLUMN notified_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN notified_deadlines JSONB NOT NULL DEFAULT '[]';
-- Each command records the version it reached and the deadlines after it, so the notifier tells
-- each commit's news (seats newly asked) from the log, however late it reads it. Null in commands
-- stored before (their news was told by `notify` jobs).
ALTER TABLE commands ADD COLUMN version INTEGER;
ALTER TABLE commands ADD COLUMN deadlines JSONB;

UPDATE games g SET next_deadline = (
  SELECT min(due) FROM (
    SELECT max((d ->> 'deadline')::timestamptz) AS due
      FROM jsonb_array_elements(g.deadlines) AS d GROUP BY d ->> 'windowId'
  ) AS windows
) WHERE status = 'active';
-- Stored games were told by `notify` jobs, which the worker still drains.
UPDATE games SET notified_version = version, notified_deadlines = deadlines;

CREATE INDEX games_next_deadline_idx ON games (next_deadline) WHERE status = 'active';
CREATE INDEX games_notify_pending_idx ON games (updated_at) WHERE notified_version < version;

-- An Idempotency-Key now records which command it produced; the answer is rebuilt from the log
-- after commit. Keys stored before keep their stored answer (they expire within 24 hours).
ALTER TABLE idempotency_keys ADD COLUMN game_id UUID;
ALTER TABLE idempotency_keys ADD COLUMN command_seq INTEGER;
ALTER TABLE idempotency_keys ADD COLUMN version INTEGER;

-- Expiry jobs queued by the old path: the sweeper reads `next_deadline` instead.
DO $$
BEGIN
  IF to_regclass('graphile_worker.jobs') IS NOT NULL THEN
    PERFORM graphile_worker.complete_jobs(array_agg(id)) FROM graphile_worker.jobs WHERE task_identifier = 'expire-window';
  END IF;
END
$$;
