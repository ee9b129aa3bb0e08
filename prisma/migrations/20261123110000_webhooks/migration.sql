-- Webhooks: where a player (or a group, for one game) wants to be told that a seat can act or a
-- game ended, and the log of every delivery to it.

-- `game_id` null: every game of the owner's seats; set: every event of that game, once.
CREATE TABLE "webhook_subscriptions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "account_id" UUID NOT NULL,
    "game_id" UUID,
    "url" TEXT NOT NULL,
    -- `json`, `discord` or `slack`.
    "format" TEXT NOT NULL DEFAULT 'json',
    -- Standard Webhooks `whsec_` secrets: the current one first, the previous one during a rotation.
    "secrets" TEXT[] NOT NULL,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    -- Failed attempts since the last success, and when the first of them failed.
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "first_failure_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_subscriptions_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "webhook_subscriptions_account_id_idx" ON "webhook_subscriptions"("account_id");
CREATE INDEX "webhook_subscriptions_game_id_idx" ON "webhook_subscriptions"("game_id");

ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_account_id_fkey"
    FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_game_id_fkey"
    FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One row per notification per subscription: `payload` is the exact body that is signed and sent,
-- `attempts` every try ([{ at, status, latencyMs, error, responsePrefix }], the answer cut to 512 bytes).
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "subscription_id" UUID NOT NULL,
    "notification_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    -- `pending`, `delivered` or `failed` (retries exhausted, or the subscription disabled).
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- Adding the same notification twice (a retried `notify` job) adds nothing.
CREATE UNIQUE INDEX "webhook_deliveries_subscription_id_notification_id_key" ON "webhook_deliveries"("subscription_id", "notification_id");
-- The delivery log, newest first.
CREATE INDEX "webhook_deliveries_subscription_id_created_at_idx" ON "webhook_deliveries"("subscription_id", "created_at");

ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_fkey"
    FOREIGN KEY ("subscription_id") REFERENCES "webhook_subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
