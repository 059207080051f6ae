import { POST as login } from "@/app/api/login/route";
import { Agent } from "./agent";
import { createUser, TEST_PASSWORD, type Role } from "./factories";

// One signed-in Agent per role, for the role matrix of the admin endpoints (anonymous
// 401, student 403, team admin and super admin as each endpoint allows). The accounts come from
// the factories: the file's `cleanup()` removes them. The team admin holds every permission (the
// factories' default); a test of a permission signs in a team admin made without it.

export const ROLES = ["anonymous", "student", "team", "super"] as const;
export type RoleName = (typeof ROLES)[number];

export interface RoleAgents {
  agents: Record<RoleName, Agent>;
  /** The user ids of the signed-in roles. */
  ids: Record<Role, number>;
}

/** Signs in through the real POST /api/login; fails the test when that does not answer 200. */
export async function signIn(username: string, password = TEST_PASSWORD): Promise<Agent> {
  const agent = new Agent();
  const response = await agent.call(login, "/api/login", { json: { username, password } });
  if (response.status !== 200) throw new Error(`sign-in as ${username} failed: ${response.status}`);
  return agent;
}

export async function signInEachRole(tag: string): Promise<RoleAgents> {
  const agents = { anonymous: new Agent() } as Record<RoleName, Agent>;
  const ids = {} as RoleAgents["ids"];
  for (const role of ["student", "team", "super"] as const) {
    const user = await createUser({ role, username: `${tag}_${role}`, fullName: `Role ${role}` });
    ids[role] = user.id;
    agents[role] = await signIn(user.username);
  }
  return { agents, ids };
}
