import type { ZodType } from "@/lib/validation/zod";
import {
  generalSettingsSchema,
  NOTHING_TO_SAVE,
  studyFieldSchema,
  studyLevelSchema,
} from "@/lib/validation/settings";
import {
  ADMIN_TYPE_REQUIRED,
  adminCreateUserSchema,
  NOTHING_TO_CHANGE,
  PERMISSIONS_MESSAGE,
  updateUserSchema,
  usersListQuerySchema,
} from "@/lib/validation/users";

function messagesOf(schema: ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) (messages[issue.path.join(".")] ??= []).push(issue.message);
  return messages;
}

const newUser = {
  fullName: "Grace Hopper",
  email: "Grace@Example.com ",
  username: "ghopper",
  password: "a long enough password",
  confirmPassword: "a long enough password",
};

describe("Add User (adminCreateUserSchema)", () => {
  test("the register fields keep /auth's messages", () => {
    expect(
      messagesOf(adminCreateUserSchema, {
        fullName: " ",
        email: "not-an-email",
        username: "ab",
        password: "short",
        confirmPassword: "other",
      }),
    ).toEqual({
      fullName: ["Full name is required"],
      email: ["Enter a valid email address"],
      username: ["Username must be at least 3 characters"],
      password: ["Password must be at least 8 characters"],
      confirmPassword: ["Passwords do not match"],
    });
    expect(messagesOf(adminCreateUserSchema, { ...newUser, confirmPassword: "different!" })).toEqual({
      confirmPassword: ["Passwords do not match"],
    });
  });

  test("a student by default, never with an admin type", () => {
    expect(adminCreateUserSchema.parse(newUser)).toMatchObject({
      role: "user",
      adminType: null,
      email: "grace@example.com",
    });
    expect(
      adminCreateUserSchema.parse({ ...newUser, role: "user", adminType: "super" }).adminType,
    ).toBeNull();
  });

  test("an admin needs an admin type", () => {
    expect(messagesOf(adminCreateUserSchema, { ...newUser, role: "admin" })).toEqual({
      adminType: [ADMIN_TYPE_REQUIRED],
    });
    expect(adminCreateUserSchema.parse({ ...newUser, role: "admin", adminType: "team" })).toMatchObject({
      role: "admin",
      adminType: "team",
    });
  });

  test("unknown roles and admin types are refused by name", () => {
    expect(messagesOf(adminCreateUserSchema, { ...newUser, role: "root" })).toEqual({
      role: ["Choose the role: user or admin"],
    });
    expect(messagesOf(adminCreateUserSchema, { ...newUser, role: "admin", adminType: "boss" })).toEqual({
      adminType: ["Choose the admin type: super or team"],
    });
  });
});

describe("PATCH /api/users/{id} (updateUserSchema)", () => {
  test("an empty change is refused", () => {
    expect(messagesOf(updateUserSchema, {})).toEqual({ _: [NOTHING_TO_CHANGE] });
  });

  test("isActive must be a boolean", () => {
    expect(messagesOf(updateUserSchema, { isActive: "no" })).toEqual({
      isActive: ["isActive must be true or false"],
    });
  });

  test("making someone an admin needs the admin type; a student has none", () => {
    expect(messagesOf(updateUserSchema, { role: "admin" })).toEqual({ adminType: [ADMIN_TYPE_REQUIRED] });
    expect(messagesOf(updateUserSchema, { role: "user", adminType: "team" })).toEqual({
      adminType: ["A user (student) has no admin type"],
    });
    expect(updateUserSchema.parse({ role: "admin", adminType: "super" })).toEqual({
      role: "admin",
      adminType: "super",
    });
    expect(updateUserSchema.parse({ adminType: "team" })).toEqual({ adminType: "team" });
  });

  test("permissions are the whole set, each named once, in the list's order", () => {
    expect(updateUserSchema.parse({ permissions: ["export-data", "make-decisions", "export-data"] })).toEqual(
      {
        permissions: ["make-decisions", "export-data"],
      },
    );
    expect(updateUserSchema.parse({ permissions: [] })).toEqual({ permissions: [] });
    for (const permissions of [["admin"], "make-decisions", [1], ["export-data", "a", "b", "c"]]) {
      expect(messagesOf(updateUserSchema, { permissions })).toEqual({ permissions: [PERMISSIONS_MESSAGE] });
    }
    expect(PERMISSIONS_MESSAGE).toBe(
      "permissions must be a list of: make-decisions, manage-catalogue, export-data",
    );
  });
});

describe("GET /api/users query", () => {
  test("defaults and role names", () => {
    expect(usersListQuerySchema.parse({})).toEqual({ role: "all", limit: 50, offset: 0 });
    expect(messagesOf(usersListQuerySchema, { role: "students" })).toEqual({
      role: ["role must be one of: all, user, admin"],
    });
  });
});

describe("settings schemas", () => {
  test("the platform name is trimmed, required and at most 60 characters", () => {
    expect(generalSettingsSchema.parse({ platformName: "  StudyAbroad  " })).toEqual({
      platformName: "StudyAbroad",
    });
    expect(messagesOf(generalSettingsSchema, { platformName: "   " })).toEqual({
      platformName: ["Platform name is required"],
    });
    expect(messagesOf(generalSettingsSchema, { platformName: "" })).toEqual({
      platformName: ["Platform name is required"],
    });
    expect(messagesOf(generalSettingsSchema, { platformName: "x".repeat(61) })).toEqual({
      platformName: ["Platform name must be at most 60 characters"],
    });
    expect(generalSettingsSchema.parse({ platformName: "x".repeat(60) }).platformName).toHaveLength(60);
  });

  test("the working days to decide are a whole number from 1 to 120, from the form's text or a number", () => {
    expect(generalSettingsSchema.parse({ decideByWorkingDays: " 15 " })).toEqual({ decideByWorkingDays: 15 });
    expect(generalSettingsSchema.parse({ decideByWorkingDays: 120 })).toEqual({ decideByWorkingDays: 120 });
    const invalid = ["Working days to decide must be a whole number from 1 to 120"];
    for (const value of [0, 121, 2.5, "2.5", "ten", -3, true]) {
      expect(messagesOf(generalSettingsSchema, { decideByWorkingDays: value })).toEqual({
        decideByWorkingDays: invalid,
      });
    }
    expect(messagesOf(generalSettingsSchema, { decideByWorkingDays: "" })).toEqual({
      decideByWorkingDays: ["Working days to decide is required"],
    });
  });

  test("a save names at least one setting", () => {
    expect(messagesOf(generalSettingsSchema, {})).toEqual({ "": [NOTHING_TO_SAVE] });
    expect(messagesOf(generalSettingsSchema, { version: 3 })).toEqual({ "": [NOTHING_TO_SAVE] });
  });

  test("study level and field names name their list", () => {
    expect(messagesOf(studyLevelSchema, { name: " " })).toEqual({ name: ["Study level name is required"] });
    expect(messagesOf(studyFieldSchema, {})).toEqual({ name: ["Study field name is required"] });
    expect(messagesOf(studyFieldSchema, { name: "y".repeat(61) })).toEqual({
      name: ["Study field name must be at most 60 characters"],
    });
    expect(studyLevelSchema.parse({ name: " Diploma " })).toEqual({ name: "Diploma" });
  });
});
