-- Web Push: the service's VAPID key pair, each device's push subscription, and the once-per-player
-- record of what was pushed.

-- One row, made by the first process that starts (the others read it): every process signs with
-- the same key, the one browsers subscribed with. The private half is sealed like the signing keys
-- when SIGNING_KEY_SECRET is set (src/auth/key-encryption.ts).
CREATE TABLE "push_keys" (
    "id" TEXT NOT NULL,
    "public_key" TEXT NOT NULL,
    "private_key" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "push_keys_pkey" PRIMARY KEY ("id")
);

-- A browser's PushSubscription: the push service's URL for it and the keys its payloads are
-- encrypted to (RFC 8291). An endpoint belongs to one account: the browser's, whoever subscribed it last.
CREATE TABLE "push_subscriptions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "account_id" UUID NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions"("endpoint");
CREATE INDEX "push_subscriptions_account_id_idx" ON "push_subscriptions"("account_id");

ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A push already queued for a player: a notice handed over again pushes nothing twice. Each player's
-- rows older than two days are deleted when the next is added.
CREATE TABLE "push_queued" (
    "account_id" UUID NOT NULL,
    "notification_id" TEXT NOT NULL,
    "queued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "push_queued_pkey" PRIMARY KEY ("account_id","notification_id")
);

ALTER TABLE "push_queued" ADD CONSTRAINT "push_queued_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Whether anyone would be told about a game: as before, or a seated player with a device
-- subscribed to push who has not muted it.
CREATE OR REPLACE FUNCTION notify_wanted(game uuid) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM webhook_subscriptions w WHERE w.enabled AND w.game_id = game)
      OR EXISTS (
        SELECT 1 FROM game_seats s JOIN accounts a ON a.id = s.account_id
         WHERE s.game_id = game AND NOT s.bot
           AND ((a.email_verified_at IS NOT NULL AND coalesce(a.preferences #>> '{notifications,email}', 'every') <> 'off')
                OR EXISTS (SELECT 1 FROM webhook_subscriptions w WHERE w.enabled AND w.game_id IS NULL AND w.account_id = a.id)
                OR (coalesce(a.preferences #>> '{push,muted}', 'false') <> 'true'
                    AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.account_id = a.id))));
END
$$;
