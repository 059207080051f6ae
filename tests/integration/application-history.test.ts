import { GET as getOne, PATCH as review } from "@/app/api/applications/[id]/route";
import { prisma } from "@/lib/db/client.server";
import {
  cleanup,
  createApplication,
  createStudent,
  createTeamAdmin,
  createUniversity,
} from "../support/factories";
import { signIn } from "../support/roles";

// An application's history says who made each change, also after that admin's account is gone
// (nothing a student sees about their application is erased by an admin's delete).

afterAll(cleanup);

test("a status change keeps its admin's name after the admin account is deleted", async () => {
  const student = await createStudent({ fullName: "Nadia History" });
  const admin = await createTeamAdmin({ fullName: "Reviewer Departed" });
  const university = await createUniversity({ programs: [{ level: "Master's" }] });
  const application = await createApplication({ userId: student.id, programId: university.programs[0].id });
  const params = { id: String(application.id) };

  const reviewer = await signIn(admin.username);
  const moved = await reviewer.call(review, `/api/applications/${application.id}`, {
    method: "PATCH",
    json: { status: "in-review", note: "Looking at it" },
    params,
  });
  expect(moved.status).toBe(200);

  await prisma.user.delete({ where: { id: admin.id } });

  const studentAgent = await signIn(student.username);
  const detail = await studentAgent.call(getOne, `/api/applications/${application.id}`, { params });
  expect(detail.status).toBe(200);
  const { history } = (await detail.json()) as {
    history: { to: string; by: string | null; note: string | null }[];
  };
  expect(history.at(-1)).toMatchObject({ to: "in-review", by: "Reviewer Departed", note: "Looking at it" });
});
