import { POST as login } from "@/app/api/login/route";
import { GET as getUniversity } from "@/app/api/universities/[id]/route";
import { PUT as uploadReference } from "@/app/api/references/[token]/document/route";
import { prisma } from "@/lib/db/client.server";
import { createLogger, setLogger } from "@/lib/log.server";
import { Agent } from "../support/agent";
import { cleanup, createStudent, TEST_PASSWORD } from "../support/factories";

// Logs: one structured line per request, with the id that error bodies return, and
// nothing a request carried in its body.

const written: string[] = [];
let previous: ReturnType<typeof setLogger>;
beforeAll(() => {
  previous = setLogger(
    createLogger({ level: "info", destination: { write: (line) => void written.push(line) } }),
  );
});
beforeEach(() => void (written.length = 0));
afterEach(() => jest.restoreAllMocks());
afterAll(async () => {
  setLogger(previous);
  await cleanup();
});
const lines = () => written.map((line) => JSON.parse(line) as Record<string, unknown>);

test("a sign-in, right or wrong, logs one line without the password", async () => {
  const student = await createStudent();
  const wrong = await new Agent().call(login, "/api/login", {
    json: { username: student.username, password: "not the password at all" },
  });
  expect(wrong.status).toBe(401);
  const right = await new Agent().call(login, "/api/login", {
    json: { username: student.username, password: TEST_PASSWORD },
  });
  expect(right.status).toBe(200);
  expect(lines()).toEqual([
    expect.objectContaining({
      method: "POST",
      path: "/api/login",
      status: 401,
      requestId: wrong.headers.get("X-Request-Id"),
    }),
    expect.objectContaining({
      method: "POST",
      path: "/api/login",
      status: 200,
      requestId: right.headers.get("X-Request-Id"),
    }),
  ]);
  expect(written.join("")).not.toContain("not the password at all");
  expect(written.join("")).not.toContain(TEST_PASSWORD);
});

test("a 500's body names the request id of its log lines, which hold the error's stack", async () => {
  jest.spyOn(prisma.university, "findFirst").mockRejectedValue(new Error("a bug"));
  jest.spyOn(prisma.university, "findUnique").mockRejectedValue(new Error("a bug"));
  const response = await new Agent().call(getUniversity, "/api/universities/1", { params: { id: "1" } });
  expect(response.status).toBe(500);
  const { requestId } = await response.json();
  expect(lines()).toEqual([
    expect.objectContaining({
      level: 50,
      requestId,
      msg: "unexpected error",
      err: expect.objectContaining({ message: "a bug" }),
    }),
    expect.objectContaining({
      level: 50,
      requestId,
      method: "GET",
      path: "/api/universities/1",
      status: 500,
      userId: null,
    }),
  ]);
});

test("a referee's upload logs the route's pattern, never the token of their link", async () => {
  const token = "Secret_Token-".padEnd(43, "x");
  const response = await new Agent().call(uploadReference, `/api/references/${token}/document?name=a.pdf`, {
    method: "PUT",
    body: new Uint8Array([37, 80, 68, 70]),
    params: { token },
  });
  expect(response.status).toBe(404);
  expect(lines()).toEqual([
    expect.objectContaining({ method: "PUT", path: "/api/references/[token]/document", status: 404 }),
  ]);
  expect(written.join("")).not.toContain(token);
});
