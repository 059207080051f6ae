import { OPEN_STATUSES } from "@/lib/applications/workflow";
import { makePdf } from "../support/documents";
import { programFormBody } from "../support/program-body";
import { NoAnswer, Recorder, Session, type Answer } from "./http";

// Deadline day: students register, sign in, search (the API and the search page), open
// university pages, autosave drafts, submit applications, reply to offers and withdraw, while
// admins move applications through their life (reviews, offers, confirmed places, rejections) and
// edit programs. Every write's outcome as the client saw it goes
// into the Ledger, which the integrity check (integrity.ts) compares with the database.

export const DEMO_ADMINS = [
  { username: "admin", password: "Admin#2026" },
  { username: "teamadmin", password: "Team#2026" },
];
/** Programs made for the run; their names start with this, so admins find them with ?q=. */
export const PROGRAM_PREFIX = "Loadtest";
export const PASSWORD = "a long enough load-test password";
const STATEMENT = "I want to study this program because it fits my plans. ".repeat(12);
const HISTORY = { institution: "Load High School", degree: "Diploma", gpa: "3.5", graduationYear: 2024 };
/** A valid application, less its programId. */
export const STATEMENT_BODY = { personalStatement: STATEMENT, academicHistory: HISTORY };
const SEARCH_WORDS = ["tech", "university", "state", "college", "institute", "national", "san", "de"];

export interface Submit {
  userId: number;
  programId: number;
  /** The status the client got, or how it got none. */
  outcome: number | "timeout" | "network";
  applicationId?: number;
}

export interface StatusChange {
  applicationId: number;
  actorId: number;
  from?: string;
  to: string;
  outcome: number | "timeout" | "network";
}

/** A student's own move: a reply to an offer, or a withdrawal. */
export interface StudentMove {
  applicationId: number;
  userId: number;
  kind: "reply" | "withdraw";
  /** The status the answer named (a reply's), or the one a withdrawal reaches. */
  to?: string;
  outcome: number | "timeout" | "network";
}

export interface ProgramEdit {
  programId: number;
  description: string;
  outcome: number | "timeout" | "network";
  sentAt: number;
}

export class Ledger {
  readonly submits: Submit[] = [];
  readonly statusChanges: StatusChange[] = [];
  readonly studentMoves: StudentMove[] = [];
  readonly programEdits: ProgramEdit[] = [];
  /** Documents uploaded to drafts and answered 201 (a file stored with its row). */
  uploads = 0;
  readonly userIds = new Set<number>();
  /** Answers the scenario did not expect, by kind and status (a 5xx fails the run). */
  readonly unexpected = new Map<string, number>();

  surprise(kind: string, answer: Answer | NoAnswer | string) {
    const what =
      typeof answer === "string" ? answer : answer instanceof NoAnswer ? answer.outcome : answer.status;
    const key = `${kind} → ${what}`;
    this.unexpected.set(key, (this.unexpected.get(key) ?? 0) + 1);
  }
}

