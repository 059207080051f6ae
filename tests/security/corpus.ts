import fc from "fast-check";
import { z, type ZodType } from "@/lib/validation/zod";
import type { RouteDeclaration, RouteHandler } from "@/lib/http/route.server";
import { Agent } from "../support/agent";
import {
  BROKEN_ESCAPES,
  CONTROL,
  encodeSegment,
  HOSTILE_SEED,
  hostileUrlText,
  INJECTIONS,
  nested,
  oneMegabyte,
  UNICODE,
  fakeImages,
  hostileId,
  hostileKey,
  hostileNumber,
  hostileString,
  hostileValue,
  INVALID_JSON,
  lookAlikes,
  MASS_ASSIGNMENT,
  multipart,
  openRedirect,
  WRONG_CONTENT_TYPES,
} from "../support/hostile";
import { TEST_PASSWORD } from "../support/factories";
import type { HttpMethod } from "../support/routes";

// The requests of the hostile-input corpus, generated per route from its declaration
// (lib/http/route.server.ts): the params, query and body schemas say which keys to attack, and a valid
// example body per route is the thing mutated (a field missing, null, of a hostile value, extra
// privileged fields, the whole body replaced, not JSON, the wrong Content-Type, one byte too many).

export { encodeSegment };

export const ACTORS = ["anonymous", "student", "otherStudent", "team", "super"] as const;
export type Actor = (typeof ACTORS)[number];

/** Who each audience lets in; the corpus mostly sends as them, so the input is what gets tested. */
export const LET_IN: Record<RouteDeclaration["auth"], Actor[]> = {
  public: ["anonymous", "student", "team", "super"],
  user: ["student", "otherStudent", "team", "super"],
  admin: ["team", "super"],
  superAdmin: ["super"],
};

/**
 * The actors the corpus sends as, of those an audience lets in: not the other student, who owns
 * the rows the student's requests aim at (tests/security/authorization.test.ts sends as the owner).
 */
export const sendersFor = (audience: RouteDeclaration["auth"]) =>
  LET_IN[audience].filter((actor) => actor !== "otherStudent");

/** The rows made for the run that requests point at. */
export interface World {
  agents: Record<Actor, Agent>;
  /** The cookies of a student's session that was signed out: they must open nothing. */
  revoked: Agent;
  userIds: Record<Exclude<Actor, "anonymous">, number>;
  usernames: Record<Exclude<Actor, "anonymous">, string>;
  /** A student nobody signs in as: the target of admin user actions. */
  victimId: number;
  victimUsername: string;
  /** A student only the login form's cases sign in as (with TEST_PASSWORD). */
  loginUsername: string;
  universityId: number;
  slug: string;
  programId: number;
  /**
   * A program of the same university whose deadline has passed, to which nobody has applied: a
   * complete application to it is checked in full, then refused (422), so forms can be sent whole.
   */
  closedProgramId: number;
  /** The student's pending application, and the other student's. */
  ownApplicationId: number;
  othersApplicationId: number;
  /** The team admin's own pending application: another admin may review it, the team admin not. */
  teamApplicationId: number;
  /** The team admin's own application with a conditional offer, and its one pending condition. */
  teamOffer: { applicationId: number; conditionId: number };
  /** An open request of the team for a Transcript on the student's application. */
  ownRequestId: number;
  /** An open request of the team on the team admin's own application. */
  teamRequest: { applicationId: number; requestId: number };
  /** A study level that programs use (deleting it is a 409). */
  usedLevelId: number;
  /** A live scholarship of the world's university. */
  scholarshipId: number;
  /** The student's saved search, and the other student's. */
  ownSavedSearchId: number;
  othersSavedSearchId: number;
  /**
   * A team admin whose permissions a test sets before each call (a grant applies at the next
   * request, with no new sign-in): the permission dimension of the matrix. The `team` actor holds
   * every permission, as every team admin did when permissions came.
   */
  grantee: { id: number; agent: Agent };
}

export interface Endpoint {
  /** e.g. "PATCH /api/universities/[id]" */
  name: string;
  method: HttpMethod;
  pattern: string;
  handler: RouteHandler;
  declaration: RouteDeclaration;
}

