-- Unsubscribe links now work for a year (src/notify/email/links.ts, UNSUBSCRIBE_TTL_MS), so that
-- housekeeping can delete them: one is made per email sent. Links made before get the same year.
UPDATE "email_tokens" SET "expires_at" = "created_at" + interval '365 days'
 WHERE "purpose" = 'unsubscribe' AND "expires_at" IS NULL;
