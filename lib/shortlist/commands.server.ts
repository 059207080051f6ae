import "server-only";
import { prisma } from "@/lib/db/client.server";
import { LIVE_SCHOLARSHIP } from "@/lib/scholarships/queries.server";
import type { ShortlistKey } from "@/lib/validation/shortlist";

/**
 * Saves items to a student's shortlist in one transaction; an item already saved stays as it was
 * (no duplicates). Only live programs, universities and scholarships can be saved: unknown or
 * archived ones are skipped and returned, so a merge of an old browser list saves what still exists.
 */
export async function addToShortlist(
  userId: number,
  items: ShortlistKey[],
): Promise<{ skipped: ShortlistKey[] }> {
  const wanted = (type: ShortlistKey["type"]) => [
    ...new Set(items.filter((item) => item.type === type).map((item) => item.id)),
  ];
  return prisma.$transaction(async (tx) => {
    // One query at a time: a transaction's queries share one connection.
    const programs = await tx.program.findMany({
      where: { id: { in: wanted("program") }, archivedAt: null },
      select: { id: true },
    });
    const universities = await tx.university.findMany({
      where: { id: { in: wanted("university") }, archivedAt: null },
      select: { id: true },
    });
    const scholarships = await tx.scholarship.findMany({
      where: { id: { in: wanted("scholarship") }, ...LIVE_SCHOLARSHIP },
      select: { id: true },
    });
    const live = new Set([
      ...programs.map((p) => `program:${p.id}`),
      ...universities.map((u) => `university:${u.id}`),
      ...scholarships.map((s) => `scholarship:${s.id}`),
    ]);
    await tx.shortlistProgram.createMany({
      data: programs.map((p) => ({ userId, programId: p.id })),
      skipDuplicates: true,
    });
    await tx.shortlistUniversity.createMany({
      data: universities.map((u) => ({ userId, universityId: u.id })),
      skipDuplicates: true,
    });
    await tx.shortlistScholarship.createMany({
      data: scholarships.map((s) => ({ userId, scholarshipId: s.id })),
      skipDuplicates: true,
    });
    return { skipped: items.filter((item) => !live.has(`${item.type}:${item.id}`)) };
  });
}

/** Removes one item from a student's shortlist; removing an item not saved is not an error. */
export async function removeFromShortlist(userId: number, { type, id }: ShortlistKey): Promise<void> {
  if (type === "program") await prisma.shortlistProgram.deleteMany({ where: { userId, programId: id } });
  else if (type === "university")
    await prisma.shortlistUniversity.deleteMany({ where: { userId, universityId: id } });
  else await prisma.shortlistScholarship.deleteMany({ where: { userId, scholarshipId: id } });
}
