import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { assertCurrentPassword, CURRENT_PASSWORD_WRONG } from "@/lib/auth/current-password.server";
import { hashPassword } from "@/lib/auth/password.server";
import { clearSignInLocks, resetEmailDue, resetRequestAllowed } from "@/lib/auth/rate-limit.server";
import { requestClientIp } from "@/lib/auth/request.server";
import { revokeOtherSessions } from "@/lib/auth/sessions.server";
import { afterResponse } from "@/lib/http/after-response.server";
import { badRequest, conflict, notFound, unprocessable } from "@/lib/http/errors";
import { platformNameForMail, sendMailLater } from "@/lib/mail/later.server";
import { sendMail } from "@/lib/mail/send.server";
import { emailChangeRequestedMail } from "@/lib/mail/templates/email-change-requested.server";
import { emailChangedMail } from "@/lib/mail/templates/email-changed.server";
import { passwordChangedMail } from "@/lib/mail/templates/password-changed.server";
import { passwordResetMail } from "@/lib/mail/templates/password-reset.server";
import { verifyEmailMail } from "@/lib/mail/templates/verify-email.server";
import type { RegisterInput } from "@/lib/validation/auth";
import { toUserDto, userDtoSelect, type UserDto } from "./dto";

// Accounts: registration, e-mail verification, profile, password change and password reset.

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const EMAIL_VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
export const USERNAME_TAKEN = "This username is already taken. Choose another one.";
export const EMAIL_TAKEN =
  "An account with this email already exists. Sign in instead, or reset your password.";

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The 409 for a username or e-mail that belongs to someone else, naming which. Both columns are
 * citext, so the query finds "Admin" for "admin"; the comparisons here must ignore case too.
 */
async function assertFree(fields: { username?: string; email?: string }, exceptId?: number) {
  const others = await prisma.user.findMany({
    where: {
      OR: [
        ...(fields.username ? [{ username: fields.username }] : []),
        ...(fields.email ? [{ email: fields.email }] : []),
      ],
      ...(exceptId ? { NOT: { id: exceptId } } : {}),
    },
    select: { username: true, email: true },
  });
  const fieldErrors: Record<string, string[]> = {};
  const { username, email } = fields;
  if (username && others.some((u) => sameText(u.username, username))) fieldErrors.username = [USERNAME_TAKEN];
  if (email && others.some((u) => sameText(u.email, email))) fieldErrors.email = [EMAIL_TAKEN];
  if (Object.keys(fieldErrors).length) {
    throw conflict(fieldErrors.username ? USERNAME_TAKEN : EMAIL_TAKEN, fieldErrors);
  }
}

/** A unique-constraint race lost after the check above still answers 409, not 500. */
function onUniqueViolation(error: unknown): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
    const target = String((error.meta as { target?: unknown } | undefined)?.target ?? "");
    throw target.includes("email")
      ? conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] })
      : conflict(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
  }
  throw error;
}

/**
 * Creates an account: a student by default (/auth's registration), or, for an admin's Add User,
 * the role and admin type they chose (lib/users/admin.server.ts checks who may do that).
 */
export async function registerUser(
  input: RegisterInput,
  access: { role: "user" | "admin"; adminType: "super" | "team" | null } = { role: "user", adminType: null },
  /** Runs in the creating transaction (an admin's Add User records it in the audit log). */
  alsoInTransaction?: (tx: Prisma.TransactionClient, user: UserDto) => Promise<void>,
): Promise<UserDto> {
  await assertFree({ username: input.username, email: input.email });
  // Hashed before the transaction opens: it takes a while, and a transaction holds a connection.
  const password = await hashPassword(input.password);
  return prisma
    .$transaction(async (tx) => {
      await lockAddress(tx, input.email);
      const row = await tx.user.create({
        data: {
          username: input.username,
          email: input.email,
          fullName: input.fullName,
          password,
          role: access.role,
          adminType: access.role === "admin" ? access.adminType : null,
        },
        select: userDtoSelect,
      });
      await dropPendingClaims(tx, row.email, row.id);
      const user = toUserDto(row);
      await alsoInTransaction?.(tx, user);
      return user;
    })
    .catch(onUniqueViolation);
}

