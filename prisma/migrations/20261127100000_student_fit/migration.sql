-- The fit check: a student's own profile (one row per user at most, deleted with the account) and
-- programs' entry requirements and fees. Every new program column is nullable (or an empty list):
-- existing programs state nothing, and the pages say "Not stated".

-- CreateEnum
CREATE TYPE "GradeScale" AS ENUM ('gpa4', 'gpa5', 'percentage', 'uk_class', 'german', 'ib');

-- AlterTable
ALTER TABLE "programs" ADD COLUMN     "minGrade" DECIMAL(4,1),
ADD COLUMN     "minIelts" DECIMAL(2,1),
ADD COLUMN     "minToefl" INTEGER,
ADD COLUMN     "minDuolingo" INTEGER,
ADD COLUMN     "minCambridge" INTEGER,
ADD COLUMN     "startTerms" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "tuitionHome" DECIMAL(10,2),
ADD COLUMN     "applicationFee" DECIMAL(10,2),
ADD COLUMN     "visaSponsorship" BOOLEAN;

-- CreateTable
CREATE TABLE "student_profiles" (
    "userId" INTEGER NOT NULL,
    "nationality" CHAR(2),
    "residence" CHAR(2),
    "qualification" TEXT,
    "gradeScale" "GradeScale",
    "grade" TEXT,
    "gradeScore" DECIMAL(4,1),
    "ieltsScore" DECIMAL(2,1),
    "ieltsTakenOn" DATE,
    "toeflScore" INTEGER,
    "toeflTakenOn" DATE,
    "duolingoScore" INTEGER,
    "duolingoTakenOn" DATE,
    "cambridgeScore" INTEGER,
    "cambridgeTakenOn" DATE,
    "budgetAmount" DECIMAL(12,2),
    "budgetCurrency" CHAR(3),
    "startTerm" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "student_profiles_pkey" PRIMARY KEY ("userId")
);

-- AddForeignKey
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
