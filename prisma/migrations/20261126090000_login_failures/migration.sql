-- Failed log-ins per log-in identifier (a lower-cased handle or email), for the per-account
-- throttle (src/auth/login-throttle.ts). Keyed by the identifier's SHA-256, whether or not an
-- account has it, so the table answers the same for unknown accounts and does not keep the
-- addresses people typed. A successful log-in deletes its row; rows without a failure for a day
-- are swept.

-- CreateTable
CREATE TABLE "login_failures" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "last_failure_at" TIMESTAMPTZ(3) NOT NULL,
    "blocked_until" TIMESTAMPTZ(3),

    CONSTRAINT "login_failures_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "login_failures_last_failure_at_idx" ON "login_failures"("last_failure_at");