/** The account that just signed in with this username (POST /api/login answers it). */
export async function getUserDtoByUsername(username: string): Promise<UserDto> {
  const user = await prisma.user.findUnique({ where: { username }, select: userDtoSelect });
  if (!user) throw notFound("User not found");
  return toUserDto(user);
}

export async function getUserDto(id: number): Promise<UserDto> {
  const user = await prisma.user.findUnique({ where: { id }, select: userDtoSelect });
  if (!user) throw notFound("User not found");
  return toUserDto(user);
}

export { CURRENT_PASSWORD_WRONG };
export const PASSWORD_CHANGED_MEANWHILE =
  "Your password was changed in the meantime (in another window or with a reset link), so this was not done. Enter your current password and try again.";
export const CURRENT_PASSWORD_NEEDED = "Enter your current password to change your email";
export const NO_PASSWORD_FOR_EMAIL_CHANGE =
  "Your account has no password yet. Set one with Forgot password, then change your email.";

/**
 * The profile form and PATCH /api/user. The name changes freely; a new e-mail address needs the
 * current password and then only becomes pending: the account keeps its address until the link
 * sent to the new one is opened (confirmEmailChange), so nobody can take an address they do not
 * receive mail at, and the pending address blocks nobody's registration. Asking for it ends the
 * account's other sessions (`keepSessionId`, the caller's, continues) and tells the current
 * address, which can still stop it: a password reset drops the pending change. Submitting the
 * current address (in any letter case) leaves a pending change as it is.
 */
export async function updateProfile(
  id: number,
  input: { fullName: string; email: string; currentPassword?: string },
  keepSessionId?: string,
  now = new Date(),
): Promise<UserDto> {
  const current = await prisma.user.findUnique({
    where: { id },
    select: { email: true, fullName: true, password: true, emailVerifiedAt: true },
  });
  if (!current) throw notFound("User not found");
  // citext: "Ana@Example.com" for "ana@example.com" is the same address, only written differently.
  if (sameText(current.email, input.email)) {
    const user = await prisma.user.update({
      where: { id },
      data: { fullName: input.fullName, email: input.email },
      select: userDtoSelect,
    });
    return toUserDto(user);
  }

  if (!current.password)
    throw badRequest(NO_PASSWORD_FOR_EMAIL_CHANGE, { currentPassword: [NO_PASSWORD_FOR_EMAIL_CHANGE] });
  if (!input.currentPassword)
    throw badRequest(CURRENT_PASSWORD_NEEDED, { currentPassword: [CURRENT_PASSWORD_NEEDED] });
  await assertCurrentPassword(id, current.password, input.currentPassword);
  // Another account's address is refused at once; another account's pending claim is not.
  await assertFree({ email: input.email }, id);
  const link = newToken(now, EMAIL_VERIFY_TTL_MS);
  const user = await prisma.$transaction(async (tx) => {
    // Only while the password is the one checked: a reset committed meanwhile dropped the pending
    // change on purpose, and this request must not bring it back.
    const [row] = await tx.user.updateManyAndReturn({
      where: { id, password: current.password },
      data: {
        fullName: input.fullName,
        pendingEmail: input.email,
        pendingEmailToken: link.hash,
        pendingEmailExpiry: link.expiry,
      },
      select: userDtoSelect,
    });
    if (!row) throw conflict(PASSWORD_CHANGED_MEANWHILE, { currentPassword: [PASSWORD_CHANGED_MEANWHILE] });
    await revokeOtherSessions(id, keepSessionId, now, tx);
    return row;
  });

  const platformName = await platformNameForMail();
  await sendMailLater(
    { to: input.email, ...(await verifyEmailMail(link.token, platformName, "change")) },
    "Verification e-mail",
  );
  await sendMailLater(
    {
      to: current.email,
      ...(await emailChangeRequestedMail(
        { fullName: current.fullName, emailVerifiedAt: current.emailVerifiedAt, username: user.username },
        input.email,
        platformName,
      )),
    },
    "E-mail change notice",
  );
  return toUserDto(user);
}

