import { z } from "zod";
import { route, parseJson, parseQuery } from "@/lib/http/route";
import { conflict, notFound, tooManyRequests } from "@/lib/http/errors";

const context = { params: Promise.resolve({}) };
const request = (body?: string) =>
  new Request("http://localhost/api/things?limit=5", { method: body === undefined ? "GET" : "POST", body });

test("domain errors become their status with the one error shape", async () => {
  const response = await route(async () => {
    throw notFound("University not found");
  })(request(), context);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ error: "University not found" });

  const taken = await route(async () => {
    throw conflict("That username is taken", { username: ["That username is taken"] });
  })(request(), context);
  expect(taken.status).toBe(409);
  expect(await taken.json()).toEqual({
    error: "That username is taken",
    fieldErrors: { username: ["That username is taken"] },
  });
});

test("429 carries Retry-After", async () => {
  const response = await route(async () => {
    throw tooManyRequests("Too many attempts. Try again in 15 minutes.", 900);
  })(request(), context);
  expect(response.status).toBe(429);
  expect(response.headers.get("Retry-After")).toBe("900");
});

test("invalid input is a 400 with field errors", async () => {
  const schema = z.object({ name: z.string().min(1, "Name is required"), age: z.number() });
  const handler = route(async (req) => Response.json(await parseJson(req, schema)));

  const invalid = await handler(request(JSON.stringify({ name: "" })), context);
  expect(invalid.status).toBe(400);
  const body = await invalid.json();
  expect(body.error).toBe("Name is required");
  expect(body.fieldErrors.name).toEqual(["Name is required"]);
  expect(body.fieldErrors.age).toHaveLength(1);

  const malformed = await handler(request("{not json"), context);
  expect(malformed.status).toBe(400);
  expect(await malformed.json()).toEqual({ error: "The request body must be valid JSON." });

  const ok = await handler(request(JSON.stringify({ name: "Ada", age: 36 })), context);
  expect(await ok.json()).toEqual({ name: "Ada", age: 36 });
});

test("query strings are validated too", async () => {
  const schema = z.object({ limit: z.coerce.number().int().max(3, "limit must be at most 3") });
  const response = await route(async (req) => Response.json(parseQuery(req, schema)))(request(), context);
  expect(response.status).toBe(400);
  expect((await response.json()).error).toBe("limit must be at most 3");
});

test("unexpected errors are a 500 that reveals nothing but a request id", async () => {
  const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
  const response = await route(async () => {
    throw new Error("connection string postgresql://secret@db leaked");
  })(request(), context);
  expect(response.status).toBe(500);
  const body = await response.json();
  expect(JSON.stringify(body)).not.toContain("secret");
  expect(body.error).toMatch(/try again/i);
  expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(spy).toHaveBeenCalledWith(expect.stringContaining(body.requestId), expect.any(Error));
  spy.mockRestore();
});
