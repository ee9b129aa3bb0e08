-- Deleting an account (src/service/account-deletion.ts) keeps its row, so that the games it
-- played stay whole (seats, commands, chat and rating changes still name it), but erases what is
-- personal in it and sets its handle to `deleted player`, which every surface then shows. Many
-- deleted rows share that handle, so the handle is unique among the accounts not deleted only:
-- the handle a deleted account held is free again (docs/security.md says why).
ALTER TABLE accounts ADD COLUMN deleted_at TIMESTAMPTZ(3);
DROP INDEX accounts_handle_key;
CREATE UNIQUE INDEX accounts_handle_key ON accounts (handle) WHERE deleted_at IS NULL;

-- A rematch offered on a finished game (src/service/rematch.ts): one per game, so one open offer
-- at most. Seats are the finished game's; the offer's author has accepted it. Written by compare
-- and set on `version` (no transaction is held while the rematch is created); `starting_at` marks
-- the one answer that starts it, for a minute at most.
CREATE TABLE rematch_offers (
    game_id     UUID           NOT NULL,
    offered_by  INTEGER        NOT NULL,
    accepted    INTEGER[]      NOT NULL,
    declined    INTEGER[]      NOT NULL,
    new_game_id UUID,
    starting_at TIMESTAMPTZ(3),
    version     INTEGER        NOT NULL,
    created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT rematch_offers_pkey PRIMARY KEY (game_id)
);
ALTER TABLE rematch_offers ADD CONSTRAINT rematch_offers_game_id_fkey FOREIGN KEY (game_id) REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE rematch_offers ADD CONSTRAINT rematch_offers_new_game_id_fkey FOREIGN KEY (new_game_id) REFERENCES games (id) ON DELETE SET NULL ON UPDATE CASCADE;