export const NO_PENDING_EMAIL = "There is no new email address waiting for confirmation.";

/** The profile's "Cancel change": the pending address is forgotten and its link stops working. */
export async function cancelEmailChange(id: number): Promise<UserDto> {
  const { count } = await prisma.user.updateMany({
    where: { id, pendingEmail: { not: null } },
    data: { pendingEmail: null, pendingEmailToken: null, pendingEmailExpiry: null },
  });
  if (count === 0) {
    await getUserDto(id); // 404 for an account that is gone
    throw conflict(NO_PENDING_EMAIL);
  }
  return getUserDto(id);
}

/** The first key of the address locks below (pg_advisory_xact_lock's two-key form). */
const ADDRESS_LOCK_CLASS = 0x656d61;

/**
 * Serialises the transactions that give an address to an account or drop the pending claims on
 * it (registration, a first Google sign-in, a confirmed change, a verification, a reset): each
 * takes this lock first, before it writes any row. Without it two of them for one address
 * deadlock: each holds its own account's row and waits for the other's (a claim to drop, or the
 * unique e-mail index entry the other has not committed yet). Released when the transaction ends.
 */
export async function lockAddress(tx: Prisma.TransactionClient, email: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}::int, hashtext(lower(${email}::text)))`;
}

/**
 * Every other account's pending claim on `email` is dropped: the address has just been
 * registered, confirmed or verified by `ownerId` (in a transaction that took lockAddress
 * first). The dropped claims keep their link's token until it expires, so that opening the link
 * says the address went to another account (EMAIL_CHANGE_TAKEN) instead of calling it invalid.
 */
export async function dropPendingClaims(tx: Prisma.TransactionClient, email: string, ownerId: number) {
  await tx.user.updateMany({
    where: { pendingEmail: email, NOT: { id: ownerId } },
    data: { pendingEmail: null },
  });
}

/**
 * Changes the password after checking the current one, ends the user's other sessions
 * (`keepSessionId`, the caller's, continues, as for an e-mail change), cancels a reset link still
 * outstanding (it was asked for to replace the password that is now gone), and tells the
 * account's address.
 */
export async function changePassword(
  id: number,
  currentPassword: string,
  newPassword: string,
  keepSessionId?: string,
  now = new Date(),
) {
  const user = await prisma.user.findUnique({ where: { id }, select: { password: true } });
  if (!user) throw notFound("User not found");
  if (!user.password) throw badRequest(CURRENT_PASSWORD_WRONG, { currentPassword: [CURRENT_PASSWORD_WRONG] });
  await assertCurrentPassword(id, user.password, currentPassword);
  const password = await hashPassword(newPassword);
  const changed = await prisma.$transaction(async (tx) => {
    // Only over the password that was checked: another change or a reset that committed since
    // wins, and this one answers 409 instead of overwriting it.
    const [row] = await tx.user.updateManyAndReturn({
      where: { id, password: user.password },
      data: { password, resetToken: null, resetTokenExpiry: null, resetTokenAddress: null },
      select: { email: true, fullName: true, username: true, emailVerifiedAt: true },
    });
    if (!row) throw conflict(PASSWORD_CHANGED_MEANWHILE, { currentPassword: [PASSWORD_CHANGED_MEANWHILE] });
    await revokeOtherSessions(id, keepSessionId, now, tx);
    return row;
  });
  await sendMailLater(
    { to: changed.email, ...(await passwordChangedMail(changed, await platformNameForMail())) },
    "Password change notice",
  );
}

// ---- e-mail verification ----

export const VERIFY_LINK_INVALID =
  "This verification link is invalid, has expired or was replaced by a newer one. Sign in and send a new one from your profile.";
export const VERIFY_LINK_OLD_ADDRESS =
  "This verification link was sent to an address that is no longer your account's. Sign in and send a new one from your profile.";
export const ALREADY_VERIFIED = "Your email address is already verified.";
export const VERIFICATION_SENT =
  "We have sent a verification link to your email address. It works for 24 hours.";
export const EMAIL_CHANGE_TAKEN =
  "This email address now belongs to another account, so your account keeps its current address. Choose another address on your profile.";

function newToken(now: Date, ttlMs: number) {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: sha256(token), expiry: new Date(now.getTime() + ttlMs) };
}

/**
 * Sends a new verification link (registration, the profile's "Resend link"): to the pending
 * address while a change waits for confirmation, else to the account's address; a link sent
 * earlier to the same address stops working. The mail goes after the response.
 */
export async function sendEmailVerification(id: number, now = new Date()): Promise<void> {
  const user = await prisma.user.findUnique({
    where: { id },
    select: { email: true, fullName: true, emailVerifiedAt: true, pendingEmail: true },
  });
  if (!user) throw notFound("User not found");
  if (user.pendingEmail) {
    const link = newToken(now, EMAIL_VERIFY_TTL_MS);
    // Only while that address is still the pending one (not confirmed, cancelled or replaced since).
    const { count } = await prisma.user.updateMany({
      where: { id, pendingEmail: user.pendingEmail },
      data: { pendingEmailToken: link.hash, pendingEmailExpiry: link.expiry },
    });
    if (count === 0) return;
    await sendMailLater(
      {
        to: user.pendingEmail,
        ...(await verifyEmailMail(link.token, await platformNameForMail(), "change")),
      },
      "Verification e-mail",
    );
    return;
  }
  if (user.emailVerifiedAt) throw conflict(ALREADY_VERIFIED);
  const verification = newToken(now, EMAIL_VERIFY_TTL_MS);
  // Only while the account still has the address read above: a change of address committed since
  // must not send the old address a link for the account.
  const { count } = await prisma.user.updateMany({
    where: { id, email: user.email, emailVerifiedAt: null },
    data: {
      emailVerifyToken: verification.hash,
      emailVerifyExpiry: verification.expiry,
      emailVerifyAddress: user.email,
    },
  });
  if (count === 0) return;
  await sendMailLater(
    { to: user.email, ...(await verifyEmailMail(verification.token, await platformNameForMail())) },
    "Verification e-mail",
  );
}

/**
 * Follows a verification link (the /verify-email page). A link sent to the account's address
 * verifies it; a link sent to a pending address makes it the account's address (`changed`). Either
 * way the token is spent, and every other account's pending claim on the address is dropped.
 */
export async function verifyEmail(
  token: string,
  now = new Date(),
): Promise<{ email: string; changed: boolean }> {
  const hash = sha256(token);
  const user = await prisma.user.findUnique({
    where: { emailVerifyToken: hash },
    select: { id: true, email: true, emailVerifyAddress: true },
  });
  if (!user) return confirmEmailChange(hash, now);
  if (!user.emailVerifyAddress || !sameText(user.emailVerifyAddress, user.email))
    throw unprocessable(VERIFY_LINK_OLD_ADDRESS);
  // One conditional update: the token works once, not after its expiry, and only while the account
  // has the address it was sent to.
  const verified = await prisma.$transaction(async (tx) => {
    await lockAddress(tx, user.email);
    const { count } = await tx.user.updateMany({
      where: { id: user.id, emailVerifyToken: hash, emailVerifyExpiry: { gt: now }, email: user.email },
      data: {
        emailVerifiedAt: now,
        emailVerifyToken: null,
        emailVerifyExpiry: null,
        emailVerifyAddress: null,
      },
    });
    if (count > 0) await dropPendingClaims(tx, user.email, user.id);
    return count > 0;
  });
  if (!verified) throw unprocessable(VERIFY_LINK_INVALID);
  return { email: user.email, changed: false };
}

/**
 * A link sent to a pending address: the account's address becomes that one, verified; a reset
 * link (sent to the old address) stops working; the old address is told. When another account
 * registered, confirmed or verified the address first, the change is dropped and the link answers
 * 409 EMAIL_CHANGE_TAKEN; the unique e-mail constraint decides a race between the two.
 */
async function confirmEmailChange(hash: string, now: Date): Promise<{ email: string; changed: true }> {
  const claim = await prisma.user.findUnique({
    where: { pendingEmailToken: hash },
    select: { id: true, email: true, emailVerifiedAt: true, pendingEmail: true, pendingEmailExpiry: true },
  });
  if (!claim || !claim.pendingEmailExpiry || claim.pendingEmailExpiry <= now) {
    throw unprocessable(VERIFY_LINK_INVALID);
  }
  const address = claim.pendingEmail;
  const changed = address
    ? await prisma
        .$transaction(async (tx) => {
          await lockAddress(tx, address);
          const [row] = await tx.user.updateManyAndReturn({
            where: { id: claim.id, pendingEmailToken: hash, pendingEmail: address },
            data: {
              email: address,
              emailVerifiedAt: now,
              emailVerifyToken: null,
              emailVerifyExpiry: null,
              emailVerifyAddress: null,
              pendingEmail: null,
              pendingEmailToken: null,
              pendingEmailExpiry: null,
              resetToken: null,
              resetTokenExpiry: null,
              resetTokenAddress: null,
            },
            select: { email: true, fullName: true, username: true },
          });
          if (row) await dropPendingClaims(tx, address, claim.id);
          return row ?? null;
        })
        .catch((error: unknown) => {
          // Another account holds the address (it registered between our read and this write).
          if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return null;
          throw error;
        })
    : null;
  if (!changed) {
    // The claim was dropped (or the address is taken, or the link was replaced or cancelled
    // meanwhile): a token still stored for this account means the address went elsewhere.
    const { count } = await prisma.user.updateMany({
      where: { id: claim.id, pendingEmailToken: hash },
      data: { pendingEmail: null, pendingEmailToken: null, pendingEmailExpiry: null },
    });
    throw count > 0 ? conflict(EMAIL_CHANGE_TAKEN) : unprocessable(VERIFY_LINK_INVALID);
  }
  const notice = await emailChangedMail(
    { ...changed, emailVerifiedAt: claim.emailVerifiedAt },
    changed.email,
    await platformNameForMail(),
  );
  await sendMailLater({ to: claim.email, ...notice }, "E-mail change notice");
  return { email: changed.email, changed: true };
}

export const UNLINK_NEEDS_PASSWORD =
  "Your account has no password, so Google is its only way to sign in. Set a password with Forgot password first, then unlink Google.";

/** The profile's "Unlink": only for an account that can still sign in with its password. */
export async function unlinkGoogle(id: number): Promise<UserDto> {
  const user = await prisma.user.findUnique({ where: { id }, select: { password: true } });
  if (!user) throw notFound("User not found");
  if (!user.password) throw conflict(UNLINK_NEEDS_PASSWORD);
  return toUserDto(
    await prisma.user.update({ where: { id }, data: { googleId: null }, select: userDtoSelect }),
  );
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * Starts a password reset: a single-use token valid for an hour, stored hashed, sent by e-mail.
 * Says nothing about whether the address has an account (the caller answers the same either way).
 */
export const FORGOT_PASSWORD_ANSWER =
  "If an account uses this email, we have sent it a link to reset the password. The link works for one hour.";

/**
 * POST /api/password/forgot and its form: counted per client address, then answered at once, the
 * same 202 every time, also past a limit (a refusal the owner could be made to see would be a way
 * to keep them out). Looking the account up and sending the e-mail happen after the response, so
 * that the answer and its timing are the same whether or not the address has an account.
 */
export async function forgotPassword(email: string): Promise<void> {
  if (!(await resetRequestAllowed(await requestClientIp()))) return;
  afterResponse(() => requestPasswordReset(email));
}

/**
 * Sends an active account a new reset link (it replaces the last one), at most once per
 * RESET_EMAIL_INTERVAL_SECONDS (shorter than the link's hour, so a link never expires before the
 * next may be sent). Within the interval a request does nothing, so the link in the owner's
 * latest e-mail keeps working however many requests anyone makes; a completed reset ends the
 * interval (clearSignInLocks).
 */
export async function requestPasswordReset(email: string, now = new Date()): Promise<void> {
  const user = await prisma.user.findUnique({
    where: { email },
    select: { id: true, email: true, fullName: true, isActive: true, emailVerifiedAt: true },
  });
  if (!user || !user.isActive) return;
  if (!(await resetEmailDue(user.id))) return;
  const token = randomBytes(32).toString("base64url");
  // Only while the account still has the address asked about: a change of address committed since
  // must not send the old address a way into the account.
  const { count } = await prisma.user.updateMany({
    where: { id: user.id, email: user.email },
    data: {
      resetToken: sha256(token),
      resetTokenExpiry: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      resetTokenAddress: user.email,
    },
  });
  if (count === 0) return;
  await sendMail({ to: user.email, ...(await passwordResetMail(user, token, await platformNameForMail())) });
}

export const RESET_PASSWORD_DONE = "Your password has been changed. Sign in with the new one.";
export const RESET_LINK_OLD_ADDRESS =
  "This reset link was sent to an address that is no longer your account's. Request a new link with the account's current address.";
export const RESET_LINK_INVALID = "This reset link is invalid or has expired. Request a new one.";

/**
 * Sets a new password with a reset token; the token is then spent, every session ends, and the
 * account's sign-in pauses are lifted (whoever guessed at the old password, the owner may sign in).
 */
export async function resetPassword(token: string, newPassword: string, now = new Date()): Promise<void> {
  const password = await hashPassword(newPassword);
  const resetToken = sha256(token);
  const account = await prisma.user.findUnique({
    where: { resetToken },
    select: { email: true, resetTokenAddress: true },
  });
  if (account && (!account.resetTokenAddress || !sameText(account.resetTokenAddress, account.email)))
    throw unprocessable(RESET_LINK_OLD_ADDRESS);
  // One conditional update: a token can be spent once, even by two requests at the same time, and
  // only while the account has the address the link was sent to.
  const user = await prisma.$transaction(async (tx) => {
    if (account) await lockAddress(tx, account.email);
    const [row] = await tx.user.updateManyAndReturn({
      where: {
        resetToken,
        resetTokenExpiry: { gt: now },
        isActive: true,
        ...(account && { email: account.email }),
      },
      // The link reached the account's mailbox: that proves the address as a verification link
      // would. A pending change of address is dropped: whoever asked for it may be who the owner
      // is locking out, and the owner can ask again.
      data: {
        password,
        resetToken: null,
        resetTokenExpiry: null,
        resetTokenAddress: null,
        sessionVersion: { increment: 1 },
        emailVerifiedAt: now,
        pendingEmail: null,
        pendingEmailToken: null,
        pendingEmailExpiry: null,
      },
      select: { id: true, email: true },
    });
    if (row) await dropPendingClaims(tx, row.email, row.id);
    return row;
  });
  if (!user) throw unprocessable(RESET_LINK_INVALID);
  await clearSignInLocks(user.id);
}
