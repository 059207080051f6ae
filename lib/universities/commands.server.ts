import "server-only";
import { deleteFiles, documentKeysOfPrograms } from "@/lib/documents/commands.server";
import { universityChanged } from "@/lib/cache/tags.server";
import { recordAudit, type AuditActor } from "@/lib/audit/record.server";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { violatedForeignKey } from "@/lib/db/errors.server";
import { badRequest, conflict, notFound, staleWrite } from "@/lib/http/errors";
import { recordUsedUploads } from "@/lib/storage/uploads.server";
import { changedSinceOpened } from "@/lib/validation/common";
import { INVALID_COUNTRY, type UniversityInput } from "@/lib/validation/university";
import { getUniversityById, type UniversityDto } from "./queries.server";
import { slugify, uniqueSlug } from "./slug";

// Creating, changing, deleting (or archiving) and restoring universities (admin). Each write is one
// transaction: a rejected write changes nothing. The slug is derived here from the name, made unique
// with the country code and then a number, and re-derived only when the name changes.

type Tx = Prisma.TransactionClient;

const NOT_FOUND = "University not found";

/** The country of a name (any case) or a two-letter code; 400 'Please select a valid country'. */
async function findCountry(tx: Tx, value: string) {
  const text = value.trim();
  const country =
    (/^[A-Za-z]{2}$/.test(text)
      ? await tx.country.findUnique({ where: { code: text.toUpperCase() }, select: { id: true, code: true } })
      : null) ??
    (await tx.country.findFirst({
      where: { name: { equals: text, mode: "insensitive" } },
      select: { id: true, code: true },
    }));
  if (!country) throw badRequest(INVALID_COUNTRY, { country: [INVALID_COUNTRY] });
  return country;
}

/**
 * A slug for `name` that no other university has, nor had: an old slug keeps redirecting to the
 * university that had it (university_slugs).
 */
async function freeSlug(tx: Tx, name: string, countryCode: string, exceptId?: number) {
  const base = slugify(name) || "university";
  // uniqueSlug tries base, base-{cc}, base-{cc}-2...: only those can clash.
  const candidates = {
    OR: [{ slug: base }, { slug: { startsWith: `${base}-${countryCode.toLowerCase()}` } }],
  };
  // One query at a time: a transaction's queries share one connection.
  const current = await tx.university.findMany({
    where: { ...candidates, ...(exceptId !== undefined && { id: { not: exceptId } }) },
    select: { slug: true },
  });
  const old = await tx.universitySlug.findMany({
    where: { ...candidates, ...(exceptId !== undefined && { universityId: { not: exceptId } }) },
    select: { slug: true },
  });
  const taken = new Set([...current, ...old].map((row) => row.slug));
  return uniqueSlug(name, countryCode, (slug) => taken.has(slug));
}

/** Keeps a renamed university's previous slug, so its old address and import files still find it. */
async function keepOldSlug(tx: Tx, id: number, oldSlug: string, newSlug: string) {
  if (oldSlug === newSlug) return;
  await tx.universitySlug.deleteMany({ where: { slug: newSlug, universityId: id } });
  await tx.universitySlug.upsert({
    where: { slug: oldSlug },
    create: { slug: oldSlug, universityId: id },
    update: { universityId: id },
  });
}

const isSlugClash = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** Runs `write` again when a concurrent write took the same slug first. */
async function retryOnSlugClash<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isSlugClash(error) || attempt >= 3) throw error;
    }
  }
}

/** A university as the audit log keeps it (before and after each change). */
async function snapshot(tx: Tx, id: number) {
  const row = await tx.university.findUnique({
    where: { id },
    select: {
      name: true,
      slug: true,
      country: { select: { name: true } },
      description: true,
      mainImage: true,
      images: true,
      ranking: true,
      webPage: true,
      archivedAt: true,
    },
  });
  if (!row) return null;
  const { country, ...rest } = row;
  return { ...rest, country: country.name };
}

function columns(input: UniversityInput) {
  return {
    name: input.name,
    description: input.description,
    mainImage: input.mainImage,
    images: input.images,
    ranking: input.ranking,
    rankingSource: input.rankingSource,
    rankingYear: input.rankingYear,
    // Absent from the request: the stored website stays (null for a new university).
    ...(input.webPage !== undefined && { webPage: input.webPage }),
    // An admin's row from now on: `npm run data:update` leaves it alone.
    editedAt: new Date(),
  };
}

export async function createUniversity(actor: AuditActor, input: UniversityInput): Promise<UniversityDto> {
  const university = await retryOnSlugClash(() =>
    prisma.$transaction(async (tx) => {
      const country = await findCountry(tx, input.country);
      const slug = await freeSlug(tx, input.name, country.code);
      const row = await tx.university.create({
        data: { ...columns(input), slug, countryId: country.id },
        select: { id: true },
      });
      await recordUsedUploads(tx, row.id, input);
      await recordAudit(tx, actor, {
        action: "university.create",
        entityType: "university",
        entityId: row.id,
        summary: input.name,
        after: await snapshot(tx, row.id),
      });
      // Read in the transaction: nothing after the commit may fail the saved write.
      return (await getUniversityById(row.id, { includeArchived: true }, tx))!;
    }),
  );
  await universityChanged(university);
  return university;
}

export const UNIVERSITY_CHANGED = changedSinceOpened("university");

/**
 * Changes a university. With `input.version` the write is conditional on it: 409 when the
 * university changed since that version (nothing written, no audit entry).
 */
