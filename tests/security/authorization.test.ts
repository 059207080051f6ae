// First: DOCUMENTS_DIR must point at a temporary folder before the storage module reads it.
import "../support/temp-documents";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { prisma } from "@/lib/db/client.server";
import { getDocumentStorage } from "@/lib/storage/private.server";
import { documentsDir } from "../support/temp-documents";
import { makePdf } from "../support/documents";
import { toDbStatus } from "@/lib/applications/status";
import { TRANSITIONS } from "@/lib/applications/workflow";
import { PERMISSIONS, permissionRefusal, type Permission } from "@/lib/auth/staff-permissions";
import type { Audience } from "@/lib/http/route.server";
import type { Mail } from "@/lib/mail/send.server";
import { changedTables, tableChecksums } from "../support/checksum";
import { cleanup, createApplication, createProgram } from "../support/factories";
import { ACTORS, encodeSegment, type Actor, type Endpoint, type World } from "./corpus";
import {
  errorShapeProblem,
  grant,
  loadEndpoints,
  makeWorld,
  refreshSessions,
  send,
  sessionOf,
  type Answer,
} from "./world";

// The authorization matrix: every method of every route × {anonymous, student, another
// student, team admin, super admin}, with the status each should get, derived from the route's
// declared audience (lib/http/route.server.ts); a route method without a declaration fails. Calls that
// get past authorisation carry ids no schema accepts and no body, so they stop at validation and
// change nothing, except the routes of one owner: those get the student's real rows, and the other
// student must get nothing of them and change nothing. Auth.js's catch-all route is one row per
// action (session, csrf, signin, ...), each also called with a signed-out session's cookie.
//
// The permission dimension: the team actor holds every permission (as every team admin did when
// permissions came); a route that declares one (route()'s `permission`) is also called by a team
// admin holding every permission but that one ("lacking": 403 saying what to ask for, nothing
// changed) and by one holding that one alone ("holding": let in).

jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void mail }));

/** "let in": any answer but 401 or 403 (what follows is the route's own business). */
type Expected = 401 | 403 | 404 | "let in" | "own data only";

const MATRIX_ORDER: Actor[] = ["anonymous", "otherStudent", "team", "super", "student"];

function expectedFor(audience: Audience, actor: Actor): Expected {
  const allowed: Record<Audience, Actor[]> = {
    public: [...ACTORS],
    user: ["student", "otherStudent", "team", "super"],
    admin: ["team", "super"],
    superAdmin: ["super"],
  };
  if (allowed[audience].includes(actor)) return "let in";
  return actor === "anonymous" ? 401 : 403;
}

const REFEREE = { name: "Dr Matrix", email: "referee.matrix@example.test", relationship: "Teacher" };

/**
 * The routes with an owner, called with the student's own rows: what the other student gets.
 * Drafts are keyed by the signed-in user, so the other student reaches only their own (none).
 */
const OWNED: Record<
  string,
  { params: (w: World) => Record<string, string>; other: Expected; json?: unknown }
