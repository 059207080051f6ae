import type { ActionDeclaration } from "@/lib/http/action.server";
import type { Mail } from "@/lib/mail/send.server";
import { BODY_TOO_LARGE, UNSTORABLE_TEXT } from "@/lib/http/route.server";
import type { FormState } from "@/lib/http/form-state";
import { loadServerActions } from "../support/actions";
import { changedTables, tableChecksums } from "../support/checksum";
import { cleanup } from "../support/factories";
import { actionFields } from "./action-corpus";
import { ACTORS, type Actor, type World } from "./corpus";
import { grant, makeWorld, refreshSessions, sessionOf } from "./world";
import { PERMISSIONS, permissionRefusal } from "@/lib/auth/staff-permissions";

// Server actions get the route handlers' checks, from their declarations (lib/http/action.server.ts):
// every export of a "use server" module is made by action(); every actor outside an action's
// audience is refused (401 signed out, or sent to sign in when the action says where to return;
// 403 for a role) and changes nothing; an action that declares a permission refuses a team admin
// holding every other one (403 naming what to ask for, nothing changed) and lets in one holding it
// alone; and every action refuses, changing nothing, a post from another site, one over its size
// limit, and text PostgreSQL cannot store in any field.

jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void mail }));

const actions = loadServerActions();

/** Who each audience lets in (as the authorization matrix of the routes has it). */
const ALLOWED: Record<string, readonly Actor[]> = {
  public: ACTORS,
  user: ["student", "otherStudent", "team", "super"],
  admin: ["team", "super"],
  superAdmin: ["super"],
};
let world: World;

beforeAll(async () => {
  world = await makeWorld();
}, 120_000);
beforeEach(() => refreshSessions(world));
afterAll(cleanup);

/** A form with one harmless value per field the action's schema names (or none). */
function formFor(fields: readonly string[], value = "x"): FormData {
  const data = new FormData();
  for (const field of fields) data.append(field, value);
  return data;
}

/** Every field an action reads (its schema's and those it declares it reads itself) or echoes. */
function fieldsOf(declaration: ActionDeclaration): string[] {
  return [...new Set([...actionFields(declaration).map((field) => field.path), ...declaration.echo])];
}

const expectRefused = (state: FormState | null, status: number, error?: string) => {
  expect(state).toMatchObject({ status, ...(error ? { error } : {}) });
};

test("every export of a server actions module is made by action()", () => {
  expect(actions.length).toBeGreaterThan(10);
  expect(actions.filter((a) => a.declaration === null).map((a) => a.name)).toEqual([]);
});

const declared = actions.filter((a) => a.declaration !== null);

test.each(declared.map((a) => [a.name, a] as const))("%s: only its audience gets in", async (_name, a) => {
  const declaration = a.declaration!;
  for (const actor of ACTORS) {
    if (ALLOWED[declaration.audience].includes(actor)) continue;
    const before = await tableChecksums();
    const answer = await sessionOf(world.agents[actor]).act(a.action, formFor(fieldsOf(declaration)));
    expect(changedTables(before, await tableChecksums(before))).toEqual([]);
    if (answer.redirect !== null) expect(answer.redirect).toMatch(/^\/auth(\?|$)/);
    else expectRefused(answer.state, actor === "anonymous" ? 401 : 403);
  }
});

test.each(declared.map((a) => [a.name, a] as const))(
  "%s: a foreign origin, an oversized form and unstorable text are refused",
  async (_name, a) => {
    const declaration = a.declaration!;
    const actor = ACTORS.find((candidate) => ALLOWED[declaration.audience].includes(candidate))!;
    const agent = () => sessionOf(world.agents[actor]);
    const fields = fieldsOf(declaration);
    const before = await tableChecksums();

    const foreign = await agent().act(a.action, formFor(fields), {
      headers: { origin: "https://evil.example" },
    });
    expectRefused(foreign.state, 403, "Requests from other sites are not allowed.");

    const oversized = await agent().act(
      a.action,
      formFor([...fields, "padding"], "x".repeat(declaration.bodyLimit)),
    );
    expectRefused(oversized.state, 413, BODY_TOO_LARGE);

    for (const field of fields.length ? fields : ["anything"]) {
      const data = formFor(fields);
      data.set(field, "before\u0000after");
      const answer = await agent().act(a.action, data);
      expectRefused(answer.state, 400, UNSTORABLE_TEXT);
      expect(answer.state?.fieldErrors).toEqual({ [field]: [UNSTORABLE_TEXT] });
    }
    expect(changedTables(before, await tableChecksums(before))).toEqual([]);
  },
);

const withPermission = declared.filter((a) => a.declaration!.permission);

test("the actions that mark an offer's conditions declare the permission to make decisions", () => {
  expect(withPermission.map((a) => [a.declaration!.name, a.declaration!.permission])).toEqual([
    ["markCondition", "make-decisions"],
  ]);
});

test.each(withPermission.map((a) => [a.name, a] as const))(
  "%s: refused without its permission, let in with it",
  async (_name, a) => {
    const declaration = a.declaration!;
    const permission = declaration.permission!;
    const form = () => formFor(fieldsOf(declaration));

    await grant(
      world,
      PERMISSIONS.filter((other) => other !== permission),
    );
    const before = await tableChecksums();
    const refused = await sessionOf(world.grantee.agent).act(a.action, form());
    expect(changedTables(before, await tableChecksums(before))).toEqual([]);
    expectRefused(refused.state, 403, permissionRefusal(permission));

    await grant(world, [permission]);
    const holding = await sessionOf(world.grantee.agent).act(a.action, form());
    // Let in: what follows is the form's own business (its fields are "x", so a 400).
    expect([401, 403]).not.toContain(holding.state?.status);
  },
);
