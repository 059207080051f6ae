import { loginAction, registerAction } from "@/lib/auth/actions";
import { UNSTORABLE_TEXT } from "@/lib/http/route.server";
import { prisma } from "@/lib/db/client.server";
import { Agent } from "../support/agent";
import { cleanup } from "../support/factories";

// Server actions hold their form fields to route()'s rule: text PostgreSQL cannot store is a 400
// the form shows, not a failed query's "Something went wrong".

afterAll(cleanup);

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

test("a NUL in the username of the sign-in form is the 400 message", async () => {
  const { state } = await new Agent().act(
    loginAction,
    form({ username: "stu\u0000dent", password: "whatever password" }),
  );
  expect(state).toMatchObject({
    status: 400,
    error: UNSTORABLE_TEXT,
    fieldErrors: { username: [UNSTORABLE_TEXT] },
  });
});

test("a NUL in any field of the registration form is the 400 message; nothing is stored", async () => {
  const fields = {
    fullName: "New Person",
    email: "nul.person@example.test",
    username: "nul_person",
    password: "a long enough password",
    confirmPassword: "a long enough password",
  };
  for (const [name, value] of [
    ["fullName", "New\u0000Person"],
    ["email", "nul\u0000person@example.test"],
    ["password", "a long enough\u0000password"],
    // (FormData itself turns an unpaired surrogate into U+FFFD, which PostgreSQL stores.)
  ]) {
    const { state } = await new Agent().act(registerAction, form({ ...fields, [name]: value }));
    expect(state).toMatchObject({
      status: 400,
      error: UNSTORABLE_TEXT,
      fieldErrors: { [name]: [UNSTORABLE_TEXT] },
    });
  }
  expect(await prisma.user.count({ where: { email: fields.email } })).toBe(0);
});