export interface Case {
  label: string;
  actor: Actor;
  params: Record<string, string | string[]>;
  query: Record<string, string>;
  json?: unknown;
  raw?: string | Uint8Array;
  contentType?: string;
  /** Mass-assignment keys added to a valid body (must not take effect). */
  extras?: Record<string, unknown>;
  /** A sign-in with a look-alike of a real username and its right password: must not succeed. */
  mustNotSignIn?: boolean;
  /**
   * Parts of the URL as written, escapes and all (not encoded again): segments by name, in place of
   * `params`, and query values after `query`'s. Next decodes them (tests/support/next-routing.ts).
   */
  written?: { params?: Record<string, string>; query?: Record<string, string> };
}

const NONEXISTENT_ID = "2147483647";

/** What zod 4 keeps of a schema's definition, as far as the corpus reads it. */
interface SchemaDef {
  type: string;
  in?: ZodType;
  out?: ZodType;
  innerType?: ZodType;
  schema?: ZodType;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: ZodType[];
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
}

const defOf = (schema: unknown) => (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def;

/** The fields of an object schema, through the refinements, defaults and transforms around it. */
function objectShape(schema: unknown): Record<string, ZodType> | null {
  let current: unknown = schema;
  for (let i = 0; i < 10 && current; i++) {
    if (current instanceof z.ZodObject) return current.shape as Record<string, ZodType>;
    const def = defOf(current);
    current = def?.in ?? def?.innerType ?? def?.schema;
  }
  return null;
}

/** The keys of an object schema, through the refinements and transforms around it. */
export function shapeKeys(schema: ZodType | undefined): string[] {
  return Object.keys(objectShape(schema) ?? {});
}

/** What one field of a schema takes, as the generated cases need it. */
export interface FieldFacts {
  /** The field's name; a nested object's fields are `parent.child`, as a form names them. */
  path: string;
  schema: ZodType;
  kind: "text" | "number" | "date" | "choice" | "boolean" | "other";
  minLength?: number;
  maxLength?: number;
  /** The nearest numbers the field refuses, below and above what it takes. */
  below?: number;
  above?: number;
  /** The values of an enum or literal. */
  choices?: string[];
}

const DATE_FORMATS = new Set(["date", "datetime", "time"]);

/** Reads a field's schema (wrappers, pipes and checks) into `facts`. */
function describe(schema: ZodType | undefined, facts: FieldFacts): void {
  const def = defOf(schema);
  if (!def) return;
  for (const { _zod } of def.checks ?? []) {
    const check = _zod.def;
    if (check.check === "min_length") facts.minLength = Math.max(facts.minLength ?? 0, check.minimum!);
    if (check.check === "max_length") facts.maxLength = Math.min(facts.maxLength ?? Infinity, check.maximum!);
    if (check.check === "length_equals") facts.minLength = facts.maxLength = check.length;
    if (check.check === "greater_than") facts.below = check.inclusive ? check.value! - 1 : check.value;
    if (check.check === "less_than") facts.above = check.inclusive ? check.value! + 1 : check.value;
    if (check.check === "string_format" && DATE_FORMATS.has(check.format ?? "")) facts.kind = "date";
  }
  const kindIfUnknown = (kind: FieldFacts["kind"]) => {
    if (facts.kind === "other") facts.kind = kind;
  };
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
    case "catch":
    case "nullable":
    case "readonly":
    case "nonoptional":
      return describe(def.innerType, facts);
    case "pipe":
      // A preprocess is a pipe from a transform: what the field takes is what comes after it.
      if (defOf(def.in)?.type !== "transform") describe(def.in, facts);
      return describe(def.out, facts);
    case "string":
      return kindIfUnknown(DATE_FORMATS.has(def.format ?? "") ? "date" : "text");
    case "number":
    case "bigint":
      return kindIfUnknown("number");
    case "date":
      return kindIfUnknown("date");
    case "boolean":
      return kindIfUnknown("boolean");
    case "enum":
      kindIfUnknown("choice");
      facts.choices = Object.values(def.entries ?? {}).map(String);
      return;
    case "literal":
      kindIfUnknown("choice");
      facts.choices = [...(facts.choices ?? []), ...(def.values ?? []).map(String)];
      return;
    case "union":
      if ((def.options ?? []).every((option) => ["literal", "enum"].includes(defOf(option)?.type ?? ""))) {
        for (const option of def.options!) describe(option, facts);
      }
      return;
  }
}

/**
 * Every field a schema (or a record of field schemas) takes, nested objects' fields as
 * `parent.child`, with its type and the limits its checks state: what the corpus attacks.
 */
