import { DELETE as deleteRoute } from "@/app/api/contact/[id]/route";
import { GET as listRoute, POST as sendRoute } from "@/app/api/contact/route";
import { CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR } from "@/lib/auth/rate-limit.server";
import { sendContactMessageAction } from "@/lib/contact/actions";
import { CONTACT_SENT } from "@/lib/contact/messages";
import { prisma } from "@/lib/db/client.server";
import { UNSTORABLE_TEXT } from "@/lib/http/route.server";
import { Agent } from "../support/agent";
import { cleanup, uniqueTag } from "../support/factories";
import { signInEachRole, type RoleAgents } from "../support/roles";

// The contact form's messages are stored (API and server action, same schema), limited
// per client address, and listed for admins only.

const tag = uniqueTag();
const DOMAIN = `${tag}.contact.test`;
let roles: RoleAgents;

beforeAll(async () => {
  roles = await signInEachRole(`contact_${tag}`);
});
afterAll(async () => {
  await prisma.contactMessage.deleteMany({ where: { email: { endsWith: `@${DOMAIN}` } } });
  await cleanup();
});

const message = (sender: string, overrides: Record<string, unknown> = {}) => ({
  name: `  Ada ${sender}  `,
  email: `${sender}@${DOMAIN.toUpperCase()}`,
  subject: "Is the MSc taught in English?",
  message: "I would like to know the language of teaching of the MSc in Physics.",
  ...overrides,
});

const storedFor = (sender: string) =>
  prisma.contactMessage.findMany({ where: { email: `${sender}@${DOMAIN}` }, orderBy: { id: "asc" } });

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

/** Runs the server action as Next would for a request from `ip` (through one trusted proxy). */
async function sendForm(fields: Record<string, string>, ip: string) {
  const { state } = await new Agent(ip).act(sendContactMessageAction, form(fields), { path: "/contact" });
  return state!;
}

test("POST /api/contact stores the message, trimmed, and answers 201 with the confirmation", async () => {
  const response = await new Agent().call(sendRoute, "/api/contact", { json: message("api") });
  expect(response.status).toBe(201);
  expect(await response.json()).toEqual({ message: CONTACT_SENT });
  const [stored] = await storedFor("api");
  expect(stored).toMatchObject({
    name: "Ada api",
    email: `api@${DOMAIN}`,
    subject: "Is the MSc taught in English?",
  });
});

test("an invalid message is a 400 on its fields and stores nothing", async () => {
  const agent = new Agent();
  const response = await agent.call(sendRoute, "/api/contact", {
    json: message("invalid", { email: "not an address", message: "short", subject: "" }),
  });
  expect(response.status).toBe(400);
  const body = await response.json();
  expect(Object.keys(body.fieldErrors).sort()).toEqual(["email", "message", "subject"]);
  expect(await storedFor("invalid")).toHaveLength(0);
});

test("messages are limited per client address: the next one is a 429 with Retry-After, and stores nothing", async () => {
  const agent = new Agent();
  for (let i = 0; i < CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR; i++) {
    const response = await agent.call(sendRoute, "/api/contact", { json: message("limited") });
    expect(response.status).toBe(201);
  }
  const refused = await agent.call(sendRoute, "/api/contact", { json: message("limited") });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect((await refused.json()).error).toMatch(/Too many messages .* Try again in \d+ minutes?\./);
  expect(await storedFor("limited")).toHaveLength(CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR);

  // Another address is not affected.
  const other = await new Agent().call(sendRoute, "/api/contact", { json: message("limited") });
  expect(other.status).toBe(201);
});

test("invalid messages do not use up the address's allowance", async () => {
  const agent = new Agent();
  for (let i = 0; i < CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR + 2; i++) {
    const response = await agent.call(sendRoute, "/api/contact", { json: message("typos", { message: "" }) });
    expect(response.status).toBe(400);
  }
  const response = await agent.call(sendRoute, "/api/contact", { json: message("typos") });
  expect(response.status).toBe(201);
});

