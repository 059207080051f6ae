-- The sign-in throttle moves to rate-limiter-flexible's PostgreSQL store (issue 11 §3). Its
-- counters start empty: the old failure rows are at most 15 minutes' worth.
DROP TABLE "login_attempts";

-- CreateTable
CREATE TABLE "sign_in_throttle" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "sign_in_throttle_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "sign_in_throttle_expire_idx" ON "sign_in_throttle"("expire");
