-- A game's commands, events and snapshots come back exactly as they were written. jsonb re-sorts
-- an object's keys (shorter first), so every game had to copy what it read into its own key order
-- before it could decide, show or replay to the same bytes. json keeps the text it is given: the
-- order is the writer's, and no game needs to know how the database stores it. Nothing queries
-- inside these columns, so jsonb's indexable form bought nothing.
ALTER TABLE commands ALTER COLUMN payload TYPE json USING payload::json;
ALTER TABLE events ALTER COLUMN payload TYPE json USING payload::json;
ALTER TABLE snapshots ALTER COLUMN state TYPE json USING state::json;
