import { POST as logout } from "@/app/api/logout/route";
import { GET as currentUser } from "@/app/api/user/route";
import { toDbPermissions, type Permission } from "@/lib/auth/staff-permissions";
import { prisma } from "@/lib/db/client.server";
import { declarationOf, type RouteHandler } from "@/lib/http/route.server";
import { setMailWorkerState } from "@/lib/mail/worker-state.server";
import { Agent, ORIGIN } from "../support/agent";
import {
  createApplication,
  createScholarship,
  createUniversity,
  createUser,
  uniqueTag,
} from "../support/factories";
import { landsOnThisSite } from "../support/redirects";
import { signIn } from "../support/roles";
import { loadRouteFiles, type HttpMethod } from "../support/routes";
import type { Actor, Endpoint, World } from "./corpus";

// The rows and signed-in actors the security suites point their requests at, made through the
// factories (the file's cleanup() removes them), and every endpoint of the app with its declaration.

export async function makeWorld(): Promise<World> {
  // A server's mail worker runs (instrumentation-node.ts starts it), so GET /api/ready answers
  // 200 as on a server. No worker runs here: the suites replace mail delivery, and a real one
  // would take other files' mail; it is said to run instead.
  setMailWorkerState({ running: true, lastRoundFailed: false });
  const tag = uniqueTag();
  const user = (name: string, role: "student" | "team" | "super") =>
    createUser({
      role,
      username: `${tag}_${name}`,
      email: `${tag}.${name}@example.test`,
      fullName: `Sec ${name}`,
    });
  const [student, otherStudent, team, superAdmin, victim, login, grantee] = [
    await user("student", "student"),
    await user("other", "student"),
    await user("team", "team"),
    await user("super", "super"),
    await user("victim", "student"),
    await user("login", "student"),
    await user("grantee", "team"),
  ];
  const university = await createUniversity({
    name: `Security ${tag} University`,
    programs: [
      { name: `Security ${tag} Studies`, degree: "MSc", level: "Master's", field: "Business" },
      { name: `Closed ${tag} Studies`, degree: "MSc", deadline: new Date(Date.now() - 7 * 86_400_000) },
      { name: `Offered ${tag} Studies`, degree: "MSc" },
    ],
  });
  const [program, closed, offered] = university.programs;
  const own = await createApplication({ userId: student.id, programId: program.id });
  const others = await createApplication({ userId: otherStudent.id, programId: program.id });
  // Staff may apply like students; only another admin may then review what the team admin sent.
  const teams = await createApplication({ userId: team.id, programId: program.id });
  // ...and one the university has offered a place on a condition the team marks.
  const teamsOffer = await createApplication({ userId: team.id, programId: offered.id, status: "approved" });
  const teamsCondition = await prisma.offerCondition.create({
    data: { applicationId: teamsOffer.id, position: 0, text: "Final transcript" },
  });
  // A request of the team on the student's application (what the student answers), and one on the
  // team admin's own (which only another admin may close).
  const request = (applicationId: number) =>
    prisma.documentRequest.create({
      data: {
        applicationId,
        documentType: "Transcript",
        message: "All pages, please.",
        requestedByName: "Sec super",
      },
    });
  const ownRequest = await request(own.id);
  const teamsRequest = await request(teams.id);
  await prisma.applicationDraft.create({
    data: { userId: otherStudent.id, programId: program.id, data: { step: 1, personalStatement: "mine" } },
  });
  const savedSearch = (userId: number) =>
    prisma.savedSearch.create({
      data: {
        userId,
        kind: "programs",
        name: "Matrix search",
        query: "country=NZ",
        alertedUntil: new Date(),
      },
    });
  const scholarship = await createScholarship({
    name: `Security ${tag} Scholarship`,
    universityId: university.id,
  });
  const ownSavedSearch = await savedSearch(student.id);
  const othersSavedSearch = await savedSearch(otherStudent.id);
  const level = await prisma.studyLevel.findUniqueOrThrow({ where: { name: "Master's" } });
  const agents: Record<Actor, Agent> = {
    anonymous: new Agent(),
    student: await signIn(student.username),
    otherStudent: await signIn(otherStudent.username),
    team: await signIn(team.username),
    super: await signIn(superAdmin.username),
  };
  // A session that ended (signed out on the server) while someone kept a copy of its cookie.
  const revoked = await signIn(victim.username);
  const copy = sessionOf(revoked);
  await revoked.call(logout, "/api/logout", { method: "POST" });
  return {
    agents,
    revoked: copy,
    userIds: { student: student.id, otherStudent: otherStudent.id, team: team.id, super: superAdmin.id },
    usernames: {
      student: student.username,
      otherStudent: otherStudent.username,
      team: team.username,
      super: superAdmin.username,
    },
    victimId: victim.id,
    victimUsername: victim.username,
    loginUsername: login.username,
    universityId: university.id,
    slug: university.slug,
    programId: program.id,
    closedProgramId: closed.id,
    ownApplicationId: own.id,
    othersApplicationId: others.id,
    teamApplicationId: teams.id,
    teamOffer: { applicationId: teamsOffer.id, conditionId: teamsCondition.id },
    ownRequestId: ownRequest.id,
    teamRequest: { applicationId: teams.id, requestId: teamsRequest.id },
    usedLevelId: level.id,
    scholarshipId: scholarship.id,
    ownSavedSearchId: ownSavedSearch.id,
    othersSavedSearchId: othersSavedSearch.id,
    grantee: { id: grantee.id, agent: await signIn(grantee.username) },
  };
}

