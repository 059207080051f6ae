import {
  expect,
  request,
  test as base,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { APP_PORT } from "./ports";
import { programFormBody } from "../support/program-body";

// Playwright fixtures for the rows a test needs: a signed-in student, team admin or super admin
// (a fresh account per test, signed in through POST /api/login, the sign-in the /auth form uses,
// in a browser context of its own) and a test university with one program. Each is removed when
// the test ends. They are made and removed through the app's admin API by a super admin session
// of the worker (`api`), signed in once as the seeded super admin: the e2e server's database is
// embedded in its process, so the API is the only way in. Import `test` and `expect` from here.

export const SEEDED_SUPER_ADMIN = { username: "admin", password: "Admin#2026" };
export const TEST_PASSWORD = "a long enough password";
const baseURL = `http://127.0.0.1:${APP_PORT}`;

/** Letters only, so it makes a plausible full name, unique per run. */
export function uniqueWord(): string {
  return (Date.now().toString(36) + Math.random().toString(36).slice(2, 6))
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)])
    .replace(/^./, (c) => c.toUpperCase());
}

export type Role = "student" | "team" | "super";

export interface Account {
  id: number;
  username: string;
  password: string;
  fullName: string;
  email: string;
  role: Role;
}

export interface SignedIn {
  account: Account;
  context: BrowserContext;
  /** A page of the account's own browser context: its requests carry the session cookie. */
  page: Page;
}

export interface TestProgram {
  id: number;
  name: string;
  degree: string;
  level: string;
  field: string;
  deadline: string;
}

export interface TestUniversity {
  id: number;
  name: string;
  slug: string;
  program: TestProgram;
}

const FIRST_NAMES: Record<Role, string> = { student: "Rowan", team: "Tara", super: "Sasha" };

/**
 * Adds an account through POST /api/users (as the worker's super admin). A team admin is then
 * given every permission (PATCH /api/users/{id}), as every team admin was when permissions came:
 * the specs act as a working team member; a spec about the team's default revokes them.
 */
export async function createAccount(api: APIRequestContext, role: Role): Promise<Account> {
  const word = uniqueWord();
  const username = `${role}_${word.toLowerCase()}`;
  const account = {
    username,
    password: TEST_PASSWORD,
    fullName: `${FIRST_NAMES[role]} ${word}`,
    email: `${username}@example.com`,
    role,
  };
  const response = await api.post("/api/users", {
    data: {
      ...account,
      confirmPassword: account.password,
      role: role === "student" ? "user" : "admin",
      adminType: role === "student" ? null : role,
    },
  });
  expect(response.status(), `creating a ${role} account`).toBe(201);
  const id = ((await response.json()) as { id: number }).id;
  if (role === "team") {
    const granted = await api.patch(`/api/users/${id}`, {
      data: { permissions: ["make-decisions", "manage-catalogue", "export-data"] },
    });
    expect(granted.status(), "giving the team admin every permission").toBe(200);
  }
  return { ...account, id };
}

export async function deleteAccount(api: APIRequestContext, id: number) {
  const response = await api.delete(`/api/users/${id}`);
  expect([204, 404], `deleting user ${id}`).toContain(response.status());
}

/** Signs the page's browser context in through POST /api/login, the endpoint the /auth form posts to. */
export async function signIn(page: Page, username: string, password: string) {
  const response = await page.request.post("/api/login", { data: { username, password } });
  expect(response.status(), `signing in as ${username}`).toBe(200);
}

/** The university form's body for a New Zealand university without images or ranking. */
export function universityFormBody(name: string, description: string) {
  return { name, country: "New Zealand", description, mainImage: null, images: [], ranking: null };
}

/** A valid personal statement (over 500 characters). */
export const STATEMENT = "I want to study here because ".padEnd(620, "I love learning. ");

/**
 * Applies to a program through POST /api/applications, as the student whose request context this
 * is; returns the application's id and status.
 */
export async function applyTo(request: APIRequestContext, programId: number) {
  const response = await request.post("/api/applications", {
    data: {
      programId,
      personalStatement: STATEMENT,
      academicHistory: {
        institution: "Springfield High School",
        degree: "High School Diploma",
        gpa: "3.9",
        graduationYear: 2023,
      },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; status: string };
}

/** Adds a university (New Zealand) with one Master's program due in 60 days, through the admin API. */
export async function createUniversity(api: APIRequestContext): Promise<TestUniversity> {
  const word = uniqueWord();
  const name = `${word} Test University`;
  const created = await api.post("/api/universities", {
    data: universityFormBody(name, `${name} is a university made for one end-to-end test.`),
  });
  expect(created.status(), "creating the test university").toBe(201);
  const university = (await created.json()) as { id: number; name: string; slug: string };
  const program = await api.post("/api/programs", {
    data: programFormBody(university.id, `${word} Marine Studies`, "Oceans, coasts and a thesis."),
  });
  expect(program.status(), "creating the test program").toBe(201);
  return {
    id: university.id,
    name: university.name,
    slug: university.slug,
    program: (await program.json()) as TestProgram,
  };
}

export async function deleteUniversity(api: APIRequestContext, id: number) {
  const response = await api.delete(`/api/universities/${id}`);
  // 200: a student applied to it, so it was archived: hidden, its applications kept.
  expect([200, 204, 404], `deleting university ${id}`).toContain(response.status());
}

interface Fixtures {
  /** A fresh student, signed in in a browser context of its own. */
  student: SignedIn;
  teamAdmin: SignedIn;
  superAdmin: SignedIn;
  /** A fresh university with one program (a Master's, open for 60 more days). */
  university: TestUniversity;
}

interface WorkerFixtures {
  /** The worker's super admin API session, for making and removing the fixtures' rows. */
  api: APIRequestContext;
}

function signedIn(role: Role) {
  return async (
    { browser, api }: { browser: import("@playwright/test").Browser; api: APIRequestContext },
    provide: (value: SignedIn) => Promise<void>,
  ) => {
    const account = await createAccount(api, role);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, account.username, account.password);
    await provide({ account, context, page });
    await context.close();
    await deleteAccount(api, account.id);
  };
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  api: [
    async ({}, provide) => {
      const api = await request.newContext({ baseURL });
      const response = await api.post("/api/login", { data: SEEDED_SUPER_ADMIN });
      expect(response.status(), "signing in as the seeded super admin").toBe(200);
      await provide(api);
      await api.dispose();
    },
    { scope: "worker" },
  ],
  student: signedIn("student"),
  teamAdmin: signedIn("team"),
  superAdmin: signedIn("super"),
  university: async ({ api }, provide) => {
    const university = await createUniversity(api);
    await provide(university);
    await deleteUniversity(api, university.id);
  },
});

export { expect };
