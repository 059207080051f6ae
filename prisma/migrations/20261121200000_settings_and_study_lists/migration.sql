-- CreateTable
CREATE TABLE "settings" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "study_levels" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "study_levels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "study_fields" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "study_fields_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "study_levels_name_key" ON "study_levels"("name");

-- CreateIndex
CREATE UNIQUE INDEX "study_fields_name_key" ON "study_fields"("name");

-- The lists of SPEC §9, so that every database starts with them (seeded or not).
INSERT INTO "study_levels" ("name", "position") VALUES
    ('Bachelor''s', 1), ('Master''s', 2), ('PhD', 3);

INSERT INTO "study_fields" ("name", "position") VALUES
    ('Art', 1), ('Business', 2), ('Law', 3), ('Computer Science', 4), ('Engineering', 5),
    ('Social Science', 6), ('Natural Science', 7), ('Mathematics', 8), ('Medicine', 9),
    ('Health', 10), ('Education', 11), ('Agriculture', 12), ('Environment', 13),
    ('Architecture', 14), ('Design', 15), ('Communication', 16), ('Media Studies', 17);