> = {
  "GET /api/applications/[id]": { params: (w) => ({ id: String(w.ownApplicationId) }), other: 404 },
  "DELETE /api/applications/[id]": { params: (w) => ({ id: String(w.ownApplicationId) }), other: 404 },
  "POST /api/applications/[id]/reply": {
    params: (w) => ({ id: String(w.ownApplicationId) }),
    other: 404,
    json: { answer: "decline" },
  },
  // The team's request on the student's application: another student reaches neither.
  "PUT /api/applications/[id]/requests/[requestId]/document": {
    params: (w) => ({ id: String(w.ownApplicationId), requestId: String(w.ownRequestId) }),
    other: 404,
  },
  "POST /api/applications/[id]/requests/[requestId]/answer": {
    params: (w) => ({ id: String(w.ownApplicationId), requestId: String(w.ownRequestId) }),
    other: 404,
    json: { answer: "Here it is." },
  },
  "PATCH /api/user/searches/[id]": {
    params: (w) => ({ id: String(w.ownSavedSearchId) }),
    other: 404,
    json: { name: "Not yours" },
  },
  "DELETE /api/user/searches/[id]": { params: (w) => ({ id: String(w.ownSavedSearchId) }), other: 404 },
  "GET /api/applications": { params: () => ({}), other: "own data only" },
  "GET /api/applications/drafts/[programId]": {
    params: (w) => ({ programId: String(w.programId) }),
    other: "own data only",
  },
  "DELETE /api/applications/drafts/[programId]": {
    params: (w) => ({ programId: String(w.programId) }),
    other: "own data only",
  },
  // A document of the student's submitted application: staff read it, another student gets the
  // 404 of a missing id. The draft's documents are reached through the signed-in user only.
  "GET /api/documents/[id]": { params: () => ({ id: String(ownDocumentId) }), other: 404 },
  "GET /api/applications/drafts/[programId]/documents": {
    params: (w) => ({ programId: String(w.programId) }),
    other: "own data only",
  },
  "DELETE /api/applications/drafts/[programId]/documents/[typeId]": {
    params: (w) => ({ programId: String(w.programId), typeId: String(draftDocumentTypeId) }),
    other: 404,
  },
  // The references of the student's application: another student gets the 404 of a missing one.
  "GET /api/applications/[id]/references": {
    params: (w) => ({ id: String(w.ownApplicationId) }),
    other: 404,
  },
  "POST /api/applications/[id]/references": {
    params: (w) => ({ id: String(w.ownApplicationId) }),
    other: 404,
    json: REFEREE,
  },
  "POST /api/applications/[id]/references/[refId]/reminder": {
    params: (w) => ({ id: String(w.ownApplicationId), refId: "1" }),
    other: 404,
  },
  "POST /api/applications/[id]/references/[refId]/replace": {
    params: (w) => ({ id: String(w.ownApplicationId), refId: "1" }),
    other: 404,
    json: REFEREE,
  },
};

/**
 * The query strings of routes that would otherwise read the whole seeded catalogue per actor (the
 * exports: who may call them is the question here, not how long tens of thousands of rows take),
 * or that answer nothing without one (the fit check needs its programs).
 */
const narrowedToTheWorld = (w: World) => `?q=${encodeURIComponent(w.slug.replaceAll("-", " "))}`;
const NARROWED: Record<string, (w: World) => string> = {
  "GET /api/programs/export.csv": narrowedToTheWorld,
  "GET /api/universities/export.csv": narrowedToTheWorld,
  "GET /api/scholarships/export.csv": narrowedToTheWorld,
  "GET /api/user/fit": (w) => `?programs=${w.programId}`,
};

let ownDocumentId = 0;
let draftDocumentTypeId = 0;

/** A document of the student's, with its file: on their application, or (null) on their draft. */
async function storeDocument(documentType: string, applicationId: number | null): Promise<number> {
  const pdf = await makePdf();
  const key = `${randomBytes(16).toString("hex")}.pdf`;
  const path = join(documentsDir, `source-${key}`);
  writeFileSync(path, pdf);
  await getDocumentStorage().putFile(key, path, "application/pdf", pdf.length);
  const row = await prisma.applicationDocument.create({
    data: {
      key,
      userId: world.userIds.student,
      programId: world.programId,
      applicationId,
      documentType,
      name: "transcript.pdf",
      contentType: "application/pdf",
      size: pdf.length,
    },
  });
  return row.id;
}

function pathOf(pattern: string, params: Record<string, string | string[]>): string {
  return pattern
    .split("/")
    .map((segment) => {
      const match = /^\[(?:\.\.\.)?(.+)\]$/.exec(segment);
      if (!match) return segment;
      const value = params[match[1]];
      return (Array.isArray(value) ? value : [value]).map(encodeSegment).join("/");
    })
    .join("/");
}

/** Segments no schema takes as a row (so allowed calls stop at validation), or a harmless real one. */
function harmlessParams(pattern: string, authAction?: string): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [, name] of pattern.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)) {
    params[name] = name === "nextauth" ? (authAction ?? "session").split("/") : "x";
  }
  return params;
}

/**
 * Auth.js's own endpoints, one row per action: its catch-all route serves them all. POSTs carry no
 * CSRF token, so none of them signs anyone in or out.
 */
