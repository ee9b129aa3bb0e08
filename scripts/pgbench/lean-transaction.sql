-- One command, as the issue that asked for the lean path measured it: UPDATE the game row, INSERT
-- the command and four events, pg_notify. Each client writes its own game (no lock waits).
\set g :client_id + 1
BEGIN;
UPDATE games SET version = version + 4, deadlines = '[{"seat":1,"windowId":"w9","situation":"turn","deadline":"2026-11-26T12:00:00.000Z"}]', next_deadline = now() + interval '1 day', updated_at = now() WHERE id = :g RETURNING version AS v \gset
INSERT INTO commands (game_id, seq, payload) VALUES (:g, :v, '{"type":"MOVE","character":"dredd","to":"b7","windowId":"w9"}');
INSERT INTO events (game_id, seq, command_seq, type, payload) SELECT :g, :v - 4 + n, :v, 'Moved', '{"type":"Moved","character":"dredd","from":"b6","to":"b7","cost":1,"seat":0,"pad":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}' FROM generate_series(1, 4) n;
SELECT pg_notify('game_events', 'x');
COMMIT;
