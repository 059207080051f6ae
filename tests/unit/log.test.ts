import { logLevel, serializeError } from "@/lib/log.server";

test("LOG_LEVEL decides the level; otherwise info, and silent under Jest", () => {
  expect(logLevel({ LOG_LEVEL: "debug", NODE_ENV: "test" })).toBe("debug");
  expect(logLevel({ LOG_LEVEL: " WARN " })).toBe("warn");
  expect(logLevel({ LOG_LEVEL: "loud", NODE_ENV: "production" })).toBe("info");
  expect(logLevel({ NODE_ENV: "production" })).toBe("info");
  expect(logLevel({ NODE_ENV: "test" })).toBe("silent");
});

test("errors keep type, message, code, stack frames and cause; Prisma's only the reason, not the call", () => {
  const cause = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
  const plain = serializeError(new Error("it broke", { cause }));
  expect(plain).toMatchObject({ type: "Error", message: "it broke", cause: { code: "ECONNREFUSED" } });
  expect(plain.stack).toMatch(/^Error: it broke\n\s+at /);
  // Auth.js's wrapping ({ cause: { err } }) shows what the sign-in threw, not "[object Object]".
  const signIn = serializeError(new Error("callbackrouteerror", { cause: { err: cause } }));
  expect(signIn.cause).toMatchObject({ message: "connect ECONNREFUSED", code: "ECONNREFUSED" });

  const prisma = Object.assign(
    new Error(
      '\nInvalid `prisma.application.create()` invocation:\n\n{\n  data: {\n    personalStatement: "my private story"\n  }\n}\n\nArgument `programId` is missing.',
    ),
    { name: "PrismaClientValidationError", clientVersion: "7" },
  );
  const serialized = serializeError(prisma);
  expect(serialized.message).toBe("Argument `programId` is missing.");
  expect(JSON.stringify(serialized)).not.toContain("my private story");
  expect(serializeError("a string")).toEqual({ type: "string", message: "a string" });
});