const AUTH_JS_ACTIONS: Record<string, string[]> = {
  GET: ["session", "csrf", "providers", "signin", "signout", "error"],
  POST: ["session", "signout", "signin/credentials", "callback/credentials"],
};
/** The actions that read the caller's session, and answer with it. */
const SESSION_READERS = new Set(["GET /api/auth/session", "POST /api/auth/session"]);

type Row = ReturnType<typeof loadEndpoints>[number] & { authAction?: string };

const endpoints: Row[] = loadEndpoints().flatMap((e) =>
  e.pattern.includes("[...nextauth]")
    ? (AUTH_JS_ACTIONS[e.method] ?? ["session"]).map((authAction) => ({
        ...e,
        name: `${e.method} /api/auth/${authAction}`,
        authAction,
      }))
    : [e],
);
let world: World;
const matrix = new Map<string, Record<string, string>>();

beforeAll(async () => {
  world = await makeWorld();
  // The student's draft, which the other student must not reach.
  await prisma.applicationDraft.create({
    data: {
      userId: world.userIds.student,
      programId: world.programId,
      data: { step: 1, personalStatement: "own" },
    },
  });
  // A document on the student's application and one on the draft, with their files.
  const [transcript, cv] = await Promise.all(
    ["Transcript", "CV"].map((name) => prisma.documentType.findUniqueOrThrow({ where: { name } })),
  );
  draftDocumentTypeId = cv.id;
  await prisma.programDocument.createMany({
    data: [
      { programId: world.programId, documentType: transcript.name, required: false },
      { programId: world.programId, documentType: cv.name, required: false },
    ],
  });
  ownDocumentId = await storeDocument(transcript.name, world.ownApplicationId);
  await storeDocument(cv.name, null);
}, 120_000);

beforeEach(() => refreshSessions(world));

/** The student's draft on the world's program, as JSON (null when there is none). */
async function studentDraftData(): Promise<string | null> {
  const draft = await prisma.applicationDraft.findUnique({
    where: { userId_programId: { userId: world.userIds.student, programId: world.programId } },
  });
  return draft ? JSON.stringify(draft.data) : null;
}

afterAll(async () => {
  await cleanup();
  const columns = [...ACTORS, "revoked", "lacking", "holding"] as const;
  const rows = [...matrix].map(
    ([name, cells]) => `  ${name.padEnd(48)} ${columns.map((a) => (cells[a] ?? "").padEnd(14)).join("")}`,
  );
  process.stdout.write(
    `\nAuthorization matrix (${matrix.size} route methods × ${ACTORS.length} actors = ${matrix.size * ACTORS.length} calls):\n` +
      `  ${"".padEnd(48)} ${columns.map((a) => a.padEnd(14)).join("")}\n${rows.join("\n")}\n\n`,
  );
});

test("every route method is declared through route()", () => {
  expect(endpoints.length).toBeGreaterThan(40);
  expect(endpoints.filter((e) => e.declaration === null).map((e) => e.name)).toEqual([]);
});

const sessionCookies = (answer: Answer) =>
  answer.setCookies.filter((cookie) => /^(__Secure-)?authjs\.session-token(\.\d+)?=[^;]+/.test(cookie));

/**
 * Auth.js's endpoints answer through the app's own session check: no answer carries the
 * server-side session id; the session endpoints name each signed-in actor as the app sees them
 * and nobody to the anonymous visitor; and a copy of a signed-out session's cookie (the "revoked"
 * column) gets exactly the anonymous visitor's answer, with no renewed session cookie.
 */