export function schemaFields(schema: ZodType | Readonly<Record<string, ZodType>> | undefined): FieldFacts[] {
  const shape = schema instanceof z.ZodType ? objectShape(schema) : (schema ?? null);
  return Object.entries(shape ?? {}).flatMap(([key, field]) => {
    const nested = objectShape(field);
    if (nested) return schemaFields(nested).map((facts) => ({ ...facts, path: `${key}.${facts.path}` }));
    const facts: FieldFacts = { path: key, schema: field, kind: "other" };
    describe(field, facts);
    return [facts];
  });
}

/** A valid body per route with a JSON body: the starting point of every mutation. */
export function validExamples(world: World): Record<string, Record<string, unknown>> {
  const history = { institution: "Riverside High", degree: "Diploma", gpa: "3.8", graduationYear: 2020 };
  const deadline = new Date(Date.now() + 60 * 86_400_000);
  deadline.setUTCHours(0, 0, 0, 0);
  const program = {
    name: "Hostile Studies",
    universityId: world.universityId,
    level: "Master's",
    field: "Business",
    degree: "MSc",
    duration: 2,
    tuition: "12,000.00",
    deadline: deadline.toISOString(),
    description: "A program for the hostile-input corpus.",
  };
  const scholarship = {
    name: "Hostile Scholarship",
    provider: "Hostile Fund",
    amountMin: "1,000",
    amountMax: "2,000",
    currency: "EUR",
    amountNote: "per year",
    nationalities: "KE; NG",
    levels: ["Master's"],
    fields: [],
    minGrade: "60",
    deadline: deadline.toISOString().slice(0, 10),
    officialUrl: "https://www.example.org/hostile",
    universityId: world.universityId,
    programId: world.programId,
    description: "Made by the corpus.",
  };
  const university = {
    name: "Hostile Input University",
    country: "NZ",
    ranking: 500,
    description: "Made by the corpus.",
    mainImage: null,
    images: [],
  };
  const newAccount = {
    fullName: "New Person",
    email: "new.person@example.test",
    username: "new_person",
    password: "a long enough password",
    confirmPassword: "a long enough password",
  };
  const referee = {
    name: "Dr Hostile Referee",
    email: "hostile.referee@example.test",
    relationship: "Thesis supervisor",
    waived: true,
  };
  return {
    "PATCH /api/applications/[id]": { status: "in-review", note: "Looks complete." },
    "POST /api/applications/[id]/reply": { answer: "decline", reason: "I chose another program." },
    "POST /api/applications/[id]/references": referee,
    "POST /api/applications/[id]/references/[refId]/replace": referee,
    "PATCH /api/applications/[id]/conditions/[conditionId]": { status: "met", note: "Certificate seen." },
    "POST /api/applications/[id]/notes": { text: "Transcript checked against the original." },
    "PUT /api/applications/[id]/assignee": { assigneeId: null },
    "POST /api/applications/bulk": { operation: { type: "note", text: "Checked." }, ids: [1] },
    "POST /api/applications/[id]/requests": { documentType: "Transcript", message: "Send every page." },
    "POST /api/applications/[id]/requests/[requestId]/answer": { answer: "Here it is." },
    "PUT /api/applications/drafts/[programId]": {
      step: 2,
      personalStatement: "Draft",
      academicHistory: history,
    },
    "POST /api/contact": {
      name: "Hostile Sender",
      email: "hostile.sender@example.test",
      subject: "A question",
      message: "Is this program taught in English?",
    },
    "POST /api/applications": {
      programId: world.programId,
      personalStatement: "I would love to study here. ".repeat(20),
      academicHistory: history,
    },
    // No such account: a login, reset or mail never succeeds by accident.
    "POST /api/login": { username: "nobody_hostile", password: "a wrong password" },
    "POST /api/password/forgot": { email: "nobody.hostile@example.test" },
    "POST /api/password/reset": {
      token: "0".repeat(64),
      password: "a long enough password",
      confirmPassword: "a long enough password",
    },
    "POST /api/programs": program,
    "PATCH /api/programs/[id]": program,
    "POST /api/scholarships": scholarship,
    "PATCH /api/scholarships/[id]": scholarship,
    "POST /api/register": newAccount,
    "POST /api/shortlist": { items: [{ type: "program", id: world.programId }] },
    "POST /api/user/searches": {
      kind: "programs",
      query: "country=NZ&level=Master%27s",
      name: "Hostile search",
    },
    "PATCH /api/user/searches/[id]": { name: "Renamed search", alertsEnabled: false },
    "PATCH /api/settings": { platformName: "UniSearch", decideByWorkingDays: 20 },
    "POST /api/settings/study-fields": { name: "Hostile field" },
    "POST /api/settings/study-levels": { name: "Hostile level" },
    "POST /api/settings/document-types": {
      name: "Hostile document",
      fileTypes: ["application/pdf"],
      maxMegabytes: 2,
    },
    "POST /api/universities": university,
    "PATCH /api/universities/[id]": university,
    // A wrong current password: the account is never changed or deleted by its own actor.
    "POST /api/user/password": {
      currentPassword: "not the password",
      password: "a new long password",
      confirmPassword: "a new long password",
    },
    "PATCH /api/user": { fullName: "Renamed Student", email: "renamed@example.test" },
    "PUT /api/user/notifications": {
      newSubmission: "digest",
      requestAnswered: "immediate",
      offerReply: "immediate",
      overdue: "digest",
      universityIds: [world.universityId],
    },
    "PUT /api/user/study-profile": {
      nationality: "DE",
      residence: "DE",
      qualification: "BSc Physics",
      gradeScale: "gpa4",
      grade: "3.4",
      ieltsScore: 7,
      ieltsTakenOn: "2026-05-14",
      budgetAmount: 15000,
      budgetCurrency: "EUR",
      startTerm: "2027-09",
    },
    "DELETE /api/user": { currentPassword: "not the password" },
    "PUT /api/user/currency": { currency: "EUR" },
    "PATCH /api/users/[id]": { isActive: true },
    "POST /api/users": { ...newAccount, role: "user", adminType: null },
  };
}

