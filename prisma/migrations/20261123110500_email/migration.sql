-- Email: links that verify an address or unsubscribe from it, and each player's pending digest per game.

-- Random tokens, stored as SHA-256 hashes: a leaked table does not leak working links. A table,
-- not signed tokens, so that no new secret has to be configured and a link can be revoked.
CREATE TABLE "email_tokens" (
    "token_hash" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    -- `verify` (for `email`, until `expires_at`, once) or `unsubscribe` (one per account, lasting).
    "purpose" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "email_tokens_pkey" PRIMARY KEY ("token_hash")
);

CREATE INDEX "email_tokens_account_id_purpose_idx" ON "email_tokens"("account_id", "purpose");

-- Notifications waiting for one player's digest email about one game, sent at `send_after`.
CREATE TABLE "email_digests" (
    "account_id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "notifications" JSONB NOT NULL DEFAULT '[]',
    "send_after" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "email_digests_pkey" PRIMARY KEY ("account_id","game_id")
);
