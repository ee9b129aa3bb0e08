-- A game's creator as a column, indexed with the creation time: the creator's limits (games open,
-- games created in the last day; src/store/game-records.ts) count one account's games by this
-- index, where reading `options->>'createdBy'` scanned every game of the day at each creation.
-- `options.createdBy` stays what it was; the games stored before this migration copy it here.
ALTER TABLE games ADD COLUMN created_by UUID;
UPDATE games SET created_by = a.id FROM accounts a WHERE a.id::text = games.options->>'createdBy';
ALTER TABLE games ADD CONSTRAINT games_created_by_fkey FOREIGN KEY (created_by) REFERENCES accounts (id) ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX games_created_by_created_at_idx ON games (created_by, created_at);
