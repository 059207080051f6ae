import type { Client } from "pg";
import type { Viewer } from "@/lib/auth/viewer";
import { hashPassword, verifyPassword } from "@/lib/auth/password.server";
import { prisma } from "@/lib/db/client.server";
import { HttpError } from "@/lib/http/errors";
import type { Mail } from "@/lib/mail/send.server";
import {
  changePassword,
  PASSWORD_CHANGED_MEANWHILE,
  requestPasswordReset,
  RESET_LINK_OLD_ADDRESS,
  resetPassword,
  sendEmailVerification,
  updateProfile,
  VERIFY_LINK_OLD_ADDRESS,
  verifyEmail,
} from "@/lib/users/accounts.server";
import { ADMIN_SELF_DELETE, deleteOwnAccount } from "@/lib/users/delete-account.server";
import { cleanup, createStudent, TEST_PASSWORD, uniqueTag, viewerOf } from "../support/factories";
import { describeOnPostgres, openSession, waitForLockWaiters } from "../support/postgres-only";

// Account writes that check something and then write: the write is conditional on what was
// checked, so a change that commits in between (another password change, a reset, a new address,
// a promotion) makes it refuse instead of overwriting. Each test holds the account's row in a
// session of its own while the code under test has read it and waits to write, commits a change
// there, and then lets the write go.

const sent: Mail[] = [];
jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void sent.push(mail) }));

afterAll(cleanup);
beforeEach(() => {
  sent.length = 0;
});

/** The outcome of a call: its HTTP status when it failed with one, "ok" otherwise. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok" as const,
    (error: unknown) => {
      if (error instanceof HttpError) return { status: error.status, message: error.message };
      throw error;
    },
  );

/** Locks the user's row in a session of its own; `run` gets the session, then it commits. */
async function holdingUser(id: number, run: (session: Client) => Promise<void>) {
  const session = await openSession();
  try {
    await session.query("BEGIN");
    await session.query(`SELECT 1 FROM "users" WHERE "id" = $1 FOR UPDATE`, [id]);
    await run(session);
    await session.query("COMMIT");
  } finally {
    await session.end();
  }
}

const passwordOf = async (id: number) => (await prisma.user.findUniqueOrThrow({ where: { id } })).password!;

describeOnPostgres("password changes", () => {
  test("two changes checked against the same password: one wins, the other answers 409", async () => {
    const student = await createStudent();
    let results: unknown[] = [];
    await holdingUser(student.id, async (session) => {
      const both = Promise.all([
        outcome(changePassword(student.id, TEST_PASSWORD, "first new password")),
        outcome(changePassword(student.id, TEST_PASSWORD, "second new password")),
      ]);
      await waitForLockWaiters(session, 2);
      await session.query("COMMIT");
      await session.query("BEGIN");
      results = await both;
    });
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results).toContainEqual({ status: 409, message: PASSWORD_CHANGED_MEANWHILE });
    const winner = results[0] === "ok" ? "first new password" : "second new password";
    expect(await verifyPassword(await passwordOf(student.id), winner)).toBe(true);
  });

  test("a change in flight does not overwrite a reset that committed first", async () => {
    const student = await createStudent();
    const resetHash = await hashPassword("password from the reset");
    let result: unknown;
    await holdingUser(student.id, async (session) => {
      const change = outcome(changePassword(student.id, TEST_PASSWORD, "password from the change"));
      await waitForLockWaiters(session);
      // What resetPassword writes.
      await session.query(
        `UPDATE "users" SET "password" = $2, "resetToken" = NULL, "sessionVersion" = "sessionVersion" + 1
          WHERE "id" = $1`,
        [student.id, resetHash],
      );
      await session.query("COMMIT");
      await session.query("BEGIN");
      result = await change;
    });
    expect(result).toEqual({ status: 409, message: PASSWORD_CHANGED_MEANWHILE });
    expect(await passwordOf(student.id)).toBe(resetHash);
  });

  test("an e-mail change checked against a password a reset replaced is refused", async () => {
    const student = await createStudent();
    let result: unknown;
    await holdingUser(student.id, async (session) => {
      const change = outcome(
        updateProfile(student.id, {
          fullName: student.fullName,
          email: `${uniqueTag()}.taken-over@example.com`,
          currentPassword: TEST_PASSWORD,
        }),
      );
      await waitForLockWaiters(session);
      await session.query(`UPDATE "users" SET "password" = $2, "pendingEmail" = NULL WHERE "id" = $1`, [
        student.id,
        await hashPassword("password from the reset"),
      ]);
      await session.query("COMMIT");
      await session.query("BEGIN");
      result = await change;
    });
    expect(result).toEqual({ status: 409, message: PASSWORD_CHANGED_MEANWHILE });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: student.id } })).pendingEmail).toBeNull();
  });
});

