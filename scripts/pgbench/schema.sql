-- The bare shape of a command's write, for pgbench (docs/performance.md: the database's floor,
-- independent of our code): the columns a command touches, 64 game rows, no other index.
DROP TABLE IF EXISTS events, commands, games;
CREATE TABLE games (id int PRIMARY KEY, version int NOT NULL, deadlines jsonb NOT NULL, next_deadline timestamptz, updated_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE commands (game_id int, seq int, payload jsonb, accepted_at timestamptz DEFAULT now(), PRIMARY KEY (game_id, seq));
CREATE TABLE events (game_id int, seq int, command_seq int, type text, payload jsonb, PRIMARY KEY (game_id, seq));
CREATE INDEX ON games (next_deadline);
INSERT INTO games SELECT g, 0, '[]', now(), now() FROM generate_series(1, 64) g;
