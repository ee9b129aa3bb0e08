-- Registration must not tell whether an email address is taken (issue 13). An address is unique
-- among verified accounts only: anyone may register with any address, as before, but only one
-- account can verify it, and registering with an address a verified account holds emails that
-- account's owner instead of sending a verification link (src/auth/accounts.ts).

-- DropIndex
DROP INDEX "accounts_email_key";

-- CreateIndex
CREATE UNIQUE INDEX "accounts_verified_email_key" ON "accounts"("email") WHERE email_verified_at IS NOT NULL;

-- CreateIndex
CREATE INDEX "accounts_email_idx" ON "accounts"("email");