export interface World {
  baseUrl: string;
  recorder: Recorder;
  ledger: Ledger;
  /** Programs open for applications, made for the run; each may be sent a CV (optional). */
  programs: { id: number; universityId: number; name: string }[];
  /** The CV document type's id, and a small PDF to upload as one. */
  cv: { typeId: number; pdf: Uint8Array };
  /** University page slugs to visit. */
  slugs: string[];
  runId: string;
  thinkMs: number;
  /** Keep acting until this moment (performance.now()). */
  until: number;
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = (world: World) => sleep(world.thinkMs * (0.5 + Math.random()));

/** Sends one request; an answer outside `expected` (or none) goes to the ledger's surprises. */
async function expectAnswer(
  world: World,
  session: Session,
  kind: string,
  expected: number[],
  method: string,
  path: string,
  json?: unknown,
  bytes?: Uint8Array,
): Promise<Answer | null> {
  try {
    const answer = await session.send(kind, method, path, { json, bytes });
    if (!expected.includes(answer.status)) world.ledger.surprise(kind, answer);
    // Pages and the API alike carry the request id their log lines have (proxy.ts, route()).
    else if (!answer.headers.get("x-request-id")) world.ledger.surprise(kind, "no X-Request-Id");
    return answer;
  } catch (error) {
    if (!(error instanceof NoAnswer)) throw error;
    world.ledger.surprise(kind, error);
    return null;
  }
}

/** The super admin signs in and adds the programs students apply to (due in 60 days). */
export async function prepare(session: Session, count: number) {
  const login = await session.send("setup", "POST", "/api/login", { json: DEMO_ADMINS[0] });
  if (login.status !== 200) throw new Error(`the demo super admin cannot sign in (${login.status})`);
  const universities = await session.send("setup", "GET", `/api/universities?sort=ranking&limit=${count}`);
  const list = universities.json<{ id: number; slug: string }[]>();
  const programs: World["programs"] = [];
  for (let i = 0; i < count; i++) {
    const university = list[i % list.length];
    const name = `${PROGRAM_PREFIX} Program ${i + 1}`;
    const made = await session.send("setup", "POST", "/api/programs", {
      json: {
        ...programFormBody(university.id, name, "A program made for the load run."),
        optionalDocuments: ["CV"],
      },
    });
    if (made.status !== 201) throw new Error(`creating ${name}: ${made.status} ${made.text}`);
    programs.push({ id: made.json<{ id: number }>().id, universityId: university.id, name });
  }
  const types = (await session.send("setup", "GET", "/api/settings/document-types")).json<
    { id: number; name: string }[]
  >();
  const typeId = types.find((type) => type.name === "CV")?.id;
  if (typeId === undefined) throw new Error("the CV document type is missing");
  return { programs, slugs: list.map((u) => u.slug), cv: { typeId, pdf: await makePdf() } };
}

/** A client address per student (10.x.y.z), so the per-address registration limit is theirs. */
export function studentAddress(index: number) {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/** A new student registers, signs out, and signs in from another browser: that session, or null. */
export async function signUp(
  world: World,
  index: number,
): Promise<{ session: Session; userId: number } | null> {
  const registering = new Session(world.baseUrl, world.recorder, studentAddress(index + 1));
  const username = `load_${world.runId}_${index}`;
  const registered = await expectAnswer(
    world,
    registering,
    "POST /api/register",
    [201],
    "POST",
    "/api/register",
    {
      fullName: `Load Student ${index}`,
      email: `${username}@example.com`,
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  );
  if (registered?.status !== 201) return null;
  const userId = registered.json<{ id: number }>().id;
  world.ledger.userIds.add(userId);
  await expectAnswer(world, registering, "POST /api/logout", [204], "POST", "/api/logout");
  const session = registering.fresh();
  const login = await expectAnswer(world, session, "POST /api/login", [200], "POST", "/api/login", {
    username,
    password: PASSWORD,
  });
  return login?.status === 200 ? { session, userId } : null;
}

export async function student(world: World, index: number) {
  const student = await signUp(world, index);
  if (!student) return;
  const { session, userId } = student;
  const applied = new Set<number>();
  while (performance.now() < world.until) {
    const roll = Math.random();
    if (roll < 0.2) {
      const q = pick(SEARCH_WORDS);
      await expectAnswer(
        world,
        session,
        "GET /api/universities",
        [200],
        "GET",
        `/api/universities?q=${q}&limit=20`,
      );
    } else if (roll < 0.35) {
      const q = pick(SEARCH_WORDS);
      await expectAnswer(
        world,
        session,
        "page /universities/search",
        [200],
        "GET",
        `/universities/search?q=${q}`,
      );
    } else if (roll < 0.5) {
      await expectAnswer(
        world,
        session,
        "page /university",
        [200],
        "GET",
        `/university/${pick(world.slugs)}`,
      );
    } else if (roll < 0.55) {
      await expectAnswer(world, session, "page /user/applications", [200], "GET", "/user/applications");
    } else if (roll < 0.6) {
      await expectAnswer(world, session, "GET /api/applications", [200], "GET", "/api/applications");
    } else if (roll < 0.7) {
      await tend(world, session, userId);
    } else {
      await apply(world, session, userId, applied);
    }
    await think(world);
  }
}

const OPEN = new Set<string>(OPEN_STATUSES);

/**
 * The student looks at their applications: replies to an offer when one waits (accepting most),
 * or now and then withdraws an open application. An admin may move it at the same moment: the
 * loser of that race is told 409.
 */
async function tend(world: World, session: Session, userId: number) {
  const list = await expectAnswer(world, session, "GET /api/applications", [200], "GET", "/api/applications");
  const items = list?.status === 200 ? list.json<{ id: number; status: string }[]>() : [];
  const offer = items.find((item) => item.status === "approved");
  if (offer) {
    const answer = await expectAnswer(
      world,
      session,
      "POST /api/applications/:id/reply",
      [200, 409],
      "POST",
      `/api/applications/${offer.id}/reply`,
      Math.random() < 0.8 ? { answer: "accept" } : { answer: "decline", reason: "Another offer." },
    );
    world.ledger.studentMoves.push({
      applicationId: offer.id,
      userId,
      kind: "reply",
      to: answer?.status === 200 ? answer.json<{ status: string }>().status : undefined,
      outcome: answer ? answer.status : "network",
    });
    return;
  }
  const open = items.filter((item) => OPEN.has(item.status));
  if (open.length === 0 || Math.random() > 0.3) return;
  const { id } = pick(open);
  const answer = await expectAnswer(
    world,
    session,
    "DELETE /api/applications/:id",
    [204, 409],
    "DELETE",
    `/api/applications/${id}`,
  );
  world.ledger.studentMoves.push({
    applicationId: id,
    userId,
    kind: "withdraw",
    to: "withdrawn",
    outcome: answer ? answer.status : "network",
  });
}

/** Opens the form, autosaves the draft a few times and submits (sometimes badly, twice, or again). */
async function apply(world: World, session: Session, userId: number, applied: Set<number>) {
  const open = world.programs.filter((p) => !applied.has(p.id));
  const again = applied.size > 0 && Math.random() < 0.05;
  const program = again || open.length === 0 ? pick(world.programs) : pick(open);
  const draftPath = `/api/applications/drafts/${program.id}`;
  if (!applied.has(program.id)) {
    await expectAnswer(world, session, "GET draft", [200], "GET", draftPath);
    const saves = 1 + Math.floor(Math.random() * 3);
    for (let i = 1; i <= saves; i++) {
      await expectAnswer(world, session, "PUT draft", [200], "PUT", draftPath, {
        step: i === saves ? 2 : 1,
        personalStatement: STATEMENT.slice(0, (STATEMENT.length * i) / saves),
        academicHistory: HISTORY,
      });
      await sleep(world.thinkMs / 4);
    }
  }
  // Half of the drafts get a CV (a fifth of those replace it), stored while others apply and move.
  if (!applied.has(program.id) && Math.random() < 0.5) {
    for (let i = Math.random() < 0.2 ? 2 : 1; i > 0; i--) {
      const answer = await expectAnswer(
        world,
        session,
        "PUT draft document",
        [201],
        "PUT",
        `${draftPath}/documents/${world.cv.typeId}?name=cv.pdf`,
        undefined,
        world.cv.pdf,
      );
      if (answer?.status === 201) world.ledger.uploads++;
    }
  }
  const body = { ...STATEMENT_BODY, programId: program.id };
  const roll = Math.random();
  if (roll < 0.1) {
    // Too short a statement: a 400 that must leave nothing behind.
    await submit(world, session, userId, program.id, { ...body, personalStatement: "Too short." }, [400]);
  }
  if (roll > 0.9 && !applied.has(program.id)) {
    // A double click: two submits at once, one application.
    const both = await Promise.all([
      submit(world, session, userId, program.id, body, [201, 409]),
      submit(world, session, userId, program.id, body, [201, 409]),
    ]);
    if (both.filter((status) => status === 201).length !== 1)
      world.ledger.surprise("double submit, not one 201", both.join(" + "));
    if (both.includes(201)) applied.add(program.id);
    return;
  }
  // Again to a program applied to: 409 while that application is open, 201 once it was
  // rejected or withdrawn (a student may apply again).
  const status = await submit(
    world,
    session,
    userId,
    program.id,
    body,
    applied.has(program.id) ? [201, 409] : [201],
  );
  if (status === 201) applied.add(program.id);
}

async function submit(
  world: World,
  session: Session,
  userId: number,
  programId: number,
  body: unknown,
  expected: number[],
) {
  const answer = await expectAnswer(
    world,
    session,
    "POST /api/applications",
    expected,
    "POST",
    "/api/applications",
    body,
  );
  const outcome = answer ? answer.status : "network";
  world.ledger.submits.push({
    userId,
    programId,
    outcome,
    applicationId: answer?.status === 201 ? answer.json<{ id: number }>().id : undefined,
  });
  return outcome;
}

const NEXT_STATUS: Record<string, string[]> = {
  pending: ["in-review"],
  "in-review": ["sent-to-university", "rejected"],
  "sent-to-university": ["approved", "approved", "rejected"],
  "conditions-pending": ["place-confirmed"],
  "place-confirmed": ["enrolled"],
};

/** The body of a move: an offer has conditions half of the time. */
function moveBody(to: string, round: number) {
  const note = `Load run, round ${round}`;
  if (to !== "approved") return { status: to, note };
  return { status: to, note, offer: { conditions: Math.random() < 0.5 ? ["IELTS 6.5 overall"] : [] } };
}

export async function admin(world: World, credentials: (typeof DEMO_ADMINS)[number]) {
  const session = new Session(world.baseUrl, world.recorder, "127.0.0.1");
  const login = await expectAnswer(
    world,
    session,
    "POST /api/login",
    [200],
    "POST",
    "/api/login",
    credentials,
  );
  if (login?.status !== 200) return;
  const actorId = login.json<{ id: number }>().id;
  for (let round = 1; performance.now() < world.until; round++) {
    // Mostly new applications: the later stages exist only once admins have moved some along.
    const from = pick([
      "pending",
      "pending",
      "pending",
      "in-review",
      "in-review",
      "sent-to-university",
      "sent-to-university",
      "conditions-pending",
      "place-confirmed",
    ]);
    const list = await expectAnswer(
      world,
      session,
      "GET /api/applications (admin)",
      [200],
      "GET",
      `/api/applications?status=${from}&q=${PROGRAM_PREFIX}&limit=20`,
    );
    const items = list?.status === 200 ? list.json<{ id: number; status: string }[]>() : [];
    if (items.length > 0) {
      const { id } = pick(items);
      const to = pick(NEXT_STATUS[from]);
      // 409: the other admin, or the student, moved it first (a race the workflow must refuse
      // cleanly).
      const answer = await expectAnswer(
        world,
        session,
        "PATCH /api/applications/:id",
        [200, 409],
        "PATCH",
        `/api/applications/${id}`,
        moveBody(to, round),
      );
      world.ledger.statusChanges.push({
        applicationId: id,
        actorId,
        from: answer?.status === 200 ? answer.json<{ previousStatus: string }>().previousStatus : undefined,
        to,
        outcome: answer ? answer.status : "network",
      });
    }
    if (round % 4 === 0) {
      const program = pick(world.programs);
      const description = `Edited by ${credentials.username} in round ${round}.`;
      const sentAt = performance.now();
      const answer = await expectAnswer(
        world,
        session,
        "PATCH /api/programs/:id",
        [200],
        "PATCH",
        `/api/programs/${program.id}`,
        programFormBody(program.universityId, program.name, description),
      );
      world.ledger.programEdits.push({
        programId: program.id,
        description,
        outcome: answer ? answer.status : "network",
        sentAt,
      });
    }
    if (round % 5 === 0)
      await expectAnswer(world, session, "GET /api/dashboard/stats", [200], "GET", "/api/dashboard/stats");
    if (round % 7 === 0)
      await expectAnswer(world, session, "page /admin/applications", [200], "GET", "/admin/applications");
    await think(world);
  }
}