/** The keys a route's body takes: its schema's (when not made per request) and its example's. */
export function bodyKeys(world: World, endpoint: Endpoint): string[] {
  const body = endpoint.declaration.body;
  const schema = typeof body === "object" ? body : undefined;
  return [...new Set([...shapeKeys(schema), ...Object.keys(validExamples(world)[endpoint.name] ?? {})])];
}

/** Real values for each route segment: ids of rows of the run, other users', and none. */
function realParams(world: World, endpoint: Endpoint, name: string): string[] {
  const destructive = endpoint.method === "DELETE";
  switch (`${endpoint.pattern}:${name}`) {
    case "/api/applications/[id]:id":
    case "/api/applications/[id]/reply:id":
    case "/api/applications/[id]/conditions/[conditionId]:id":
    case "/api/applications/[id]/notes:id":
    case "/api/applications/[id]/assignee:id":
    case "/api/applications/[id]/requests:id":
    case "/api/applications/[id]/requests/[requestId]/document:id":
    case "/api/applications/[id]/requests/[requestId]/answer:id":
    case "/api/applications/[id]/requests/[requestId]/close:id":
      return [String(world.othersApplicationId), String(world.ownApplicationId), NONEXISTENT_ID];
    case "/api/applications/[id]/requests/[requestId]/document:requestId":
    case "/api/applications/[id]/requests/[requestId]/answer:requestId":
    case "/api/applications/[id]/requests/[requestId]/close:requestId":
      return [String(world.ownRequestId), String(world.teamRequest.requestId), NONEXISTENT_ID];
    case "/api/applications/[id]/references:id":
    case "/api/applications/[id]/references/[refId]/reminder:id":
    case "/api/applications/[id]/references/[refId]/replace:id":
      return [String(world.othersApplicationId), String(world.ownApplicationId), NONEXISTENT_ID];
    // A token of the right shape that names no request: "not valid" (404), nothing more.
    case "/api/references/[token]/document:token":
      return ["A".repeat(43)];
    case "/api/applications/drafts/[programId]:programId":
    case "/api/applications/drafts/[programId]/documents:programId":
    case "/api/applications/drafts/[programId]/documents/[typeId]:programId":
      return [String(world.programId), NONEXISTENT_ID];
    case "/api/programs/[id]:id":
      return destructive ? [NONEXISTENT_ID] : [String(world.programId), NONEXISTENT_ID];
    case "/api/universities/[id]:id":
      return destructive ? [NONEXISTENT_ID] : [String(world.universityId), NONEXISTENT_ID];
    case "/api/scholarships/[id]:id":
    case "/api/scholarships/[id]/restore:id":
      return destructive ? [NONEXISTENT_ID] : [String(world.scholarshipId), NONEXISTENT_ID];
    case "/api/users/[id]:id":
      return destructive ? [NONEXISTENT_ID] : [String(world.victimId), String(world.userIds.super)];
    case "/api/user/searches/[id]:id":
      return [String(world.othersSavedSearchId), String(world.ownSavedSearchId), NONEXISTENT_ID];
    case "/api/settings/study-levels/[id]:id":
      return [String(world.usedLevelId), NONEXISTENT_ID];
    case "/api/universities/by-slug/[slug]:slug":
      return [world.slug, "no-such-university"];
    case "/flags/[code]:code":
      return ["fr.svg", "NZ.svg", "xx.svg"];
    case "/sitemaps/[file]:file":
      return ["0.xml", "1.xml"];
    default:
      return [NONEXISTENT_ID];
  }
}

