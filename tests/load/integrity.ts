import { existsSync, readdirSync } from "node:fs";
import { Client } from "pg";
import { OPEN_STATUSES } from "@/lib/applications/workflow";
import type { Session } from "./http";
import type { Ledger } from "./scenario";

// After the load (and after each fault), the database must hold exactly what the clients were
// told: every 2xx submit one application with its first history event, no application for a
// submit that failed, never two open applications of one student to one program, every status
// change (an admin's, a student's reply or withdrawal) its history event, every admin's its audit
// entry, every program edit its audit entry, and the admin dashboard's figures equal to the
// tables' counts.
// A request that got no answer (a killed server, a cut connection) may have been written or not,
// but never half: its application, if there, is complete.

export interface IntegrityReport {
  failures: string[];
  /** Rows and answers compared, by what was checked. */
  checked: Record<string, number>;
  /** Submits the client got no answer to, and how many of them were written nonetheless. */
  unanswered: { submits: number; written: number };
}

interface ApplicationRow {
  id: number;
  userId: number;
  programId: number;
  status: string;
}

interface EventRow {
  applicationId: number;
  actorId: number | null;
  fromStatus: string | null;
  toStatus: string;
}

export async function checkIntegrity(
  databaseUrl: string,
  ledger: Ledger,
  admin: Session,
  documentsDir: string,
): Promise<IntegrityReport> {
  const failures: string[] = [];
  const checked: Record<string, number> = {};
  const count = (what: string, n = 1) => (checked[what] = (checked[what] ?? 0) + n);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const userIds = [...ledger.userIds];
    const { rows: applications } = await client.query<ApplicationRow>(
      `SELECT id, "userId", "programId", status::text AS status FROM applications WHERE "userId" = ANY($1)`,
      [userIds],
    );
    const { rows: events } = await client.query<EventRow>(
      `SELECT e."applicationId", e."actorId", e."fromStatus"::text AS "fromStatus", e."toStatus"::text AS "toStatus"
         FROM application_events e JOIN applications a ON a.id = e."applicationId"
        WHERE a."userId" = ANY($1) ORDER BY e.id`,
      [userIds],
    );
    const eventsOf = new Map<number, EventRow[]>();
    for (const event of events)
      eventsOf.set(event.applicationId, [...(eventsOf.get(event.applicationId) ?? []), event]);
    // A student may apply again once an application is closed: a pair may have several rows.
    const rowsOf = new Map<string, ApplicationRow[]>();
    for (const row of applications) {
      const key = `${row.userId}:${row.programId}`;
      rowsOf.set(key, [...(rowsOf.get(key) ?? []), row]);
    }

    // Submits, per student and program.
    const pairs = new Map<string, Ledger["submits"]>();
    for (const submit of ledger.submits) {
      const key = `${submit.userId}:${submit.programId}`;
      pairs.set(key, [...(pairs.get(key) ?? []), submit]);
    }
    let unanswered = 0;
    let unansweredWritten = 0;
    for (const [key, submits] of pairs) {
      const rows = rowsOf.get(key) ?? [];
      const succeeded = submits.filter((s) => s.outcome === 201);
      const unknown = submits.filter((s) => typeof s.outcome !== "number");
      unanswered += unknown.length;
      count("submits compared", submits.length);
      for (const submit of succeeded) {
        if (!rows.some((row) => row.id === submit.applicationId))
          failures.push(`a 201 submit has no application (${key}, id ${submit.applicationId})`);
      }
      // Rows no 201 named: only a submit that got no answer may have written one.
      const unnamed = rows.filter((row) => !succeeded.some((s) => s.applicationId === row.id));
      if (unnamed.length > unknown.length)
        failures.push(`failed submits left application ${unnamed[0].id} (${key})`);
      else unansweredWritten += unnamed.length;
      const open = rows.filter((row) => OPEN_STATUSES.includes(row.status as never));
      if (open.length > 1) failures.push(`${open.length} open applications for one program (${key})`);
    }
    for (const row of applications) {
      if (!pairs.has(`${row.userId}:${row.programId}`))
        failures.push(`application ${row.id} matches no submit`);
    }

    // Each application: its first history event, then one event per status change the admins were told succeeded.
    const changes = new Map<number, Ledger["statusChanges"]>();
    for (const change of ledger.statusChanges) {
      changes.set(change.applicationId, [...(changes.get(change.applicationId) ?? []), change]);
    }
    const studentMoves = new Map<number, Ledger["studentMoves"]>();
    for (const move of ledger.studentMoves) {
      studentMoves.set(move.applicationId, [...(studentMoves.get(move.applicationId) ?? []), move]);
    }
    for (const row of applications) {
      count("applications checked");
      const history = eventsOf.get(row.id) ?? [];
      const first = history.filter((e) => e.fromStatus === null);
      if (first.length !== 1 || first[0].toStatus !== "pending" || first[0].actorId !== row.userId) {
        failures.push(`application ${row.id} is half-written: ${first.length} first history events`);
      }
      const later = history.filter((e) => e.fromStatus !== null);
      count("history events checked", history.length);
      const told = (changes.get(row.id) ?? []).filter((c) => c.outcome === 200);
      const maybe = (changes.get(row.id) ?? []).filter((c) => typeof c.outcome !== "number");
      for (const change of told) {
        const matching = later.filter(
          // The database stores the statuses as the API names them ("in-review").
          (e) => e.toStatus === change.to && e.fromStatus === change.from && e.actorId === change.actorId,
        );
        if (matching.length !== 1)
          failures.push(
            `status change of application ${row.id} to ${change.to} has ${matching.length} history events`,
          );
      }
      const moves = studentMoves.get(row.id) ?? [];
      const moved = moves.filter((m) => m.outcome === 200 || m.outcome === 204);
      const maybeMoved = moves.filter((m) => typeof m.outcome !== "number");
      for (const move of moved) {
        const matching = later.filter((e) => e.toStatus === move.to && e.actorId === move.userId);
        count("student moves compared");
        if (matching.length !== 1)
          failures.push(
            `${move.kind} of application ${row.id} to ${move.to} has ${matching.length} history events`,
          );
      }
      const answered = told.length + moved.length;
      if (later.length < answered || later.length > answered + maybe.length + maybeMoved.length)
        failures.push(`application ${row.id}: ${later.length} status events for ${answered} status changes`);
      const last = history.at(-1);
      if (last && last.toStatus !== row.status)
        failures.push(`application ${row.id} is ${row.status} but its history ends at ${last.toStatus}`);
    }

    // The whole database: never two open applications of one student to one program, nothing
    // half-written.
    const { rows: duplicates } = await client.query(
      `SELECT "userId", "programId" FROM applications WHERE status::text = ANY($1)
        GROUP BY 1, 2 HAVING count(*) > 1`,
      [[...OPEN_STATUSES]],
    );
    if (duplicates.length)
      failures.push(`${duplicates.length} students with two open applications to a program`);
    const { rows: halfWritten } = await client.query(
      `SELECT a.id FROM applications a
        WHERE (SELECT count(*) FROM application_events e WHERE e."applicationId" = a.id AND e."fromStatus" IS NULL) <> 1`,
    );
    if (halfWritten.length)
      failures.push(`${halfWritten.length} applications without exactly one first event`);

    // Audit entries: one per status change and program edit the admins were told succeeded.
    const audits = async (action: string) => {
      const { rows } = await client.query<{ entityId: string; n: number }>(
        `SELECT "entityId", count(*)::int AS n FROM audit_events WHERE action = $1 GROUP BY 1`,
        [action],
      );
      return new Map(rows.map((r) => [Number(r.entityId), r.n]));
    };
    const statusAudits = await audits("application.status");
    for (const [id, list] of changes) {
      const told = list.filter((c) => c.outcome === 200).length;
      const maybe = list.filter((c) => typeof c.outcome !== "number").length;
      const n = statusAudits.get(id) ?? 0;
      count("status changes compared", list.length);
      if (n < told || n > told + maybe)
        failures.push(`application ${id}: ${n} audit entries for ${told} status changes`);
    }
    const programAudits = await audits("program.update");
    const edits = new Map<number, Ledger["programEdits"]>();
    for (const edit of ledger.programEdits)
      edits.set(edit.programId, [...(edits.get(edit.programId) ?? []), edit]);
    for (const [id, list] of edits) {
      const told = list.filter((e) => e.outcome === 200);
      const maybe = list.filter((e) => typeof e.outcome !== "number").length;
      const n = programAudits.get(id) ?? 0;
      count("program edits compared", list.length);
      if (n < told.length || n > told.length + maybe)
        failures.push(`program ${id}: ${n} audit entries for ${told.length} edits`);
      const { rows } = await client.query<{ description: string }>(
        `SELECT description FROM programs WHERE id = $1`,
        [id],
      );
      if (told.length && !list.some((e) => e.description === rows[0]?.description))
        failures.push(`program ${id} holds a description no edit sent`);
    }

    // The dashboard's figures (GET /api/dashboard/stats) against the tables, with nothing running.
    const stats = await admin.send("dashboard check", "GET", "/api/dashboard/stats");
    if (stats.status !== 200) failures.push(`GET /api/dashboard/stats answered ${stats.status}`);
    else {
      const shown = stats.json<{
        users: { total: number };
        universities: { total: number };
        programs: { total: number };
        applications: { total: number; pending: number };
      }>();
      const { rows } = await client.query<Record<string, number>>(`SELECT
        (SELECT count(*)::int FROM users) AS users,
        (SELECT count(*)::int FROM universities WHERE "archivedAt" IS NULL) AS universities,
        (SELECT count(*)::int FROM programs WHERE "archivedAt" IS NULL) AS programs,
        (SELECT count(*)::int FROM applications) AS applications,
        (SELECT count(*)::int FROM applications WHERE status = 'pending') AS pending`);
      const counted = rows[0];
      const figures: [string, number, number][] = [
        ["users", shown.users.total, counted.users],
        ["universities", shown.universities.total, counted.universities],
        ["programs", shown.programs.total, counted.programs],
        ["applications", shown.applications.total, counted.applications],
        ["pending applications", shown.applications.pending, counted.pending],
      ];
      for (const [name, dashboard, database] of figures) {
        count("dashboard figures compared");
        if (dashboard !== database)
          failures.push(`the dashboard shows ${dashboard} ${name}, the database has ${database}`);
      }
    }
    // Uploaded documents: each row's file is stored, each stored file has its row (a file is
    // stored before its row and deleted after it, so neither is left alone by a finished request),
    // and at least as many rows as uploads answered 201 that no later upload replaced.
    const { rows: documents } = await client.query<{ key: string }>(`SELECT key FROM application_documents`);
    const files = new Set(
      existsSync(documentsDir) ? readdirSync(documentsDir).filter((name) => !name.endsWith(".tmp")) : [],
    );
    const keys = new Set(documents.map((row) => row.key));
    count("documents compared with their files", documents.length);
    for (const key of keys) if (!files.has(key)) failures.push(`document ${key} has a row but no file`);
    for (const file of files) if (!keys.has(file)) failures.push(`file ${file} has no document row`);
    if (ledger.uploads > 0 && documents.length === 0)
      failures.push(`${ledger.uploads} uploads were answered 201, and no document is stored`);
    return { failures, checked, unanswered: { submits: unanswered, written: unansweredWritten } };
  } finally {
    await client.end();
  }
}
