import { PATCH as updateUser } from "@/app/api/users/[id]/route";
import { POST as bulk } from "@/app/api/applications/bulk/route";
import { bulkApplicationsAction } from "@/lib/applications/actions";
import { countChanged } from "@/lib/applications/bulk.server";
import { toDbStatus } from "@/lib/applications/status";
import { prisma } from "@/lib/db/client.server";
import { SENT_BY_SCRIPT_FIELD } from "@/lib/http/form-state";
import { BULK_CONFIRM } from "@/lib/validation/application";
import {
  cleanup,
  createApplication,
  createStudent,
  createSuperAdmin,
  createTeamAdmin,
  createUniversity,
} from "../support/factories";
import { signIn } from "../support/roles";

// Bulk actions of the workspace: each row checked and changed on its own (a refused row changes
// nothing, the others are done, the answer says which and why), on the checked ids or on every
// match of the filters with the count confirmed; and assignments released when an account stops
// being an active admin.

afterAll(cleanup);

async function setup() {
  const university = await createUniversity({ programs: [{}] });
  const programId = university.programs[0].id;
  const admin = await createTeamAdmin();
  const make = async (status: "pending" | "in-review" | "rejected", userId?: number) =>
    createApplication({
      userId: userId ?? (await createStudent()).id,
      programId,
      status: toDbStatus(status),
    });
  const pending = [await make("pending"), await make("pending")];
  const closed = await make("rejected");
  const own = await make("pending", admin.id);
  return { university, admin, pending, closed, own, agent: await signIn(admin.username) };
}

test("a bulk move changes the rows the workflow allows and lists the others with the reason", async () => {
  const { admin, pending, closed, own, agent } = await setup();
  const ids = [...pending.map((a) => a.id), closed.id, own.id];
  const auditsBefore = await prisma.auditEvent.count({ where: { actorId: admin.id } });
  const response = await agent.call(bulk, "/api/applications/bulk", {
    json: { operation: { type: "status", status: "in-review", note: "We are reading it." }, ids },
  });
  expect(response.status).toBe(200);
  const result = await response.json();
  expect(result.changed.map((row: { id: number }) => row.id)).toEqual(pending.map((a) => a.id));
  expect(result.refused).toEqual([
    {
      id: closed.id,
      studentName: expect.any(String),
      reason: expect.stringContaining("Rejected is a final status"),
    },
    {
      id: own.id,
      studentName: admin.fullName,
      reason: "You submitted this application, so another team member must review it.",
    },
  ]);
  const statuses = await prisma.application.findMany({
    where: { id: { in: ids } },
    orderBy: { id: "asc" },
    select: { id: true, status: true },
  });
  expect(statuses.map((s) => s.status)).toEqual(
    ["in-review", "in-review", "rejected", "pending"].map((s) => toDbStatus(s as never)),
  );
  // Each changed row: its event and its audit entry; the refused ones nothing.
  expect(
    await prisma.applicationEvent.count({
      where: { applicationId: { in: ids }, transition: "start-review" },
    }),
  ).toBe(2);
  expect(await prisma.auditEvent.count({ where: { actorId: admin.id } })).toBe(auditsBefore + 2);
});

test("a bulk assignment on every match needs the count confirmed, and the count of now", async () => {
  const { university, pending, agent } = await setup();
  const colleague = await createTeamAdmin();
  const filters = `?university=${university.id}&status=pending`;
  // Two pending of others' and the admin's own: three match.
  const call = (count: number | undefined) =>
    agent.call(bulk, "/api/applications/bulk", {
      json: {
        operation: { type: "assign", assigneeId: colleague.id },
        filters,
        ...(count === undefined ? {} : { count }),
      },
    });
  const unconfirmed = await call(undefined);
  expect(unconfirmed.status).toBe(400);
  const stale = await call(2);
  expect(stale.status).toBe(409);
  expect((await stale.json()).error).toBe(countChanged(3, 2));
  expect(await prisma.application.count({ where: { assigneeId: colleague.id } })).toBe(0);

  const done = await (await call(3)).json();
  expect(done.changed.map((row: { id: number }) => row.id).sort()).toEqual(pending.map((a) => a.id).sort());
  expect(done.refused).toHaveLength(1);
  // Again: already so, nothing written.
  const again = await (await call(3)).json();
  expect(again.unchanged).toHaveLength(2);
  expect(
    await prisma.applicationEvent.count({
      where: { transition: "assign", applicationId: { in: pending.map((a) => a.id) } },
    }),
  ).toBe(2);

  // Deactivating the colleague gives their applications back to nobody, with an event each.
  const superAdmin = await createSuperAdmin();
  const boss = await signIn(superAdmin.username);
  const deactivated = await boss.call(updateUser, `/api/users/${colleague.id}`, {
    method: "PATCH",
    json: { isActive: false },
    params: { id: String(colleague.id) },
  });
  expect(deactivated.status).toBe(200);
  expect(await prisma.application.count({ where: { assigneeId: colleague.id } })).toBe(0);
  expect(
    await prisma.applicationEvent.count({
      where: { transition: "assign", applicationId: { in: pending.map((a) => a.id) } },
    }),
  ).toBe(4);
});

test("the bulk form: checked rows, or every match with the box ticked; a refusal says what to do", async () => {
  const { university, admin, pending, agent } = await setup();
  const form = (fields: Record<string, string | string[]>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields))
      for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
    data.set(SENT_BY_SCRIPT_FIELD, "1");
    return data;
  };
  const act = async (fields: Record<string, string | string[]>) =>
    (await agent.act(bulkApplicationsAction, form(fields), { path: "/admin/applications" })).state!;
  const noted = await act({
    scope: "selected",
    operation: "note",
    ids: pending.map((a) => String(a.id)),
    text: "Checked together.",
  });
  expect(noted.message).toBe("2 changed.");
  expect(
    await prisma.applicationNote.count({ where: { applicationId: { in: pending.map((a) => a.id) } } }),
  ).toBe(2);

  const matching = {
    scope: "matching",
    operation: "assign",
    assigneeId: String(admin.id),
    filters: `?university=${university.id}`,
    count: "4",
  };
  const unticked = await act(matching);
  expect(unticked.status).toBe(400);
  expect(unticked.fieldErrors?.count).toEqual([BULK_CONFIRM]);
  const ticked = await act({ ...matching, confirmed: "on" });
  // Three of others' assigned; the admin's own refused, named.
  expect(ticked.message).toMatch(/^3 changed, 1 refused\. .+: You submitted this application/);
});
