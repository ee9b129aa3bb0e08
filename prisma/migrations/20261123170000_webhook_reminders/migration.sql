-- Webhook reminders (`deadline.near`): how many minutes before a seat's deadline a subscription is
-- reminded that the seat has not acted; null: no reminders. The default (an hour) also applies to
-- the subscriptions that exist already: they asked to be told when a seat can act, and a reminder
-- before its deadline runs out is the same service.
ALTER TABLE "webhook_subscriptions" ADD COLUMN "reminder_minutes" INTEGER DEFAULT 60;
-- The API accepts 1 minute to a week; Prisma does not model CHECK constraints, so this one lives here only.
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_reminder_minutes_check"
    CHECK ("reminder_minutes" BETWEEN 1 AND 10080);