async function authJsProblems(
  name: string,
  endpoint: Endpoint,
  authAction: string,
  cells: Record<string, string>,
  answers: Record<Actor, Answer>,
): Promise<string[]> {
  const problems: string[] = [];
  const params = harmlessParams(endpoint.pattern, authAction);
  const revoked = await send(sessionOf(world.revoked), endpoint.handler, pathOf(endpoint.pattern, params), {
    method: endpoint.method,
    params: params as Record<string, string>,
  });
  cells.revoked = String(revoked.status);
  for (const [actor, answer] of [...Object.entries(answers), ["revoked", revoked] as const]) {
    if (/"(sid|sv)"/.test(answer.text))
      problems.push(`${actor}: the answer carries the session id or version`);
  }
  const anonymous = answers.anonymous;
  const bodyOf = (answer: Answer) => (answer.text ? (JSON.parse(answer.text) as unknown) : null);
  // The same status and the same JSON keys (a CSRF token is new on every call).
  const shapeOf = (answer: Answer) => {
    if (!answer.contentType.startsWith("application/json")) return null;
    const body = bodyOf(answer);
    return body !== null && typeof body === "object" ? Object.keys(body).sort().join() : JSON.stringify(body);
  };
  const sameAnswer = (a: Answer, b: Answer) => a.status === b.status && shapeOf(a) === shapeOf(b);
  if (!sameAnswer(revoked, anonymous))
    problems.push(`revoked: got ${revoked.status} ${revoked.text.slice(0, 120)}, not the anonymous answer`);
  if (sessionCookies(revoked).length) problems.push("revoked: the session cookie was renewed");
  if (name === "GET /api/auth/session") {
    if (bodyOf(anonymous) !== null) problems.push(`anonymous: ${anonymous.text.slice(0, 120)}`);
    for (const actor of ACTORS.filter((a): a is Exclude<Actor, "anonymous"> => a !== "anonymous")) {
      const user = (bodyOf(answers[actor]) as { user?: { id?: string } } | null)?.user;
      if (user?.id !== String(world.userIds[actor])) problems.push(`${actor}: named ${JSON.stringify(user)}`);
    }
  }
  if (SESSION_READERS.has(name) && revoked.status === 200 && bodyOf(revoked) !== null)
    problems.push(`revoked: ${revoked.text.slice(0, 120)}`);
  return problems;
}

/**
 * A route that declares a permission, called by a team admin holding every other permission
 * (refused: 403 naming what to ask for, nothing changed) and by one holding that permission alone
 * (let in), with the same harmless request as the matrix's.
 */
async function permissionProblems(
  name: string,
  endpoint: Endpoint,
  permission: Permission,
  cells: Record<string, string>,
): Promise<string[]> {
  const problems: string[] = [];
  const owned = OWNED[name];
  const params = owned ? owned.params(world) : harmlessParams(endpoint.pattern);
  const call = () =>
    send(
      sessionOf(world.grantee.agent),
      endpoint.handler,
      pathOf(endpoint.pattern, params) + (NARROWED[name]?.(world) ?? ""),
      {
        method: endpoint.method,
        params: params as Record<string, string>,
        ...(owned?.json ? { json: owned.json } : {}),
      },
    );

  await grant(
    world,
    PERMISSIONS.filter((other) => other !== permission),
  );
  const before = await tableChecksums();
  const lacking = await call();
  const changed = changedTables(before, await tableChecksums(before));
  cells.lacking = String(lacking.status);
  if (lacking.status !== 403) problems.push(`lacking ${permission}: expected 403, got ${lacking.status}`);
  else if ((JSON.parse(lacking.text) as { error?: string }).error !== permissionRefusal(permission))
    problems.push(`lacking ${permission}: said ${lacking.text.slice(0, 200)}`);
  if (changed.length)
    problems.push(`lacking ${permission}: answered ${lacking.status} but changed ${changed}`);

  await grant(world, [permission]);
  const holding = await call();
  cells.holding = String(holding.status);
  if ([401, 403].includes(holding.status) || holding.status >= 500)
    problems.push(
      `holding ${permission}: expected to be let in, got ${holding.status} ${holding.text.slice(0, 200)}`,
    );
  return problems;
}