/** Gives the world's grantee exactly these permissions, from its next request on. */
export async function grant(world: World, permissions: readonly Permission[]): Promise<void> {
  await prisma.user.update({
    where: { id: world.grantee.id },
    data: { permissions: toDbPermissions(permissions) },
  });
}

/**
 * Signs an actor in again when a request ended its session (POST /api/logout and Auth.js's signout
 * revoke the session on the server, not only in the copy of the cookie).
 */
export async function refreshSessions(world: World): Promise<void> {
  for (const actor of ["student", "otherStudent", "team", "super"] as const) {
    const answer = await sessionOf(world.agents[actor]).call(currentUser, "/api/user");
    if (answer.status !== 200) world.agents[actor] = await signIn(world.usernames[actor]);
  }
}

/** A copy of an actor's session: cookies a case sets or clears (a logout) stay with the copy. */
export function sessionOf(agent: Agent): Agent {
  const copy = new Agent();
  for (const [name, value] of agent.cookies) copy.cookies.set(name, value);
  return copy;
}

/** Every method of every app/**\/route.ts; `declaration` is null for one not made by route(). */
export function loadEndpoints(): (Omit<Endpoint, "declaration"> & {
  declaration: Endpoint["declaration"] | null;
})[] {
  return loadRouteFiles().flatMap(({ pattern, methods }) =>
    (Object.entries(methods) as [HttpMethod, RouteHandler][]).map(([method, handler]) => ({
      name: `${method} ${pattern}`,
      method,
      pattern,
      handler,
      declaration: declarationOf(handler),
    })),
  );
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  ms: number;
  /** Where a redirect sends the browser (the Location header, or the target of Next's redirect()). */
  location: string | null;
  /** The cookies the answer sets, as name=value (Auth.js's callback-url and session cookies among them). */
  setCookies: string[];
}

/**
 * What is wrong with where an answer sends the browser: a Location, or a callback URL Auth.js
 * stores in its cookie, that leaves this site (tests/support/redirects.ts).
 */
export function offSiteRedirect(answer: Answer): string | null {
  const stored = answer.setCookies
    .map((cookie) => /^(?:__Secure-)?authjs\.callback-url=([^;]*)/.exec(cookie)?.[1])
    .filter((value): value is string => value !== undefined)
    .map((value) => decodeURIComponent(value));
  for (const target of [answer.location, ...stored]) {
    const problem = target === null ? null : offSiteTarget(target);
    if (problem) return problem;
  }
  return null;
}

/** What is wrong with a redirect target (a Location, redirect()'s URL): it leaves this site. */
export function offSiteTarget(target: string): string | null {
  const url = new URL(target, ORIGIN);
  return url.origin !== ORIGIN || !landsOnThisSite(`${url.pathname}${url.search}${url.hash}`)
    ? `sends the browser to ${JSON.stringify(target).slice(0, 200)}`
    : null;
}

// A hang detector, not a speed target: a full CSV export of the demo catalogue (56,000 programs)
// on the embedded database takes about 10 s on a busy 2-core machine.
export const REQUEST_TIMEOUT_MS = 30_000;

/** `work`'s result, or an error once REQUEST_TIMEOUT_MS have passed since `started`. */
export async function withinTimeout<T>(work: Promise<T>, started = Date.now()): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)),
      Math.max(0, started + REQUEST_TIMEOUT_MS - Date.now()),
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls a handler as Next would, within REQUEST_TIMEOUT_MS. Next's redirect() and notFound()
 * thrown by a handler become the status Next would send.
 */
export async function send(
  agent: Agent,
  handler: RouteHandler,
  path: string,
  init: Parameters<Agent["call"]>[2],
): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await withinTimeout(agent.call(handler, path, init), started);
    const text = await withinTimeout(response.text(), started);
    return {
      status: response.status,
      contentType: response.headers.get("content-type") ?? "",
      text,
      ms: Date.now() - started,
      location: response.headers.get("location"),
      setCookies: response.headers.getSetCookie(),
    };
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    const redirect = typeof digest === "string" ? /^NEXT_REDIRECT;[^;]*;(.*);(\d{3});?$/.exec(digest) : null;
    if (redirect) {
      return {
        status: Number(redirect[2]) || 307,
        contentType: "",
        text: "",
        ms: Date.now() - started,
        location: redirect[1],
        setCookies: [],
      };
    }
    if (typeof digest === "string" && digest.startsWith("NEXT_HTTP_ERROR_FALLBACK;")) {
      return {
        status: Number(digest.split(";")[1]),
        contentType: "",
        text: "",
        ms: Date.now() - started,
        location: null,
        setCookies: [],
      };
    }
    throw error;
  }
}

/** What is wrong with an error answer: it must be JSON with a string `error`. */
export function errorShapeProblem(answer: Answer): string | null {
  if (!/^application\/json/.test(answer.contentType)) return `content-type ${answer.contentType || "none"}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return "body is not JSON";
  }
  const shape = body as { error?: unknown; fieldErrors?: unknown };
  if (typeof shape?.error !== "string" || shape.error === "") return "no string `error`";
  if (
    shape.fieldErrors !== undefined &&
    (typeof shape.fieldErrors !== "object" || shape.fieldErrors === null)
  )
    return "fieldErrors is not an object";
  return null;
}
