-- Table chat (src/service/chat.ts): short messages players and spectators write at a game's
-- table, and the accounts each player has muted. Not part of the game's event log: nothing here
-- is replayed or verified, and a game's state never reads it.

-- `id` orders a game's messages and is the cursor readers page and stream by. The key leads with
-- game_id, like the event store's, so the table can be distributed by game (docs/scaling.md).
CREATE TABLE "chat_messages" (
    "game_id" UUID NOT NULL,
    "id" BIGSERIAL NOT NULL,
    "account_id" UUID NOT NULL,
    -- Trimmed, 1 to 500 characters, no control characters (checked by the service).
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("game_id", "id")
);

-- The rate limit counts one author's recent messages in one game.
CREATE INDEX "chat_messages_game_id_account_id_created_at_idx" ON "chat_messages"("game_id", "account_id", "created_at");

ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_game_id_fkey"
    FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_account_id_fkey"
    FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- `account_id` no longer sees what `muted_account_id` writes, in any game.
CREATE TABLE "chat_mutes" (
    "account_id" UUID NOT NULL,
    "muted_account_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_mutes_pkey" PRIMARY KEY ("account_id", "muted_account_id")
);

-- Deleting a muted account deletes the mutes of it.
CREATE INDEX "chat_mutes_muted_account_id_idx" ON "chat_mutes"("muted_account_id");

ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_account_id_fkey"
    FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_muted_account_id_fkey"
    FOREIGN KEY ("muted_account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
