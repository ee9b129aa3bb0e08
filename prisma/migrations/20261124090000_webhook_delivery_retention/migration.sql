-- Housekeeping deletes finished webhook deliveries after 30 days (src/notify/housekeeping.ts);
-- this index keeps that daily sweep from reading the whole delivery log.
CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries"("created_at");
