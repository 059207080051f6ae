import type { ZodType } from "@/lib/validation/zod";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from "@/lib/validation/auth";

/** The messages per field of a failed parse, or {} when the input is valid. */
function messagesOf(schema: ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) (messages[issue.path.join(".")] ??= []).push(issue.message);
  return messages;
}

const registration = {
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  username: "ada_l",
  password: "Analytical#1843",
  confirmPassword: "Analytical#1843",
};

describe("login", () => {
  test("username and password are required", () => {
    expect(messagesOf(loginSchema, { username: "", password: "" })).toEqual({
      username: ["Username is required"],
      password: ["Password is required"],
    });
  });

  test("fields longer than any account's are refused before the password is checked", () => {
    expect(messagesOf(loginSchema, { username: "u".repeat(255), password: "p".repeat(129) })).toEqual({
      username: ["Username must be at most 254 characters"],
      password: ["Password must be at most 128 characters"],
    });
    expect(messagesOf(loginSchema, { username: "u".repeat(254), password: "p".repeat(128) })).toEqual({});
  });

  test("missing fields and a blank username give the same messages", () => {
    expect(messagesOf(loginSchema, {})).toEqual({
      username: ["Username is required"],
      password: ["Password is required"],
    });
    expect(messagesOf(loginSchema, { username: "   ", password: "x" })).toEqual({
      username: ["Username is required"],
    });
  });

  test("the username is trimmed; the password is taken as typed", () => {
    expect(loginSchema.parse({ username: "  student ", password: " secret " })).toEqual({
      username: "student",
      password: " secret ",
    });
  });
});

describe("register", () => {
  test("accepts a complete registration and normalises the e-mail", () => {
    const parsed = registerSchema.parse({ ...registration, email: "  Ada@Example.COM " });
    expect(parsed.email).toBe("ada@example.com");
  });

  test("passwords that differ give 'Passwords do not match' on confirmPassword", () => {
    expect(messagesOf(registerSchema, { ...registration, confirmPassword: "Analytical#1844" })).toEqual({
      confirmPassword: ["Passwords do not match"],
    });
  });

  test("every field is required", () => {
    const messages = messagesOf(registerSchema, {
      fullName: " ",
      email: "",
      username: "",
      password: "",
      confirmPassword: "",
    });
    expect(messages.fullName).toEqual(["Full name is required"]);
    expect(messages.email).toContain("Email is required");
    expect(messages.username).toContain("Username must be at least 3 characters");
    expect(messages.password).toEqual(["Password must be at least 8 characters"]);
  });

  test.each([
    ["ada@", "ada@", "Enter a valid email address"],
    ["not an email", "not an email", "Enter a valid email address"],
    ["of 255 characters", `${"a".repeat(250)}@x.io`, "Email must be at most 254 characters"],
  ])("e-mail %s is refused", (_label, email, message) => {
    expect(messagesOf(registerSchema, { ...registration, email }).email).toEqual([message]);
  });

  test.each([
    ["ab", "ab", "Username must be at least 3 characters"],
    ["of 33 characters", "a".repeat(33), "Username must be at most 32 characters"],
    ["ada lovelace", "ada lovelace", "Username may only contain letters, digits, '.', '_' and '-'"],
    ["ada@home", "ada@home", "Username may only contain letters, digits, '.', '_' and '-'"],
  ])("username %s is refused", (_label, username, message) => {
    expect(messagesOf(registerSchema, { ...registration, username }).username).toEqual([message]);
  });

  test.each(["abc", "a".repeat(32), "ada.l_2-x"])("username #%# is accepted", (username) => {
    expect(messagesOf(registerSchema, { ...registration, username })).toEqual({});
  });

  test.each([
    ["of 7 characters", "Short#1", "Password must be at least 8 characters"],
    ["of 129 characters", "x".repeat(129), "Password must be at most 128 characters"],
  ])("a password %s is refused", (_label, password, message) => {
    expect(
      messagesOf(registerSchema, { ...registration, password, confirmPassword: password }).password,
    ).toEqual([message]);
  });

  test("a password of exactly 8 or 128 characters is accepted", () => {
    for (const password of ["x".repeat(8), "x".repeat(128)]) {
      expect(messagesOf(registerSchema, { ...registration, password, confirmPassword: password })).toEqual(
        {},
      );
    }
  });

  test("a full name longer than 100 characters is refused", () => {
    expect(messagesOf(registerSchema, { ...registration, fullName: "A".repeat(101) }).fullName).toEqual([
      "Full name must be at most 100 characters",
    ]);
  });

  test("a full name is one line: no line breaks, tabs, control or reordering characters", () => {
    // Every e-mail starts "Hello {fullName},": a name with line breaks would be paragraphs of a
    // stranger's text in mail the product sends.
    for (const fullName of [
      "Sam\n\nURGENT: your account will be closed.\nKeep it at https://evil.example/keep",
      "Sam\r\nBcc: x@example.com",
      "Sam\tLee",
      "Sam\u2028Lee",
      "Sam \u202Eeel",
      "Sam\u0007",
    ]) {
      expect(messagesOf(registerSchema, { ...registration, fullName }).fullName).toEqual([
        "Full name must be one line, without tabs or control characters",
      ]);
    }
    for (const fullName of ["Zoë O'Brien-Núñez", "李 小龍", "José  María"]) {
      expect(messagesOf(registerSchema, { ...registration, fullName })).toEqual({});
    }
  });
});

describe("the other account forms", () => {
  test("forgot password needs a valid e-mail", () => {
    expect(messagesOf(forgotPasswordSchema, { email: "" }).email).toContain("Email is required");
    expect(messagesOf(forgotPasswordSchema, { email: "ada@example.com" })).toEqual({});
  });

  test("reset password needs the token and matching passwords", () => {
    expect(
      messagesOf(resetPasswordSchema, { token: "", password: "Analytical#1843", confirmPassword: "other" }),
    ).toEqual({
      token: ["The reset link is incomplete; request a new one"],
      confirmPassword: ["Passwords do not match"],
    });
  });

  test("profile: full name and e-mail", () => {
    expect(messagesOf(profileSchema, { fullName: "", email: "nope" })).toEqual({
      fullName: ["Full name is required"],
      email: ["Enter a valid email address"],
    });
  });

  test("change password needs the current password and a matching new one", () => {
    expect(
      messagesOf(changePasswordSchema, {
        currentPassword: "",
        password: "Analytical#1843",
        confirmPassword: "Analytical#1843",
      }),
    ).toEqual({ currentPassword: ["Current password is required"] });
    expect(
      messagesOf(changePasswordSchema, {
        currentPassword: "old",
        password: "short",
        confirmPassword: "short",
      }),
    ).toEqual({ password: ["Password must be at least 8 characters"] });
  });
});