const AUTH_ACTIONS = [
  "session",
  "csrf",
  "providers",
  "signin",
  "signout",
  "callback",
  "error",
  "verify-request",
];

function paramArb(world: World, endpoint: Endpoint, name: string): fc.Arbitrary<string | string[]> {
  if (name === "nextauth") {
    return fc.array(fc.oneof(fc.constantFrom(...AUTH_ACTIONS, "google", "credentials"), hostileKey), {
      minLength: 1,
      maxLength: 3,
    });
  }
  const hostile = /id$/i.test(name) ? hostileId : hostileKey;
  return fc.oneof(
    { weight: 3, arbitrary: hostile },
    { weight: 1, arbitrary: fc.constantFrom(...realParams(world, endpoint, name)) },
  );
}

/**
 * Query values: hostile text, and numbers far out of range for paging keys. Every route also gets
 * a callbackUrl, the key redirect targets come in by (Auth.js's endpoints read it undeclared).
 */
function queryArb(keys: string[]): fc.Arbitrary<Record<string, string>> {
  const all = [...new Set([...keys, "page", "offset", "limit", "q", "callbackUrl"])];
  const value = fc.oneof(
    hostileString.filter((s) => s.length < 9000),
    openRedirect,
    hostileNumber.map(String),
    fc.constantFrom("999999999999", "1e400", "-1", "0", "2147483648", String(Number.MAX_SAFE_INTEGER)),
    // Signed tokens (lib/reminders/tokens.server.ts) of the right shape with a forged signature.
    fc.constantFrom(
      `1.${"A".repeat(43)}`,
      `1.0.${"A".repeat(43)}`,
      `2147483647.2147483647.${"_".repeat(43)}`,
    ),
  );
  return fc.dictionary(fc.constantFrom(...all), value, { maxKeys: 4 });
}

/** How a generated case changes one field of a valid input (a JSON body, a form). */
export interface FieldEdit<T, V> {
  set: (input: T, key: string, value: V) => T;
  remove: (input: T, key: string) => T;
}

/**
 * The random mutations of a valid input, field by field: one field hostile, one missing, several
 * hostile at once. The route's and the action's corpus add their own beside them.
 */
export function fieldMutations<T, V>(
  example: T,
  keys: string[],
  value: fc.Arbitrary<V>,
  edit: FieldEdit<T, V>,
): fc.WeightedArbitrary<{ label: string; input: T }>[] {
  const key = fc.constantFrom(...keys);
  return [
    {
      weight: 6,
      arbitrary: fc
        .tuple(key, value)
        .map(([k, v]) => ({ label: "field: hostile value", input: edit.set(example, k, v) })),
    },
    { weight: 2, arbitrary: key.map((k) => ({ label: "field: missing", input: edit.remove(example, k) })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.subarray(keys, { minLength: 1 }),
          fc.array(value, { minLength: keys.length, maxLength: keys.length }),
        )
        .map(([ks, vs]) => ({
          label: "fields: several hostile",
          input: ks.reduce((input, k, i) => edit.set(input, k, vs[i]), example),
        })),
    },
  ];
}

