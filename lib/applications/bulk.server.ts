import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma } from "@/lib/db/client.server";
import { conflict, HttpError, unprocessable } from "@/lib/http/errors";
import { workspaceListQuery, type BulkInput } from "@/lib/validation/application";
import { formatCount } from "@/lib/format";
import type { Prisma } from "@/lib/generated/prisma/client";
import { assignIn } from "./assignment.server";
import { readyToQueueMail } from "./mail.server";
import { addPrivateNoteIn } from "./notes.server";
import { queueIds } from "./queue.server";
import { moveWithin } from "./transition.server";
import { BULK_MAX } from "./bulk";

// Work on many applications at once: assign them, move them to a status, or add a private note,
// on the rows a member of staff selected or on every row matching the workspace's filters. Each
// row is done on its own by the same command a single change uses (so the workflow table, the
// permissions and the own-application rule are checked per row, and each change writes its event
// and audit entry), inside a savepoint: a refused row is rolled back to it, so a row is changed
// whole or not at all, and the answer lists what changed, what already was so, and what was
// refused with the reason. Rows are committed CHUNK at a time: one commit per row would make a
// bulk of 500 wait for 500 flushes of the database's log.

type Staff = Pick<Viewer, "id" | "role" | "adminType" | "permissions" | "fullName">;

export interface BulkRow {
  id: number;
  studentName: string;
}

export interface BulkResult {
  changed: BulkRow[];
  /** Already as asked (assigned to that person already): nothing written. */
  unchanged: BulkRow[];
  refused: (BulkRow & { reason: string })[];
}

export const TOO_MANY = `Choose at most ${formatCount(BULK_MAX)} applications at once: narrow the filters.`;

/** "N applications match now, not M": the confirmation named another count than there is now. */
export function countChanged(now: number, confirmed: number): string {
  return `${formatCount(now)} ${now === 1 ? "application matches" : "applications match"} the filters now, not ${formatCount(confirmed)}: check the list and confirm again.`;
}

/** The ids the bulk action is for: those given, or every match of the filters (at most BULK_MAX). */
async function targetsOf(viewer: Staff, input: BulkInput): Promise<number[]> {
  if (input.ids) return [...new Set(input.ids)];
  const filters = workspaceListQuery.filterSchema.parse(
    Object.fromEntries(new URLSearchParams(input.filters ?? "")),
  );
  const ids = await queueIds(filters, viewer);
  // The confirmation named a count: acting on another number of rows is not what was confirmed.
  if (ids.length !== input.count) throw conflict(countChanged(ids.length, input.count ?? 0));
  return ids;
}

export async function runBulkAction(viewer: Staff, input: BulkInput): Promise<BulkResult> {
  const ids = await targetsOf(viewer, input);
  if (ids.length > BULK_MAX) throw unprocessable(TOO_MANY);
  const names = new Map(
    (
      await prisma.application.findMany({
        where: { id: { in: ids } },
        select: { id: true, user: { select: { fullName: true } } },
      })
    ).map((row) => [row.id, row.user.fullName]),
  );
  const result: BulkResult = { changed: [], unchanged: [], refused: [] };
  if (input.operation.type === "status") await readyToQueueMail();
  const now = new Date();
  for (let start = 0; start < ids.length; start += CHUNK) {
    // Outcomes are kept once the chunk has committed: a chunk that fails as a whole reports nothing.
    const outcomes = await prisma.$transaction(
      async (tx) => {
        const done: { id: number; outcome: "changed" | "unchanged" | string }[] = [];
        for (const id of ids.slice(start, start + CHUNK)) {
          await tx.$executeRaw`SAVEPOINT bulk_row`;
          try {
            const changed = await applyTo(tx, viewer, id, input, now);
            await tx.$executeRaw`RELEASE SAVEPOINT bulk_row`;
            done.push({ id, outcome: changed ? "changed" : "unchanged" });
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            await tx.$executeRaw`ROLLBACK TO SAVEPOINT bulk_row`;
            done.push({ id, outcome: error.message });
          }
        }
        return done;
      },
      { timeout: 60_000 },
    );
    for (const { id, outcome } of outcomes) {
      const row = { id, studentName: names.get(id) ?? `Application ${id}` };
      if (outcome === "changed" || outcome === "unchanged") result[outcome].push(row);
      else result.refused.push({ ...row, reason: outcome });
    }
  }
  return result;
}

/** Rows per transaction of a bulk action. */
const CHUNK = 50;

async function applyTo(
  tx: Prisma.TransactionClient,
  viewer: Staff,
  id: number,
  input: BulkInput,
  now: Date,
): Promise<boolean> {
  const { operation } = input;
  switch (operation.type) {
    case "assign":
      return (await assignIn(tx, viewer, id, operation.assigneeId, now)).changed;
    case "status":
      await moveWithin(tx, viewer, id, { status: operation.status, note: operation.note }, now);
      return true;
    case "note":
      await addPrivateNoteIn(tx, viewer, id, { text: operation.text });
      return true;
  }
}
