-- Each email notification once: the `notify` job may run again (graphile-worker retries it as a
-- whole), and by then the keyed job that sent an email may be long gone, its key free. A row here,
-- inserted in the statement that adds the job, says the notification was queued for that player
-- already. Rows older than a couple of days are deleted by the housekeeping job: by then no
-- `notify` job can still be retried.
CREATE TABLE "email_queued" (
    "account_id" UUID NOT NULL,
    -- The notification's id (awaited, ended), or `remind:<game>:<window>:<seat>` for a reminder.
    "notification_id" TEXT NOT NULL,
    "queued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_queued_pkey" PRIMARY KEY ("account_id","notification_id")
);

-- Housekeeping deletes by age.
CREATE INDEX "email_queued_queued_at_idx" ON "email_queued"("queued_at");