/** The mutations of a valid JSON body. */
function jsonBodyArb(
  example: Record<string, unknown>,
  keys: string[],
  limit: number,
): fc.Arbitrary<Partial<Case>> {
  const key = fc.constantFrom(...keys);
  const withKey = (k: string, value: unknown) => ({ ...example, [k]: value });
  const [hostile, missing, several] = fieldMutations(example, keys, hostileValue, {
    set: (body, k, value) => ({ ...body, [k]: value }),
    remove: (body, k) => Object.fromEntries(Object.entries(body).filter(([name]) => name !== k)),
  }).map(({ weight, arbitrary }) => ({
    weight,
    arbitrary: arbitrary.map(({ label, input }) => ({ label, json: input })),
  }));
  return fc.oneof(
    hostile,
    missing,
    { weight: 2, arbitrary: key.map((k) => ({ label: "field: null", json: withKey(k, null) })) },
    several,
    {
      weight: 3,
      arbitrary: fc.constantFrom(...MASS_ASSIGNMENT).map((extras) => ({
        label: "mass assignment",
        json: { ...example, ...extras },
        extras,
      })),
    },
    {
      weight: 2,
      arbitrary: hostileValue.map((v) => ({
        label: "body: not an object",
        json: v === undefined ? null : v,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...INVALID_JSON).map((raw) => ({ label: "body: invalid JSON", raw })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...WRONG_CONTENT_TYPES).map((contentType) => ({
        label: "body: wrong Content-Type",
        raw: JSON.stringify(example),
        contentType,
      })),
    },
    {
      weight: 1,
      arbitrary: key.map((k) => {
        const text = JSON.stringify(withKey(k, ""));
        const padding = "x".repeat(Math.max(0, limit + 1 - text.length));
        return { label: "body: one byte over the limit", raw: JSON.stringify(withKey(k, padding)) };
      }),
    },
  );
}

const imageArb = fc.oneof(
  fc
    .constantFrom(...fakeImages())
    .map((image) => ({ label: `upload: ${image.name}`, raw: image.bytes, contentType: image.contentType })),
  fc
    .tuple(fc.constantFrom("file", "image", "../file"), fc.constantFrom(...fakeImages()))
    .map(([field, image]) => {
      const form = multipart(field, image);
      return { label: `upload (form): ${image.name}`, raw: form.body, contentType: form.contentType };
    }),
  fc.constantFrom(...WRONG_CONTENT_TYPES).map((contentType) => ({
    label: "upload: broken form",
    raw: "--x\r\nnot a form",
    contentType: contentType.startsWith("multipart") ? contentType : "multipart/form-data; boundary=y",
  })),
);

/** Every case for one endpoint: an arbitrary of whole requests. */
export function caseArb(world: World, endpoint: Endpoint): fc.Arbitrary<Case> {
  const { declaration } = endpoint;
  // Mostly someone the audience lets in; sometimes anyone, so refusals are covered too.
  const allowed = sendersFor(declaration.auth);
  const anyone = ACTORS.filter((a) => a !== "otherStudent");
  const actor = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...allowed) },
    { weight: 1, arbitrary: fc.constantFrom(...anyone) },
  );
  const names = [...endpoint.pattern.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((m) => m[1]);
  const params = fc.record(Object.fromEntries(names.map((n) => [n, paramArb(world, endpoint, n)])));
  const query = declaration.query
    ? queryArb(shapeKeys(declaration.query))
    : fc.oneof(fc.constant({}), queryArb([]));

  let body: fc.Arbitrary<Partial<Case>>;
  if (declaration.body === "bytes") body = imageArb;
  else if (declaration.body !== undefined) {
    const example = validExamples(world)[endpoint.name];
    if (!example)
      throw new Error(`${endpoint.name} reads a JSON body: add a valid example to validExamples()`);
    body = jsonBodyArb(example, bodyKeys(world, endpoint), declaration.bodyLimit);
  } else {
    // A body the route does not read: ignored, or refused; never an error of ours.
    body = fc.oneof(
      { weight: 3, arbitrary: fc.constant({ label: "no body" }) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...MASS_ASSIGNMENT)
          .map((extras) => ({ label: "unexpected body", json: extras })),
      },
    );
  }
  // Now and then, segments and query values as an attacker writes them: broken escapes, NUL.
  const queryKeys = [...new Set([...shapeKeys(declaration.query), "q"])];
  const written = fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.record({
        params: names.length
          ? fc.dictionary(fc.constantFrom(...names), hostileUrlText(), { minKeys: 1 })
          : fc.constant({}),
        query: fc.dictionary(fc.constantFrom(...queryKeys), hostileUrlText(), { maxKeys: 2 }),
      }),
    },
  );
  return fc
    .record({ actor, params, query, body, written })
    .map(({ actor, params, query, body, written }) => ({
      label: `${"label" in body && body.label ? body.label : "request"}${written ? " (written URL)" : ""}`,
      actor,
      params,
      query,
      ...body,
      ...(written ? { written } : {}),
    }));
}