describeOnPostgres("links issued while the address changes", () => {
  /** What confirmEmailChange writes: the new address, verified, and no link of the old one. */
  const changeAddress = (session: Client, id: number, email: string) =>
    session.query(
      `UPDATE "users" SET "email" = $2, "emailVerifiedAt" = now(), "emailVerifyToken" = NULL,
              "resetToken" = NULL, "resetTokenExpiry" = NULL WHERE "id" = $1`,
      [id, email],
    );

  /** Runs `issue` for the student's address while the address changes under it. */
  async function issueDuringChange(issue: (student: { id: number; email: string }) => Promise<void>) {
    const student = await createStudent();
    await holdingUser(student.id, async (session) => {
      const request = issue(student);
      await waitForLockWaiters(session);
      await changeAddress(session, student.id, `${uniqueTag()}.new@example.com`);
      await session.query("COMMIT");
      await session.query("BEGIN");
      await request;
    });
    expect(sent.filter((mail) => mail.to === student.email)).toEqual([]);
    return prisma.user.findUniqueOrThrow({ where: { id: student.id } });
  }

  test("a reset link is not issued to the old address once the change commits", async () => {
    const user = await issueDuringChange((student) => requestPasswordReset(student.email));
    expect(user.resetToken).toBeNull();
  });

  test("a verification link is not issued to the old address once the change commits", async () => {
    const user = await issueDuringChange((student) => sendEmailVerification(student.id));
    expect(user.emailVerifyToken).toBeNull();
  });
});

describe("a link works only while the account has the address it was sent to", () => {
  const tokenOf = (mail: Mail) => new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token")!;
  const moveAccount = (id: number) =>
    prisma.user.update({ where: { id }, data: { email: `${uniqueTag()}.moved@example.com` } });

  test("a reset link", async () => {
    const student = await createStudent();
    await requestPasswordReset(student.email);
    const token = tokenOf(sent.at(-1)!);
    await moveAccount(student.id);
    await expect(resetPassword(token, "password after the move")).rejects.toMatchObject({
      status: 422,
      message: RESET_LINK_OLD_ADDRESS,
    });
    expect(await verifyPassword(await passwordOf(student.id), TEST_PASSWORD)).toBe(true);
  });

  test("a verification link", async () => {
    const student = await createStudent();
    await sendEmailVerification(student.id);
    const token = tokenOf(sent.at(-1)!);
    await moveAccount(student.id);
    await expect(verifyEmail(token)).rejects.toMatchObject({ status: 422, message: VERIFY_LINK_OLD_ADDRESS });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: student.id } })).emailVerifiedAt).toBeNull();
  });
});

describeOnPostgres("deleting one's own account", () => {
  test("a student promoted while the deletion is in flight is not deleted", async () => {
    const student = await createStudent();
    const viewer: Viewer = viewerOf(student);
    let result: unknown;
    await holdingUser(student.id, async (session) => {
      const deletion = outcome(deleteOwnAccount(viewer, { currentPassword: TEST_PASSWORD }));
      await waitForLockWaiters(session);
      await session.query(`UPDATE "users" SET "role" = 'admin', "adminType" = 'team' WHERE "id" = $1`, [
        student.id,
      ]);
      await session.query("COMMIT");
      await session.query("BEGIN");
      result = await deletion;
    });
    expect(result).toEqual({ status: 403, message: ADMIN_SELF_DELETE });
    expect(await prisma.user.findUnique({ where: { id: student.id } })).not.toBeNull();
  });
});
