import { prisma } from "@/lib/db/client.server";

// A checksum of every table a request could write, to prove that a refused write changed nothing.
// Whole tables, so run the files that use it on a database no other test file writes to at the
// same time (the security project runs in band on its own database).
//
// Each table gives its row count and the newest row version (max xmin: every INSERT and UPDATE
// writes a row version with its transaction's id, a DELETE lowers the count), so any committed
// write shows, even one that rewrites a value unchanged. The small tables also give an md5 of
// their contents. Hashing the 60,000 seeded programs' text on every write took a second a request.

const TABLES: Record<string, { key: string; md5: boolean }> = {
  users: { key: "id", md5: true },
  universities: { key: "id", md5: false },
  programs: { key: "id", md5: false },
  applications: { key: "id", md5: true },
  application_events: { key: "id", md5: true },
  application_drafts: { key: "id", md5: true },
  settings: { key: "key", md5: true },
  study_levels: { key: "id", md5: true },
  study_fields: { key: "id", md5: true },
};

export type Checksums = Record<string, string>;

/** Where a set of checksums keeps the next transaction id as it was when they were taken. */
const NEXT_XID = "next transaction id";

/**
 * The checksums of the tables now. Given the checksums taken before, they are returned as they are
 * when no transaction has written since (every write gets a transaction id, and the next id to
 * be given out did not move), so a run of refusals costs one cheap query each.
 */
export async function tableChecksums(previous?: Checksums): Promise<Checksums> {
  const [{ next }] = await prisma.$queryRawUnsafe<{ next: string }[]>(
    "SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next",
  );
  if (previous?.[NEXT_XID] === next) return previous;
  const select = Object.entries(TABLES)
    .map(([table, { key, md5 }]) => {
      const contents = md5 ? `md5(string_agg(md5(t::text), '' ORDER BY t.${key}))` : `''`;
      return `(SELECT count(*) || ':' || coalesce(max(t.xmin::text::bigint), 0) || ':' || coalesce(${contents}, '') FROM ${table} t) AS ${table}`;
    })
    .join(", ");
  const [row] = await prisma.$queryRawUnsafe<Checksums[]>(`SELECT ${select}`);
  return { ...row, [NEXT_XID]: next };
}

/** The tables whose checksum differs. */
export function changedTables(before: Checksums, after: Checksums): string[] {
  return Object.keys(TABLES).filter((table) => before[table] !== after[table]);
}
