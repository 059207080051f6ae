import { POST as login } from "@/app/api/login/route";
import { GET as getUniversity } from "@/app/api/universities/[id]/route";
import { createPrismaClient, prisma } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { SERVICE_UNAVAILABLE } from "@/lib/http/errors";
import { Agent } from "../support/agent";
import { cleanup, createStudent, TEST_PASSWORD } from "../support/factories";

// A database that refuses connections is a 503 the client may retry, not a 500, and never a
// wrong-password 401 (issue 12, "Seen today"). The error is a real one: Prisma's, from a client
// pointed at a port where nothing listens.

afterAll(cleanup);
afterEach(() => jest.restoreAllMocks());

let refused: unknown;
beforeAll(async () => {
  const nowhere = createPrismaClient("postgresql://postgres@127.0.0.1:9/none", { max: 1 });
  refused = await nowhere.user.findFirst().catch((error: unknown) => error);
  await nowhere.$disconnect();
});

test("Prisma's error for a database it cannot reach is recognised, other errors are not", () => {
  expect(isDatabaseUnavailable(refused)).toBe(true);
  expect(isDatabaseUnavailable({ cause: { err: refused } })).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(
    true,
  );
  expect(isDatabaseUnavailable(new Error("a bug"))).toBe(false);
  expect(isDatabaseUnavailable(Object.assign(new Error("unique"), { code: "23505" }))).toBe(false);
});

test("an API read answers 503 with Retry-After and the one error shape", async () => {
  jest.spyOn(prisma.university, "findUnique").mockRejectedValue(refused);
  jest.spyOn(prisma.university, "findFirst").mockRejectedValue(refused);
  const response = await new Agent().call(getUniversity, "/api/universities/1", { params: { id: "1" } });
  expect(response.status).toBe(503);
  expect(response.headers.get("Retry-After")).toBe("30");
  expect(await response.json()).toEqual({ error: SERVICE_UNAVAILABLE });
});

test("sign-in answers 503, not 'Invalid username or password', when the account cannot be read", async () => {
  const student = await createStudent();
  jest.spyOn(prisma.user, "findUnique").mockRejectedValue(refused);
  const response = await new Agent().call(login, "/api/login", {
    json: { username: student.username, password: TEST_PASSWORD },
  });
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ error: SERVICE_UNAVAILABLE });
});
