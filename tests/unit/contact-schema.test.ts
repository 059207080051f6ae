import { CONTACT_MESSAGE_MAX, contactMessageSchema } from "@/lib/validation/contact";

// The contact form's rules, shared by the form, its server action and POST /api/contact.

const valid = {
  name: " Ada Lovelace ",
  email: " Ada@Example.TEST ",
  subject: " Language of teaching ",
  message: "  Is the MSc in Physics taught in English?  ",
};

test("a message is trimmed, and the e-mail address lowercased", () => {
  expect(contactMessageSchema.parse(valid)).toEqual({
    name: "Ada Lovelace",
    email: "ada@example.test",
    subject: "Language of teaching",
    message: "Is the MSc in Physics taught in English?",
  });
});

test.each([
  ["name", "   ", "Full name is required"],
  ["email", "ada at example", "Enter a valid email address"],
  ["subject", "", "Subject is required"],
  ["subject", "x".repeat(151), "Subject must be at most 150 characters"],
  ["message", "Too short", "Message must be at least 10 characters"],
  ["message", "a          b\n\n\n\n\n\n", "Message must be at least 10 characters"],
  ["message", " \n".repeat(20), "Message is required"],
  ["message", "x".repeat(CONTACT_MESSAGE_MAX + 1), "Message must be at most 5000 characters"],
])("%s %j is refused: %s", (field, value, message) => {
  const result = contactMessageSchema.safeParse({ ...valid, [field]: value });
  expect(result.success).toBe(false);
  expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
    [field, message],
  ]);
});

test("every field is required", () => {
  const result = contactMessageSchema.safeParse({});
  expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
    "email",
    "message",
    "name",
    "subject",
  ]);
});
