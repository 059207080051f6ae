import { readFileSync } from "node:fs";
import { declarationOf, type Audience, type RouteHandler } from "@/lib/http/route.server";
import { cleanup, uniqueTag } from "../support/factories";
import { signInEachRole, type RoleAgents, type RoleName } from "../support/roles";
import { loadRouteFiles, type HttpMethod } from "../support/routes";

// Every route handler declares its audience through route() (lib/http/route.server.ts); this file finds
// every app/**/route.ts, so a new route that is not declared fails here. From the declarations it
// checks who is let in: each signed-in audience refuses the roles below it (401 signed out, 403
// signed in), and lets its own roles past authorisation. Allowed calls get an id that is not a
// number and no body, so they stop at validation and change nothing.

/** /api/users/[id] -> /api/users/x (x: a segment no params schema accepts as an id). */
function urlOf(pattern: string): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const segments = pattern
    .split("/")
    .filter((segment) => !/^\(.*\)$/.test(segment))
    .map((segment) => {
      const match = /^\[(?:\.\.\.)?(.+)\]$/.exec(segment);
      if (!match) return segment;
      params[match[1]] = "x";
      return "x";
    });
  return { path: segments.join("/"), params };
}

interface Endpoint {
  name: string;
  method: HttpMethod;
  handler: RouteHandler;
  path: string;
  params: Record<string, string>;
}

const routeFiles = loadRouteFiles();
const endpoints: Endpoint[] = routeFiles.flatMap(({ pattern, methods }) => {
  const { path, params } = urlOf(pattern);
  return (Object.entries(methods) as [HttpMethod, RouteHandler][]).map(([method, handler]) => ({
    name: `${method} ${path}`,
    method,
    handler,
    path,
    params,
  }));
});

test("every route file exports at least one HTTP method", () => {
  expect(routeFiles.length).toBeGreaterThan(20);
  const empty = routeFiles.filter(({ methods }) => Object.keys(methods).length === 0).map(({ file }) => file);
  expect(empty).toEqual([]);
});

test.each(endpoints.map((e) => [e.name, e] as const))(
  "%s declares its audience through route()",
  (_name, e) => {
    expect(declarationOf(e.handler)).not.toBeNull();
  },
);

test.each(routeFiles.map(({ file }) => [file] as const))(
  "%s defines no schema and does not query the database",
  (file) => {
    const source = readFileSync(file, "utf8");
    expect(source).not.toMatch(/from "(zod|@\/lib\/validation\/zod)"/);
    expect(source).not.toMatch(/\bprisma\b|@\/lib\/db\//);
  },
);

/** The roles each audience lets past authorisation. */
const ALLOWED: Record<Audience, RoleName[]> = {
  public: ["anonymous", "student", "team", "super"],
  user: ["student", "team", "super"],
  admin: ["team", "super"],
  superAdmin: ["super"],
};

const guarded = endpoints.filter((e) => declarationOf(e.handler)?.auth !== "public");

describe("authorisation follows the declared audience", () => {
  let roles: RoleAgents;
  beforeAll(async () => {
    roles = await signInEachRole(`${uniqueTag()}m`);
  });
  afterAll(cleanup);

  test.each(guarded.map((e) => [e.name, declarationOf(e.handler)!.auth, e] as const))(
    "%s (%s)",
    async (_name, audience, e) => {
      // Past authorisation means any answer but 401, 403 or a server error.
      const seen: Record<string, number | "let in"> = {};
      const expected: Record<string, number | "let in"> = {};
      for (const role of ["anonymous", "student", "team", "super"] as const) {
        const { status } = await roles.agents[role].call(e.handler, e.path, {
          method: e.method,
          params: e.params,
        });
        seen[role] = status === 401 || status === 403 || status >= 500 ? status : "let in";
        expected[role] = ALLOWED[audience].includes(role) ? "let in" : role === "anonymous" ? 401 : 403;
      }
      expect(seen).toEqual(expected);
    },
  );
});