/** The classes of hostile value that every field and query key meets at least once. */
export const CLASSES: Record<string, { arbitrary: fc.Arbitrary<unknown>; inQuery: boolean }> = {
  NUL: { arbitrary: fc.constantFrom("\u0000", "a\u0000b", "x.png\u0000.svg"), inQuery: true },
  "control character": {
    arbitrary: fc.constantFrom(...CONTROL.filter((c) => !c.includes("\u0000"))),
    inQuery: true,
  },
  "unicode edge case": { arbitrary: fc.constantFrom(...UNICODE), inQuery: true },
  injection: { arbitrary: fc.constantFrom(...INJECTIONS), inQuery: true },
  "number out of range": { arbitrary: hostileNumber, inQuery: true },
  "wrong type": {
    arbitrary: fc.oneof(
      fc.constantFrom(null, true, false, [], {}),
      fc.array(
        hostileString.filter((v) => v.length < 100),
        { minLength: 1, maxLength: 3 },
      ),
    ),
    inQuery: false,
  },
  "long string": {
    arbitrary: fc.integer({ min: 201, max: 20_000 }).map((n) => "y".repeat(n)),
    inQuery: true,
  },
  "1 MB string": { arbitrary: fc.constant(oneMegabyte), inQuery: false },
  "open redirect": { arbitrary: openRedirect, inQuery: true },
  "deep nesting": { arbitrary: fc.integer({ min: 50, max: 2_000 }).map(nested), inQuery: false },
};

/** The classes of URL text (as written) that every path segment and query key meets at least once. */
const WRITTEN_CLASSES: Record<string, fc.Arbitrary<string>> = {
  "overlong escape": fc.constantFrom("%C0%AF", "%E0%80%AF", "%C0%80", "%C0%AE%C0%AE%C0%AF"),
  "invalid escape": fc.constantFrom("%FF", "%80", "%FE%FF", "%F4%90%80%80", "%zz", "%"),
  "encoded lone surrogate": fc.constantFrom("%ED%A0%80", "%ED%BF%BF", "x%ED%B0%80y"),
  "truncated escape": fc.constantFrom("%E2%82", "%F0%9F%98", "caf%C3", "%2"),
  "escaped NUL or control": fc.constantFrom("%00", "a%00b", "%01", "%1B%5B31m", "%0D%0A"),
  "long broken text": fc.integer({ min: 40, max: 1_500 }).map((n) => "%C0%AF".repeat(n)),
};

/** Values each query key of the schema accepts alone (the "valid filters" hostile values go beside). */
function validQuery(schema: ZodType | undefined): Record<string, string> {
  const candidates = ["all", "1", "5", "true", "law", "ranking", "fr", "Master's", "2030-01-01"];
  const valid: Record<string, string> = {};
  for (const key of shapeKeys(schema)) {
    const value = candidates.find((candidate) => schema!.safeParse({ [key]: candidate }).success);
    if (value !== undefined) valid[key] = value;
  }
  return valid;
}

/** One value of an arbitrary, the same on every run of a seed (`index` picks which). */
export const draw = <T>(index: number, arbitrary: fc.Arbitrary<T>): T =>
  fc.sample(arbitrary, { seed: HOSTILE_SEED + index, numRuns: 1 })[0];

/**
 * The sweep: each body field, query key and path segment with a value drawn from each class of
 * CLASSES and WRITTEN_CLASSES (random sampling alone can miss, say, a NUL in the one field that
 * breaks), sent by the first actor the route lets in, to a real row where the route has one. Query
 * values go alone and beside valid values of the route's other keys.
 */
