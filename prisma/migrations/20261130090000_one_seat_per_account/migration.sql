-- One seat per account per game, enforced by the database: two claims by one account arriving at
-- once (to different seats of one game) both passed the lobby's "already seated?" check, which read
-- the seats as they were before the other claim committed. Bot seats and free seats have no
-- account (NULL), and NULLs never collide in a unique index.
CREATE UNIQUE INDEX game_seats_game_id_account_id_key ON game_seats (game_id, account_id);
