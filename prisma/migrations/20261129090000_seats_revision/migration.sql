-- A game's seats revision: bumped whenever what a reader is shown of its seats may have changed (a
-- seat taken, a seat's account renamed, deleted or on vacation). A process that holds a game's row
-- and seats in memory checks it, with the version and the clock revision, by reading the game row
-- alone, instead of joining the seats and their accounts on every read (docs/operations.md).
-- Triggers, so that no way of changing a seat or an account can forget it.
ALTER TABLE games ADD COLUMN seats_revision INTEGER NOT NULL DEFAULT 0;

CREATE FUNCTION bump_seats_revision_for_seat() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games SET seats_revision = seats_revision + 1
   WHERE id IN (SELECT (CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END).game_id
                UNION SELECT OLD.game_id WHERE TG_OP = 'UPDATE');
  RETURN NULL;
END
$$;

CREATE TRIGGER game_seats_revision AFTER INSERT OR UPDATE OR DELETE ON game_seats
  FOR EACH ROW EXECUTE FUNCTION bump_seats_revision_for_seat();

CREATE FUNCTION bump_seats_revision_for_account() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games SET seats_revision = seats_revision + 1
   WHERE id IN (SELECT game_id FROM game_seats WHERE account_id = NEW.id);
  RETURN NULL;
END
$$;

-- Only the account fields a seat shows (SeatRow: handle, pausedUntil).
CREATE TRIGGER accounts_seats_revision AFTER UPDATE OF handle, vacation_until ON accounts
  FOR EACH ROW WHEN (OLD.handle IS DISTINCT FROM NEW.handle OR OLD.vacation_until IS DISTINCT FROM NEW.vacation_until)
  EXECUTE FUNCTION bump_seats_revision_for_account();
