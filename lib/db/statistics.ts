import type { PrismaClient } from "@/lib/generated/prisma/client";

/** The tables whose statistics the search's query plans depend on. */
const CATALOGUE_TABLES = ["countries", "universities", "programs"] as const;

/**
 * Refreshes the planner's statistics of the catalogue after a bulk write (the seed, an import).
 * Until autovacuum gets to it (a minute later at best, never where it is off), the planner
 * estimates a freshly loaded table from the statistics it had before: at 10,000 universities it
 * then joined every program of a field to every university of a country, and a search that
 * takes 7 ms took 2 to 4 s.
 *
 * With `vacuum`, it also marks the new pages all-visible, without which the counts that could
 * read an index alone (the tuition filter's) visit every matching row. That reads every page of
 * the tables and, on the embedded database, holds up every other query meanwhile (an import's
 * answer outlasted an end-to-end test's 5 s wait), so only the seed asks for it; after an import,
 * autovacuum does it (on by default; it runs after inserts too). It cannot run inside a
 * transaction: call this after the bulk write has committed.
 */
export async function refreshCatalogueStatistics(
  db: Pick<PrismaClient, "$executeRawUnsafe">,
  options: { vacuum?: boolean } = {},
): Promise<void> {
  await db.$executeRawUnsafe(catalogueStatisticsStatement(options));
}

/** The statement of refreshCatalogueStatistics, for callers with a plain pg client (the bench). */
export function catalogueStatisticsStatement({ vacuum = false }: { vacuum?: boolean } = {}): string {
  // Table names from the constant above, never from input.
  const tables = CATALOGUE_TABLES.map((table) => `"${table}"`).join(", ");
  return `${vacuum ? "VACUUM (ANALYZE)" : "ANALYZE"} ${tables}`;
}
