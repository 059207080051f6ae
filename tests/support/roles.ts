import { POST as login } from "@/app/api/login/route";
import { hashPassword } from "@/lib/auth/password";
import { prisma } from "@/lib/db/client";
import { Agent } from "./agent";

// One signed-in Agent per role, for the role matrix of the admin endpoints (issue 6: anonymous
// 401, student 403, team admin and super admin as each endpoint allows). The accounts are tagged;
// call `remove()` in afterAll.

export const ROLES = ["anonymous", "student", "team", "super"] as const;
export type RoleName = (typeof ROLES)[number];

const PASSWORD = "role matrix password";

export interface RoleAgents {
  agents: Record<RoleName, Agent>;
  /** The user ids of the signed-in roles. */
  ids: Record<Exclude<RoleName, "anonymous">, number>;
  remove(): Promise<void>;
}

export async function signInEachRole(tag: string): Promise<RoleAgents> {
  const password = await hashPassword(PASSWORD);
  const accounts = {
    student: { role: "user", adminType: null },
    team: { role: "admin", adminType: "team" },
    super: { role: "admin", adminType: "super" },
  } as const;
  const agents = { anonymous: new Agent() } as Record<RoleName, Agent>;
  const ids = {} as RoleAgents["ids"];
  for (const [name, { role, adminType }] of Object.entries(accounts) as [
    keyof typeof accounts,
    (typeof accounts)[keyof typeof accounts],
  ][]) {
    const username = `${tag}_${name}`;
    const user = await prisma.user.create({
      data: {
        username,
        email: `${username}@example.com`,
        fullName: `Role ${name}`,
        password,
        role,
        adminType,
      },
    });
    ids[name] = user.id;
    const agent = new Agent();
    const response = await agent.call(login, "/api/login", { json: { username, password: PASSWORD } });
    if (response.status !== 200) throw new Error(`sign-in as ${username} failed: ${response.status}`);
    agents[name] = agent;
  }
  return {
    agents,
    ids,
    remove: async () => {
      await prisma.user.deleteMany({ where: { username: { startsWith: `${tag}_` } } });
    },
  };
}
