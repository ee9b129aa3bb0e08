-- Log out and log out everywhere (src/auth/session-revocations.ts). A session token carries its
-- account's session generation (claim `gen`); logging out everywhere raises it, and tokens of an
-- older generation are refused. One logged-out session is a row here until it would have expired.

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN "session_generation" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "sessions_revoked_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "revoked_sessions" (
    "jti" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "revoked_sessions_pkey" PRIMARY KEY ("jti")
);

-- CreateIndex
CREATE INDEX "accounts_sessions_revoked_at_idx" ON "accounts"("sessions_revoked_at");

-- CreateIndex
CREATE INDEX "revoked_sessions_account_id_idx" ON "revoked_sessions"("account_id");

-- CreateIndex
CREATE INDEX "revoked_sessions_expires_at_idx" ON "revoked_sessions"("expires_at");

-- AddForeignKey
ALTER TABLE "revoked_sessions" ADD CONSTRAINT "revoked_sessions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
