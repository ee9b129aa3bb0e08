-- Which server processes have readers waiting on a game (long-polls, SSE streams): a command's
-- append sends its NOTIFY only when a process other than its own watches the game, instead of
-- waking every process's listening connection (and Postgres's listening backend) on every move.
-- Rows are ephemeral: a process renews its own while its readers wait and deletes them when they
-- leave; a crashed process's rows lapse at `expires_at` (docs/architecture.md, "Signals").
CREATE TABLE game_watchers (
  game_id    UUID NOT NULL,
  process_id UUID NOT NULL,
  expires_at TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY (game_id, process_id)
);
CREATE INDEX game_watchers_process_id_idx ON game_watchers (process_id);
