import { z } from "@/lib/validation/zod";
import { isOneLine, oneLineMessage } from "./text";

// One schema per input, shared by the forms (react-hook-form's zod resolver) and the route
// handlers, so that browser and server give the same messages.

/**
 * The characters of a username: ASCII only, so that the database's case-insensitive comparison
 * (citext) can only ever fold a username's letter case, never turn it into another account's.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
/** What the username fields say before anything is typed. */
export const USERNAME_HINT = `${USERNAME_MIN} to ${USERNAME_MAX} characters: letters, digits, '.', '_' and '-'.`;

export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, "Username may only contain letters, digits, '.', '_' and '-'");

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

export const fullNameSchema = z
  .string()
  .trim()
  .min(1, "Full name is required")
  .max(100, "Full name must be at most 100 characters")
  .refine(isOneLine, oneLineMessage("Full name"));

/** New passwords: 8 to 128 characters (argon2 hashes any length, but unbounded input is a DoS). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

// Sign-in takes what an account can have: no username is longer than an e-mail address could be,
// and no password longer than newPasswordSchema allows (argon2 would hash megabytes slowly). The
// name is read in Unicode's compatibility form (NFKC): fullwidth letters and signs such as the
// Kelvin sign are the ASCII letters they stand for (lib/auth/sign-in-name.server.ts says what happens to
// the other characters).
export const loginSchema = z.object({
  username: z
    .string({ error: "Username is required" })
    .normalize("NFKC")
    .trim()
    .min(1, "Username is required")
    .max(254, "Username must be at most 254 characters"),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(128, "Password must be at most 128 characters"),
});
export type LoginInput = z.infer<typeof loginSchema>;

const passwordsMatch = <T extends { password: string; confirmPassword: string }>(data: T) =>
  data.password === data.confirmPassword;
const mismatch = { message: "Passwords do not match", path: ["confirmPassword"] };

export const registerSchema = z
  .object({
    fullName: fullNameSchema,
    email: emailSchema,
    username: usernameSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: "Please confirm your password" }),
  })
  .refine(passwordsMatch, mismatch);
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "The reset link is incomplete; request a new one"),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: "Please confirm your password" }),
  })
  .refine(passwordsMatch, mismatch);

/**
 * The current password is needed only to change the e-mail address (lib/users/accounts.server.ts
 * says so).
 */
export const profileSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  currentPassword: z.string().max(128, "Password must be at most 128 characters").optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Current password is required"),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: "Please confirm your password" }),
  })
  .refine(passwordsMatch, mismatch);

/** DELETE /api/user: a student deletes their own account; accounts with a password confirm it. */
export const deleteAccountSchema = z.object({
  currentPassword: z.string().max(128, "Password must be at most 128 characters").optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** GET /api/auth/google: where to come back to; an unusable value just falls back to /auth. */
export const googleSignInQuerySchema = z.object({
  callbackUrl: z.string().max(2048).optional().catch(undefined),
});
