-- Deadlines of the seats awaited now, written with the events that opened their situations.
ALTER TABLE "games" ADD COLUMN "deadlines" JSONB NOT NULL DEFAULT '[]';

-- Standing-order defaults and notification choices; vacations (paused clocks).
ALTER TABLE "accounts" ADD COLUMN "preferences" JSONB NOT NULL DEFAULT '{}',
    ADD COLUMN "vacation_until" TIMESTAMPTZ(3),
    ADD COLUMN "vacation_year" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "vacation_days_used" INTEGER NOT NULL DEFAULT 0;