test.each(endpoints.map((e) => [e.name, e] as const))("%s", async (name, e) => {
  // A route without a declaration has no row in the matrix: that is a failure of its own.
  expect(e.declaration).not.toBeNull();
  const endpoint = e as Endpoint;
  const owned = OWNED[name];
  const cells = {} as Record<Actor, string>;
  const answers = {} as Record<Actor, Answer>;
  const problems: string[] = [];
  for (const actor of MATRIX_ORDER) {
    const expected: Expected =
      actor === "otherStudent" && owned && expectedFor(endpoint.declaration.auth, actor) === "let in"
        ? owned.other
        : expectedFor(endpoint.declaration.auth, actor);
    const params = owned ? owned.params(world) : harmlessParams(endpoint.pattern, e.authAction);
    // The student's draft as it is now: earlier rows may have changed it lawfully (a withdrawal
    // keeps the withdrawn answers as the draft); the other student's call must not.
    const watchDraft = actor === "otherStudent" && owned && name.includes("drafts");
    const studentDraft = watchDraft ? await studentDraftData() : null;
    const before = await tableChecksums();
    const answer = await send(
      sessionOf(world.agents[actor]),
      endpoint.handler,
      pathOf(endpoint.pattern, params) + (NARROWED[name]?.(world) ?? ""),
      {
        method: endpoint.method,
        params: params as Record<string, string>,
        ...(owned?.json ? { json: owned.json } : {}),
      },
    );
    const after = await tableChecksums(before);
    cells[actor] = String(answer.status);
    answers[actor] = answer;
    const seen =
      answer.status === 401 || answer.status === 403 || answer.status >= 500 ? answer.status : "let in";
    if (answer.status >= 500) problems.push(`${actor}: ${answer.status} ${answer.text.slice(0, 200)}`);
    if (answer.status >= 400 && answer.status < 500 && errorShapeProblem(answer))
      problems.push(`${actor}: ${answer.status} not in the error shape`);
    if (typeof expected === "number" && answer.status !== expected) {
      problems.push(`${actor}: expected ${expected}, got ${answer.status}`);
    }
    if (expected === "let in" && seen !== "let in")
      problems.push(`${actor}: expected to be let in, got ${seen}`);
    if (expected === "own data only") {
      if (seen !== "let in") problems.push(`${actor}: expected to be let in, got ${seen}`);
      // Nothing of the student's may be in the answer.
      const body = answer.text ? (JSON.parse(answer.text) as unknown) : null;
      const ids = (Array.isArray(body) ? body : [body]).map((item) => (item as { id?: number } | null)?.id);
      if (ids.includes(world.ownApplicationId)) problems.push(`${actor}: saw the student's application`);
      const statement = (body as { data?: { personalStatement?: string } } | null)?.data?.personalStatement;
      const studentsStatement =
        studentDraft === null
          ? undefined
          : (JSON.parse(studentDraft) as { personalStatement?: string }).personalStatement;
      if (statement !== undefined && statement === studentsStatement)
        problems.push(`${actor}: saw the student's draft`);
    }
    // Whoever is refused, and the other student on the student's rows, change nothing (a draft
    // DELETE of the other student's reaches only their own draft: checked below).
    const mustNotChange =
      seen !== "let in" || (actor === "otherStudent" && owned && owned.other !== "own data only");
    const changed = changedTables(before, after);
    if (mustNotChange && changed.length)
      problems.push(`${actor}: answered ${answer.status} but changed ${changed}`);
    if (watchDraft && (await studentDraftData()) !== studentDraft)
      problems.push(`${actor}: the student's draft changed`);
  }
  if (e.authAction) problems.push(...(await authJsProblems(name, endpoint, e.authAction, cells, answers)));
  if (endpoint.declaration.permission)
    problems.push(...(await permissionProblems(name, endpoint, endpoint.declaration.permission, cells)));
  matrix.set(name, cells);
  expect(problems).toEqual([]);
});

test("a draft's document is its student's alone: staff get the 404 of a missing id too", async () => {
  const endpoint = endpoints.find((e) => e.name === "GET /api/documents/[id]") as Endpoint;
  const params = { id: String(await storeDocument("Passport", null)) };
  const statuses: Record<string, number> = {};
  for (const actor of ACTORS) {
    const answer = await send(
      sessionOf(world.agents[actor]),
      endpoint.handler,
      `/api/documents/${params.id}`,
      {
        method: "GET",
        params,
      },
    );
    statuses[actor] = answer.status;
  }
  expect(statuses).toEqual({ anonymous: 401, student: 200, otherStudent: 404, team: 404, super: 404 });
});

