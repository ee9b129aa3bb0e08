-- No columns for data never written. An Idempotency-Key names the command it produced, and its
-- answer is rebuilt from the log: the columns for stored answers (and for a key still being
-- processed) served no key ever written, since keys are inserted with their command in one
-- statement. And every command records the version and deadlines it left (the notifier's news).
ALTER TABLE idempotency_keys DROP COLUMN response_status, DROP COLUMN response_body;
ALTER TABLE idempotency_keys ALTER COLUMN game_id SET NOT NULL, ALTER COLUMN command_seq SET NOT NULL, ALTER COLUMN version SET NOT NULL;
ALTER TABLE commands ALTER COLUMN version SET NOT NULL, ALTER COLUMN deadlines SET NOT NULL;
