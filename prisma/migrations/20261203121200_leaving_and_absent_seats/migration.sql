-- Absent players (issue 31; src/service/absent-seats.ts). A seat counts the deadlines it lets pass
-- in a row (`missed_deadlines`, and the game version of the last one, `missed_version`: a command
-- of the seat's own after it starts the count again); after ZOMBIE_AFTER_MISSED of them a bot plays
-- it (`absent_since`) until its player takes it back. Counted in the transaction that appends the
-- expiry, so a deadline is counted once however many processes sweep.
ALTER TABLE game_seats
    ADD COLUMN missed_deadlines INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN missed_version   INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN absent_since     TIMESTAMPTZ(3);

-- When each handover happened, for the game's page and the API: the seat went to a bot
-- (`absent`) or back to its player (`returned`), at that game version. Not an event: the log is
-- the rules', and a handover changes who plays a seat, not the game.
CREATE TABLE seat_handovers (
    id       BIGSERIAL      NOT NULL,
    game_id  UUID           NOT NULL,
    seat     INTEGER        NOT NULL,
    kind     TEXT           NOT NULL,
    version  INTEGER        NOT NULL,
    at       TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT seat_handovers_pkey PRIMARY KEY (id)
);
CREATE INDEX seat_handovers_game_id_id_idx ON seat_handovers (game_id, id);
ALTER TABLE seat_handovers ADD CONSTRAINT seat_handovers_game_id_fkey FOREIGN KEY (game_id) REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE;
