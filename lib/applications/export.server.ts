import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma } from "@/lib/db/client.server";
import { csv } from "@/lib/import/export.server";
import type { WorkspaceFilters } from "@/lib/validation/application";
import { dayOf } from "./dates";
import { queueIds } from "./queue.server";
import { STATUS_LABELS, toStatus } from "./status";

// The workspace's CSV export: one row per application matching the list's filters, in the list's
// order, so the file holds what the screen lists (the same WHERE, lib/applications/queue.server.ts).
// Written as it downloads: the matching ids are read first (small numbers), then the rows a batch
// at a time, so 100,000 applications are never held in memory at once. Cells that a spreadsheet
// would run as a formula are protected as in the catalogue's exports. Private notes stay out: an
// export leaves the platform.

const BATCH = 500;

export const APPLICATION_EXPORT_COLUMNS = [
  "id",
  "student",
  "email",
  "program",
  "degree",
  "level",
  "university",
  "country",
  "status",
  "submitted",
  "decide_by",
  "reply_by",
  "assignee",
  "conditions",
  "documents",
  "requests_open",
  "requests_answered",
] as const;

async function rowsOf(ids: number[]): Promise<unknown[][]> {
  const rows = await prisma.application.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      status: true,
      submittedAt: true,
      decideBy: true,
      replyBy: true,
      user: { select: { fullName: true, email: true } },
      assignee: { select: { fullName: true } },
      program: {
        select: {
          name: true,
          degree: true,
          level: true,
          university: { select: { name: true, country: { select: { code: true } } } },
        },
      },
      conditions: { orderBy: { position: "asc" }, select: { text: true, status: true } },
      documents: { orderBy: { id: "asc" }, select: { documentType: true } },
      requests: { where: { status: { in: ["open", "answered"] } }, select: { status: true } },
    },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    // Each document type once, with how many versions it has: "CV; Transcript (2)".
    const documents = new Map<string, number>();
    for (const d of row.documents) documents.set(d.documentType, (documents.get(d.documentType) ?? 0) + 1);
    return [
      [
        row.id,
        row.user.fullName,
        row.user.email,
        row.program.name,
        row.program.degree,
        row.program.level,
        row.program.university.name,
        row.program.university.country.code,
        STATUS_LABELS[toStatus(row.status)],
        row.submittedAt.toISOString(),
        dayOf(row.decideBy),
        row.replyBy ? dayOf(row.replyBy) : "",
        row.assignee?.fullName ?? "",
        row.conditions.map((c) => `${c.text} [${c.status}]`).join("; "),
        [...documents].map(([type, n]) => (n > 1 ? `${type} (${n})` : type)).join("; "),
        row.requests.filter((r) => r.status === "open").length,
        row.requests.filter((r) => r.status === "answered").length,
      ],
    ];
  });
}

/** The CSV of the applications matching `filters`, as a stream (header first). */
export function exportApplicationsCsv(
  filters: WorkspaceFilters,
  viewer: Pick<Viewer, "id">,
  now = new Date(),
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let ids: number[] | null = null;
  let next = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csv([[...APPLICATION_EXPORT_COLUMNS]])));
    },
    async pull(controller) {
      ids ??= await queueIds(filters, viewer, now);
      const batch = ids.slice(next, next + BATCH);
      next += BATCH;
      if (batch.length > 0) controller.enqueue(encoder.encode(csv(await rowsOf(batch))));
      if (next >= ids.length) controller.close();
    },
  });
}