export function sweepCases(world: World, endpoint: Endpoint): Case[] {
  const { declaration } = endpoint;
  const actor = sendersFor(declaration.auth)[0];
  const params = Object.fromEntries(
    [...endpoint.pattern.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map(([, name]) => [
      name,
      name === "nextauth" ? ["session"] : realParams(world, endpoint, name)[0],
    ]),
  );
  // Look-alikes of a real username, and of a name with every letter that has one ("i", "k"...).
  const names = [world.usernames.student, "kiosk_admin"].flatMap((name) => Object.values(lookAlikes(name)));
  const classes = [
    ...Object.entries(CLASSES),
    ["look-alike of a username", { arbitrary: fc.constantFrom(...names), inQuery: true }] as const,
  ];
  const cases: Case[] = [];
  const example = validExamples(world)[endpoint.name];
  if (example && declaration.body !== "bytes") {
    bodyKeys(world, endpoint).forEach((key, k) =>
      classes.forEach(([name, { arbitrary }], c) =>
        cases.push({
          label: `sweep: body ${name}`,
          actor,
          params,
          query: {},
          json: { ...example, [key]: draw(k * 100 + c, arbitrary) },
        }),
      ),
    );
  }
  if (endpoint.name === "POST /api/login") {
    // Spellings that are not the name in Unicode's compatibility form (NFKC would make fullwidth
    // letters and the Kelvin sign the name itself) never sign in, even with the right password.
    const username = world.victimUsername;
    for (const [kind, variant] of Object.entries(lookAlikes(username))) {
      if (variant.normalize("NFKC").toLowerCase() === username.toLowerCase()) continue;
      cases.push({
        label: `sweep: look-alike sign-in (${kind})`,
        actor: "anonymous",
        params,
        query: {},
        json: { username: variant, password: TEST_PASSWORD },
        mustNotSignIn: true,
      });
    }
  }
  // A redirect payload in callbackUrl for every route, and for each of Auth.js's actions.
  const actions = params.nextauth
    ? AUTH_ACTIONS.map((action) => ({ ...params, nextauth: [action] }))
    : [params];
  actions.forEach((actionParams, a) =>
    cases.push({
      label: "sweep: query open redirect",
      actor,
      params: actionParams,
      query: { callbackUrl: String(draw(9_000 + a, openRedirect)) },
    }),
  );
  const written = Object.entries(WRITTEN_CLASSES);
  if (declaration.query) {
    const valid = validQuery(declaration.query);
    shapeKeys(declaration.query).forEach((key, k) => {
      const others = Object.fromEntries(Object.entries(valid).filter(([name]) => name !== key));
      for (const [label, beside] of [
        ["", {}],
        [" beside valid filters", others],
      ] as const) {
        classes
          .filter(([, { inQuery }]) => inQuery)
          .forEach(([name, { arbitrary }], c) =>
            cases.push({
              label: `sweep: query ${name}${label}`,
              actor,
              params,
              query: { ...beside, [key]: String(draw(k * 100 + c, arbitrary)) },
            }),
          );
        written.forEach(([name, arbitrary], c) =>
          cases.push({
            label: `sweep: query ${name}${label}`,
            actor,
            params,
            query: beside,
            written: { query: { [key]: draw(k * 100 + 50 + c, arbitrary) as string } },
          }),
        );
      }
    });
  }
  Object.keys(params)
    .filter((name) => name !== "nextauth")
    .forEach((name, n) =>
      written.forEach(([className, arbitrary], c) =>
        cases.push({
          label: `sweep: segment ${className}`,
          actor,
          params,
          query: {},
          written: { params: { [name]: draw(n * 100 + 70 + c, arbitrary) as string } },
        }),
      ),
    );
  if ("nextauth" in params) {
    BROKEN_ESCAPES.forEach((escape) =>
      cases.push({
        label: "sweep: segment broken escape",
        actor,
        params,
        query: {},
        written: { params: { nextauth: `session/${escape}` } },
      }),
    );
  }
  return cases;
}

/**
 * The URL of a case as sent: its segments encoded into the pattern (or as written), and its query
 * string (the written values last, verbatim).
 */
export function urlOf(endpoint: Endpoint, c: Case): string {
  const path = endpoint.pattern
    .split("/")
    .filter((segment) => !/^\(.*\)$/.test(segment))
    .map((segment) => {
      const match = /^\[(?:\.\.\.)?(.+)\]$/.exec(segment);
      if (!match) return segment;
      const asWritten = c.written?.params?.[match[1]];
      if (asWritten !== undefined) return asWritten;
      const value = c.params[match[1]];
      return (Array.isArray(value) ? value : [value]).map(encodeSegment).join("/");
    })
    .join("/");
  const query = [
    new URLSearchParams(c.query).toString(),
    ...Object.entries(c.written?.query ?? {}).map(([key, value]) => `${encodeSegment(key)}=${value}`),
  ]
    .filter(Boolean)
    .join("&");
  return query ? `${path}?${query}` : path;
}