export async function updateUniversity(
  actor: AuditActor,
  id: number,
  input: UniversityInput,
): Promise<UniversityDto> {
  let oldSlug = "";
  const university = await retryOnSlugClash(() =>
    prisma.$transaction(async (tx) => {
      const current = await tx.university.findUnique({
        where: { id },
        select: { name: true, slug: true, version: true },
      });
      if (!current) throw notFound(NOT_FOUND);
      if (input.version !== undefined && input.version !== current.version)
        throw staleWrite(UNIVERSITY_CHANGED);
      oldSlug = current.slug;
      const before = await snapshot(tx, id);
      const country = await findCountry(tx, input.country);
      const slug =
        current.name === input.name ? current.slug : await freeSlug(tx, input.name, country.code, id);
      // Conditional on the version read above: an edit saved in between makes this write nothing.
      const { count } = await tx.university.updateMany({
        where: { id, version: current.version },
        data: { ...columns(input), slug, countryId: country.id, version: { increment: 1 } },
      });
      if (count === 0) throw staleWrite(UNIVERSITY_CHANGED);
      await keepOldSlug(tx, id, current.slug, slug);
      // Files it stops using stay stored: a form that still shows them may be saved after this.
      await recordUsedUploads(tx, id, input);
      await recordAudit(tx, actor, {
        action: "university.update",
        entityType: "university",
        entityId: id,
        summary: input.name,
        before,
        after: await snapshot(tx, id),
      });
      return (await getUniversityById(id, { includeArchived: true }, tx))!;
    }),
  );
  // A new name may bring a new slug: the old address is expired too.
  await universityChanged(university);
  if (oldSlug !== university.slug) await universityChanged({ slug: oldSlug });
  return university;
}

/** What DELETE did: erased the row, or archived it because students had applied. */
export type DeleteOutcome = { archived: false } | { archived: true; applicationsKept: number };

export const UNIVERSITY_APPLICATIONS_ADDED =
  "Someone applied to this university while it was being deleted. Try again: it will be archived.";

/**
 * Deletes a university nobody applied to (its programs and drafts go with it). When any of its
 * programs has applications, it is archived instead, with all of its programs: hidden from the
 * public site, the applications and their history kept. The database backs this: an application
 * keeps its program from being deleted (ON DELETE RESTRICT).
 */
export async function deleteUniversity(actor: AuditActor, id: number): Promise<DeleteOutcome> {
  let documentKeys: string[] = [];
  try {
    const { slug, ...outcome } = await prisma.$transaction(async (tx) => {
      // Locks the row, so a concurrent restore or delete waits for this one.
      const [current] = await tx.$queryRaw<{ slug: string }[]>`
        SELECT "slug" FROM "universities" WHERE "id" = ${id} FOR UPDATE`;
      if (!current) throw notFound(NOT_FOUND);
      const before = (await snapshot(tx, id))!;
      const applicationsKept = await tx.application.count({ where: { program: { universityId: id } } });
      if (applicationsKept > 0) {
        // The programs first: the database refuses an archived university with live programs. A
        // program write waiting on this university's lock then finds it archived.
        const now = new Date();
        const programs = await tx.program.updateMany({
          where: { universityId: id, archivedAt: null },
          data: { archivedAt: now },
        });
        await tx.university.updateMany({ where: { id, archivedAt: null }, data: { archivedAt: now } });
        await recordAudit(tx, actor, {
          action: "university.archive",
          entityType: "university",
          entityId: id,
          summary: before.name,
          before,
          after: { ...(await snapshot(tx, id)), applicationsKept, programsArchived: programs.count },
        });
        // Its images stay in use: the university can be restored.
        return { slug: current.slug, archived: true as const, applicationsKept };
      }
      // Its files start their grace period; the sweeper deletes them after it.
      await recordUsedUploads(tx, id, { mainImage: null, images: [] });
      // Its programs' drafts' documents go with it: their files are deleted once this commits.
      documentKeys = await documentKeysOfPrograms(tx, { universityId: id });
      await tx.university.delete({ where: { id }, select: { id: true } });
      await recordAudit(tx, actor, {
        action: "university.delete",
        entityType: "university",
        entityId: id,
        summary: before.name,
        before,
      });
      return { slug: current.slug, archived: false as const };
    });
    await deleteFiles(documentKeys);
    await universityChanged({ slug });
    return outcome;
  } catch (error) {
    // An application submitted between the count and the delete: the foreign key refused it.
    if (violatedForeignKey(error) === "applications_programId_fkey")
      throw conflict(UNIVERSITY_APPLICATIONS_ADDED);
    throw error;
  }
}

/**
 * Brings an archived university back, with the programs archived along with it (those archived
 * on their own before stay archived). 404 for no such university; a live one is left as it is.
 */
export async function restoreUniversity(actor: AuditActor, id: number): Promise<UniversityDto> {
  const university = await prisma.$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ archivedAt: Date | null }[]>`
      SELECT "archivedAt" FROM "universities" WHERE "id" = ${id} FOR UPDATE`;
    if (!current) throw notFound(NOT_FOUND);
    const restored = async () => (await getUniversityById(id, { includeArchived: true }, tx))!;
    if (!current.archivedAt) return restored();
    const before = (await snapshot(tx, id))!;
    // The university first: the database refuses a live program under an archived university.
    await tx.university.update({ where: { id }, data: { archivedAt: null }, select: { id: true } });
    const programs = await tx.program.updateMany({
      where: { universityId: id, archivedAt: current.archivedAt },
      data: { archivedAt: null },
    });
    await recordAudit(tx, actor, {
      action: "university.restore",
      entityType: "university",
      entityId: id,
      summary: before.name,
      before,
      after: { ...(await snapshot(tx, id)), programsRestored: programs.count },
    });
    return restored();
  });
  await universityChanged(university);
  return university;
}
