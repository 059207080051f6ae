import "server-only";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, notFound } from "@/lib/http/errors";
import { deleteStoredFiles } from "@/lib/storage/storage";
import { INVALID_COUNTRY, type UniversityInput } from "@/lib/validation/university";
import { getUniversityById, type UniversityDto } from "./queries";
import { slugify, uniqueSlug } from "./slug";

// Creating, changing and deleting universities (admin). Each write is one transaction: a
// rejected write changes nothing. The slug is derived here from the name (SPEC §5), made unique
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

/** A slug for `name` that no other university has. */
async function freeSlug(tx: Tx, name: string, countryCode: string, exceptId?: number) {
  const base = slugify(name) || "university";
  // uniqueSlug tries base, base-{cc}, base-{cc}-2...: only those can clash.
  const rows = await tx.university.findMany({
    where: {
      OR: [{ slug: base }, { slug: { startsWith: `${base}-${countryCode.toLowerCase()}` } }],
      ...(exceptId !== undefined && { id: { not: exceptId } }),
    },
    select: { slug: true },
  });
  const taken = new Set(rows.map((row) => row.slug));
  return uniqueSlug(name, countryCode, (slug) => taken.has(slug));
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

function columns(input: UniversityInput) {
  return {
    name: input.name,
    description: input.description,
    mainImage: input.mainImage,
    images: input.images,
    ranking: input.ranking,
    rankingSource: input.rankingSource,
    rankingYear: input.rankingYear,
  };
}

export async function createUniversity(input: UniversityInput): Promise<UniversityDto> {
  const id = await retryOnSlugClash(() =>
    prisma.$transaction(async (tx) => {
      const country = await findCountry(tx, input.country);
      const slug = await freeSlug(tx, input.name, country.code);
      const row = await tx.university.create({
        data: { ...columns(input), slug, countryId: country.id },
        select: { id: true },
      });
      return row.id;
    }),
  );
  return (await getUniversityById(id))!;
}

export interface WriteResult {
  /** Image URLs the university used before and no longer does. */
  droppedImages: string[];
}

const imagesOf = (row: { mainImage: string | null; images: string[] }) =>
  [row.mainImage, ...row.images].filter((url): url is string => !!url);

export async function updateUniversity(
  id: number,
  input: UniversityInput,
): Promise<WriteResult & { university: UniversityDto }> {
  const droppedImages = await retryOnSlugClash(() =>
    prisma.$transaction(async (tx) => {
      const current = await tx.university.findUnique({
        where: { id },
        select: { name: true, slug: true, mainImage: true, images: true },
      });
      if (!current) throw notFound(NOT_FOUND);
      const country = await findCountry(tx, input.country);
      const slug =
        current.name === input.name ? current.slug : await freeSlug(tx, input.name, country.code, id);
      await tx.university.update({
        where: { id },
        data: { ...columns(input), slug, countryId: country.id },
        select: { id: true },
      });
      const kept = new Set(imagesOf(input));
      return imagesOf(current).filter((url) => !kept.has(url));
    }),
  );
  return { university: (await getUniversityById(id))!, droppedImages };
}

/** Deletes the university; its programs and their applications go with it (ON DELETE CASCADE). */
export async function deleteUniversity(id: number): Promise<WriteResult> {
  return prisma.$transaction(async (tx) => {
    const current = await tx.university.findUnique({
      where: { id },
      select: { mainImage: true, images: true },
    });
    if (!current) throw notFound(NOT_FOUND);
    await tx.university.delete({ where: { id }, select: { id: true } });
    return { droppedImages: imagesOf(current) };
  });
}

/**
 * Deletes the stored files behind images no university uses any more. Best effort: it never
 * throws, because the change that dropped them is already saved.
 */
export async function removeUnusedImages(urls: string[]): Promise<void> {
  if (urls.length === 0) return;
  try {
    const users = await prisma.university.findMany({
      where: { OR: [{ mainImage: { in: urls } }, { images: { hasSome: urls } }] },
      select: { mainImage: true, images: true },
    });
    const stillUsed = new Set(users.flatMap(imagesOf));
    await deleteStoredFiles(urls.filter((url) => !stillUsed.has(url)));
  } catch (error) {
    console.warn("Could not remove the images universities no longer use:", error);
  }
}
