-- An Idempotency-Key names the command it produced, and its answer is rebuilt from the log. The
-- columns for stored answers (and for a key still being processed) served no key ever written:
-- keys are inserted with their command, in one statement.
ALTER TABLE idempotency_keys DROP COLUMN response_status, DROP COLUMN response_body;
ALTER TABLE idempotency_keys ALTER COLUMN game_id SET NOT NULL, ALTER COLUMN command_seq SET NOT NULL, ALTER COLUMN version SET NOT NULL;