/**
 * The routes that change an application's status or its review data (the team's notes included),
 * each with a request that would do it to the team admin's own application. Staff may apply like students, but whoever
 * submitted an application never reviews it: the team admin gets 403 and changes nothing, the
 * super admin (another team member) is let in.
 */
const REVIEWS: Record<string, (w: World) => { params: Record<string, string>; json: unknown }> = {
  "PATCH /api/applications/[id]": (w) => ({
    params: { id: String(w.teamApplicationId) },
    json: { status: "in-review", note: "Reviewing my own application." },
  }),
  "PATCH /api/applications/[id]/conditions/[conditionId]": (w) => ({
    params: { id: String(w.teamOffer.applicationId), conditionId: String(w.teamOffer.conditionId) },
    json: { status: "met", note: "My own transcript arrived." },
  }),
  "POST /api/applications/[id]/notes": (w) => ({
    params: { id: String(w.teamApplicationId) },
    json: { text: "A note on my own application." },
  }),
  "PUT /api/applications/[id]/assignee": (w) => ({
    params: { id: String(w.teamApplicationId) },
    json: { assigneeId: null },
  }),
  "POST /api/applications/[id]/requests": (w) => ({
    params: { id: String(w.teamApplicationId) },
    json: { documentType: "Transcript", message: "Asking myself for my transcript." },
  }),
  "POST /api/applications/[id]/requests/[requestId]/close": (w) => ({
    params: { id: String(w.teamRequest.applicationId), requestId: String(w.teamRequest.requestId) },
    json: {},
  }),
};

/** Bulk actions answer 200 with each row's outcome: the admin's own application is a refused row. */
const BULK = "POST /api/applications/bulk";

test("every admin write to applications is among the review routes checked below", () => {
  const writes = endpoints
    .filter((e) => e.method !== "GET" && e.pattern.startsWith("/api/applications"))
    .filter((e) => e.declaration?.auth === "admin" || e.declaration?.auth === "superAdmin")
    .map((e) => e.name);
  expect(writes.sort()).toEqual([...Object.keys(REVIEWS), BULK].sort());
});

test.each(Object.keys(REVIEWS))(
  "%s: the admin who submitted the application gets 403; another admin is let in",
  async (name) => {
    const endpoint = endpoints.find((e) => e.name === name) as Endpoint;
    const { params, json } = REVIEWS[name](world);
    const path = pathOf(endpoint.pattern, params);
    const request = { method: endpoint.method, params, json };

    const before = await tableChecksums();
    const refused = await send(sessionOf(world.agents.team), endpoint.handler, path, request);
    const after = await tableChecksums(before);
    expect(refused.status).toBe(403);
    expect(errorShapeProblem(refused)).toBeNull();
    expect((JSON.parse(refused.text) as { error: string }).error).toBe(
      "You submitted this application, so another team member must review it.",
    );
    expect(changedTables(before, after)).toEqual([]);

    const reviewed = await send(sessionOf(world.agents.super), endpoint.handler, path, request);
    // 201 for a request made, 200 for the rest.
    expect([200, 201]).toContain(reviewed.status);
  },
);

/**
 * Who must declare which permission, by what a route does: a write to the catalogue (universities,
 * programs, scholarships, their images) or an import needs the permission to manage the catalogue, a CSV export
 * the permission to export data, marking an offer's conditions the permission to make decisions. A
 * new route of these kinds that forgets its declaration fails here.
 */
function permissionRuleFor(e: (typeof endpoints)[number]): Permission | undefined {
  if (e.declaration?.auth !== "admin") return undefined;
  if (e.pattern.endsWith("/export.csv")) return "export-data";
  if (e.pattern.startsWith("/api/import/")) return "manage-catalogue";
  if (e.method !== "GET" && /^\/api\/(universities|programs|scholarships|uploads)(\/|$)/.test(e.pattern))
    return "manage-catalogue";
  if (e.pattern === "/api/applications/[id]/conditions/[conditionId]") return "make-decisions";
  return undefined;
}

