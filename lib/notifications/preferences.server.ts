import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma } from "@/lib/db/client.server";
import { violatedForeignKey } from "@/lib/db/errors.server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest } from "@/lib/http/errors";
import { searchAdminUniversities } from "@/lib/universities/search.server";
import type { NoticePreferencesInput } from "@/lib/validation/notifications";
import { NOTICE_DEFAULTS, NOTICE_KINDS, type NoticeDelivery, type NoticePreferences } from "./kinds";

// A staff member's own notice preferences (/admin/notifications, GET and PUT /api/user/notifications):
// how they are told of each kind of event, and the universities they handle. Their own settings,
// as a profile is: the whole set is replaced by each save, and no audit entry is written.

/** The first key of the per-staff lock of saving preferences (pg_advisory_xact_lock's two-key form). */
const PREFERENCES_LOCK_CLASS = 0x6e6f74;

export const NOTICES_SAVED = "Your e-mail choices and universities are saved.";

export const UNKNOWN_UNIVERSITY = "One of the universities chosen no longer exists: reload and choose again.";

const universitySelect = {
  id: true,
  name: true,
  country: { select: { name: true } },
} satisfies Prisma.UniversitySelect;

/** A staff member's choices (the defaults for kinds never chosen) and their universities by name. */
export async function getNoticePreferences(
  userId: number,
  db: Prisma.TransactionClient | typeof prisma = prisma,
): Promise<NoticePreferences> {
  const choices = await db.staffNoticeChoice.findMany({
    where: { userId },
    select: { kind: true, delivery: true },
  });
  const handled = await db.handledUniversity.findMany({
    where: { userId },
    select: { university: { select: universitySelect } },
    orderBy: { university: { name: "asc" } },
  });
  const chosen = new Map(choices.map((c) => [c.kind, c.delivery as NoticeDelivery]));
  return {
    choices: Object.fromEntries(
      NOTICE_KINDS.map((kind) => [kind, chosen.get(kind) ?? NOTICE_DEFAULTS[kind]]),
    ) as NoticePreferences["choices"],
    universities: handled.map(({ university }) => ({
      id: university.id,
      name: university.name,
      country: university.country.name,
    })),
    saved: choices.length > 0,
  };
}

/**
 * Replaces the staff member's choices and universities, in one transaction; 400 on
 * `universityIds` for an id no university has (or one deleted meanwhile). Answers them as saved.
 */
export async function saveNoticePreferences(
  viewer: Pick<Viewer, "id">,
  input: NoticePreferencesInput,
): Promise<NoticePreferences> {
  try {
    return await prisma.$transaction(async (tx) => {
      // Two saves at once (two tabs) run one after the other: the second replaces the first's
      // rows instead of colliding with them.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${PREFERENCES_LOCK_CLASS}::int, ${viewer.id}::int)`;
      const found = await tx.university.findMany({
        where: { id: { in: input.universityIds } },
        select: { id: true },
      });
      if (found.length !== input.universityIds.length)
        throw badRequest(UNKNOWN_UNIVERSITY, { universityIds: [UNKNOWN_UNIVERSITY] });
      await tx.staffNoticeChoice.deleteMany({ where: { userId: viewer.id } });
      await tx.staffNoticeChoice.createMany({
        data: NOTICE_KINDS.map((kind) => ({ userId: viewer.id, kind, delivery: input[kind] })),
      });
      await tx.handledUniversity.deleteMany({ where: { userId: viewer.id } });
      await tx.handledUniversity.createMany({
        data: input.universityIds.map((universityId) => ({ userId: viewer.id, universityId })),
      });
      return getNoticePreferences(viewer.id, tx);
    });
  } catch (error) {
    // A university deleted between the check and the insert.
    if (violatedForeignKey(error) === "handled_universities_universityId_fkey")
      throw badRequest(UNKNOWN_UNIVERSITY, { universityIds: [UNKNOWN_UNIVERSITY] });
    throw error;
  }
}

/** How many matches the page's university search shows. */
const SEARCH_LIMIT = 20;

/**
 * The universities whose name contains `q` (as the admin list searches, archived ones too, the
 * best known first), without those already `chosen`: a page of them, and how many others match.
 */
export async function findUniversitiesToHandle(
  q: string,
  chosen: readonly { id: number }[],
): Promise<{ items: NoticePreferences["universities"]; total: number }> {
  const { items, total } = await searchAdminUniversities(
    { nameContains: q },
    { limit: SEARCH_LIMIT + chosen.length, offset: 0 },
  );
  const taken = new Set(chosen.map((u) => u.id));
  const others = items.filter((u) => !taken.has(u.id));
  return {
    items: others.slice(0, SEARCH_LIMIT).map((u) => ({ id: u.id, name: u.name, country: u.country })),
    // The matches not chosen yet (a chosen one past the page read is still counted).
    total: total - (items.length - others.length),
  };
}