describe("the form's server action (the form without JavaScript)", () => {
  const fields = (sender: string) => message(sender) as Record<string, string>;

  test("stores the message and answers the confirmation, without the values", async () => {
    const state = await sendForm(fields("form"), "192.0.2.10");
    expect(state).toEqual({ message: CONTACT_SENT });
    expect(await storedFor("form")).toHaveLength(1);
  });

  test("a refused message gives the API's field messages and what was typed back", async () => {
    const state = await sendForm({ ...fields("formbad"), email: "nope" }, "192.0.2.11");
    expect(state).toMatchObject({
      status: 400,
      fieldErrors: { email: ["Enter a valid email address"] },
      values: { email: "nope", subject: "Is the MSc taught in English?" },
    });
    expect(await storedFor("formbad")).toHaveLength(0);
  });

  test("text PostgreSQL cannot store is the 400 message", async () => {
    const state = await sendForm(
      { ...fields("formnul"), message: "Hello\u0000 there, a question" },
      "192.0.2.12",
    );
    expect(state).toMatchObject({ status: 400, fieldErrors: { message: [UNSTORABLE_TEXT] } });
    expect(await storedFor("formnul")).toHaveLength(0);
  });

  test("shares the API's limit for the address", async () => {
    const ip = "192.0.2.13";
    for (let i = 0; i < CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR; i++) {
      expect(await sendForm(fields("formlimit"), ip)).toEqual({ message: CONTACT_SENT });
    }
    expect(await sendForm(fields("formlimit"), ip)).toMatchObject({ status: 429 });
    const response = await new Agent(ip).call(sendRoute, "/api/contact", { json: message("formlimit") });
    expect(response.status).toBe(429);
    expect(await storedFor("formlimit")).toHaveLength(CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR);
  });
});

describe("GET /api/contact", () => {
  test("is for admins: anonymous 401, student 403", async () => {
    expect((await roles.agents.anonymous.call(listRoute, "/api/contact")).status).toBe(401);
    expect((await roles.agents.student.call(listRoute, "/api/contact")).status).toBe(403);
  });

  test("lists the messages newest first for team and super admins, searchable, with the total", async () => {
    const topic = `listing-${tag}`;
    await new Agent().call(sendRoute, "/api/contact", {
      json: message("listed", { subject: `Older ${topic}` }),
    });
    await new Agent().call(sendRoute, "/api/contact", {
      json: message("listed", { subject: `Newer ${topic}` }),
    });
    for (const role of ["team", "super"] as const) {
      const response = await roles.agents[role].call(
        listRoute,
        `/api/contact?q=${encodeURIComponent(topic)}`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("x-total-count")).toBe("2");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const items = (await response.json()) as { subject: string; email: string; createdAt: string }[];
      expect(items.map((item) => item.subject)).toEqual([`Newer ${topic}`, `Older ${topic}`]);
      expect(items[0]).toMatchObject({ email: `listed@${DOMAIN}` });
    }
  });
});

describe("DELETE /api/contact/{id}", () => {
  async function storedMessage(sender: string) {
    await new Agent().call(sendRoute, "/api/contact", { json: message(sender) });
    const [stored] = await storedFor(sender);
    return stored;
  }
  const remove = (role: keyof RoleAgents["agents"], id: number) =>
    roles.agents[role].call(deleteRoute, `/api/contact/${id}`, {
      method: "DELETE",
      params: { id: String(id) },
    });

  test("is for admins: anonymous 401, student 403, and the message stays", async () => {
    const stored = await storedMessage("kept");
    expect((await remove("anonymous", stored.id)).status).toBe(401);
    expect((await remove("student", stored.id)).status).toBe(403);
    expect(await storedFor("kept")).toHaveLength(1);
  });

  test("a team admin deletes a message: 204, then 404; the audit entry keeps neither sender nor text", async () => {
    const stored = await storedMessage("erased");
    expect((await remove("team", stored.id)).status).toBe(204);
    expect(await storedFor("erased")).toHaveLength(0);
    const again = await remove("team", stored.id);
    expect(again.status).toBe(404);
    expect((await again.json()).error).toBe("Message not found");

    const entries = await prisma.auditEvent.findMany({
      where: { action: "contactMessage.delete", entityId: String(stored.id) },
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: roles.ids.team, entityType: "contactMessage" });
    const recorded = JSON.stringify(entries[0]);
    expect(recorded).not.toContain("erased@");
    expect(recorded).not.toContain("Ada erased");
    expect(recorded).not.toContain("language of teaching");
  });
});