test("every catalogue write, import, export and condition mark declares its permission, and nothing else does", () => {
  const declared = Object.fromEntries(
    endpoints.filter((e) => e.declaration?.permission).map((e) => [e.name, e.declaration!.permission]),
  );
  const expected = Object.fromEntries(
    endpoints.flatMap((e) => {
      const permission = permissionRuleFor(e);
      return permission ? [[e.name, permission]] : [];
    }),
  );
  expect(declared).toEqual(expected);
  // Each permission guards at least one route: the rules above name real routes.
  expect(new Set(Object.values(declared))).toEqual(new Set(PERMISSIONS));
});

/**
 * The decisions of the transition table (lib/applications/workflow.ts marks them with the
 * permission to make decisions), each tried through PATCH /api/applications/{id} on an application
 * of the student's where the move starts: a team admin holding every other permission is refused
 * (403 saying what to ask for, nothing changed); one holding the permission to make decisions is let in.
 */
const DECISIONS = TRANSITIONS.filter((t) => t.permission);

test.each(DECISIONS.map((t) => [t.name, t] as const))(
  "PATCH /api/applications/[id] %s: refused without the permission to make decisions, let in with it",
  async (_name, transition) => {
    const permission = transition.permission!;
    const endpoint = endpoints.find((e) => e.name === "PATCH /api/applications/[id]") as Endpoint;
    // A program of its own: a student holds one open application per program.
    const program = await createProgram({ universityId: world.universityId, degree: "MSc" });
    const application = await createApplication({
      userId: world.userIds.otherStudent,
      programId: program.id,
      status: toDbStatus(transition.from[0]),
    });
    const params = { id: String(application.id) };
    const request = { method: "PATCH", params, json: { status: transition.to, reason: "Checked." } };
    const path = pathOf(endpoint.pattern, params);

    await grant(
      world,
      PERMISSIONS.filter((other) => other !== permission),
    );
    const before = await tableChecksums();
    const refused = await send(sessionOf(world.grantee.agent), endpoint.handler, path, request);
    expect(changedTables(before, await tableChecksums(before))).toEqual([]);
    expect(refused.status).toBe(403);
    expect((JSON.parse(refused.text) as { error: string }).error).toBe(permissionRefusal(permission));

    await grant(world, [permission]);
    const holding = await send(sessionOf(world.grantee.agent), endpoint.handler, path, request);
    // Let in: the move is made, or refused for what the move itself needs (400, 409), never 401/403.
    expect([401, 403]).not.toContain(holding.status);
    expect(holding.status).toBeLessThan(500);
  },
);

test.each(["assign", "status", "note"] as const)(
  "a bulk %s refuses the row of the admin who submitted it, changing nothing; another admin changes it",
  async (type) => {
    const endpoint = endpoints.find((e) => e.name === BULK) as Endpoint;
    const operation =
      type === "assign"
        ? { type, assigneeId: world.userIds.super }
        : type === "status"
          ? { type, status: "in-review", note: "Bulk review." }
          : { type, text: "A bulk note on my own application." };
    const request = {
      method: endpoint.method,
      params: {},
      json: { operation, ids: [world.teamApplicationId] },
    };

    const before = await tableChecksums();
    const refused = await send(sessionOf(world.agents.team), endpoint.handler, endpoint.pattern, request);
    const after = await tableChecksums(before);
    expect(refused.status).toBe(200);
    expect(JSON.parse(refused.text)).toEqual({
      changed: [],
      unchanged: [],
      refused: [
        {
          id: world.teamApplicationId,
          studentName: expect.any(String),
          reason: "You submitted this application, so another team member must review it.",
        },
      ],
    });
    expect(changedTables(before, after)).toEqual([]);

    const reviewed = await send(sessionOf(world.agents.super), endpoint.handler, endpoint.pattern, request);
    expect(reviewed.status).toBe(200);
    // Whatever the workflow says from the status it has reached, it is not the own-application rule.
    const reasons = (JSON.parse(reviewed.text) as { refused: { reason: string }[] }).refused.map(
      (r) => r.reason,
    );
    expect(reasons).not.toContain("You submitted this application, so another team member must review it.");
  },
);
