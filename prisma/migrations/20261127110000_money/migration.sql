-- Money in the student's currency: a program's amounts carry their currency (existing programs'
-- tuition was documented as US dollars per year, so they become USD), a student may choose the
-- currency approximations are shown in, and admins load exchange rates against the base currency
-- (USD), keeping each day's rate.

-- AlterTable
ALTER TABLE "programs" ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'USD';

-- AlterTable
ALTER TABLE "users" ADD COLUMN "displayCurrency" TEXT;

-- CreateTable
CREATE TABLE "exchange_rates" (
    "currency" TEXT NOT NULL,
    "rateDate" DATE NOT NULL,
    "rate" DECIMAL(20,10) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exchange_rates_pkey" PRIMARY KEY ("currency","rateDate")
);
