import fc from "fast-check";
import type { ActionDeclaration } from "@/lib/http/action.server";
import type { ZodType } from "@/lib/validation/zod";
import {
  CONTROL,
  fakeImages,
  hostileValue,
  INJECTIONS,
  MASS_ASSIGNMENT,
  NON_NUMBERS,
  openRedirect,
  UNICODE,
  type FakeImage,
} from "../support/hostile";
import type { ServerAction } from "../support/actions";
import { TEST_PASSWORD } from "../support/factories";
import {
  CLASSES,
  draw,
  fieldMutations,
  schemaFields,
  sendersFor,
  validExamples,
  type Actor,
  type Endpoint,
  type FieldFacts,
  type World,
} from "./corpus";

// The server actions' part of the hostile-input corpus, generated from each action's declaration
// (lib/http/action.server.ts) as the routes' part is from route(): the fields of its schema and those it
// declares it reads itself (`reads`), walked by schemaFields (./corpus.ts), say what to attack and
// with what: the routes' classes of hostile value, and what the field's own schema refuses (a
// string one character over its limit, a number just out of range), the field missing, repeated,
// posted as a file, under a nested name. A valid form per action is the thing mutated: the
// example of the route that shares its schema, with the few fields only forms have. Every value
// is posted as a browser posts a form: text, or a file.

/** A field of a posted form: text, or a file (made when the case is sent). */
export type FormValue = string | { file: FakeImage };

export interface ActionCase {
  label: string;
  actor: Actor;
  /** The form's fields in order; a name may come more than once. */
  form: [string, FormValue][];
}

/**
 * Values a form gets when it is sent, filled in then by the test: the version of the saved draft
 * (which the application page writes into its form), and a new account's name and address, so
 * that every registration the corpus sends could succeed.
 */
export const LIVE = {
  draftVersion: "<the saved draft's version>",
  username: "<a new username>",
  email: "<a new address>",
} as const;
const LIVE_VALUES = new Set<string>(Object.values(LIVE));

/** Every field an action reads: its schema's, then those it reads itself. */
export function actionFields(declaration: ActionDeclaration): FieldFacts[] {
  const fields = [...schemaFields(declaration.schema), ...schemaFields(declaration.reads)];
  return fields.filter((field, i) => fields.findIndex((other) => other.path === field.path) === i);
}

/** A value as a form carries it: text as is, anything else as the text a client would send. */
export function asFormText(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? String(value);
}

/** An object's values as form fields, nested objects' as `parent.child`. */
function flatten(value: Record<string, unknown>, prefix = ""): [string, string][] {
  return Object.entries(value).flatMap(([key, inner]) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? flatten(inner as Record<string, unknown>, `${prefix}${key}.`)
      : inner === undefined
        ? []
        : [[`${prefix}${key}`, asFormText(inner)] as [string, string]],
  );
}

/** The fields only forms have, and the valid forms of actions whose schema no route shares. */
function formExamples(world: World): Record<string, Record<string, unknown>> {
  const routes = validExamples(world);
  return {
    applicationForm: {
      ...routes["POST /api/applications"],
      programId: world.closedProgramId,
      intent: "submit",
      draftVersion: LIVE.draftVersion,
    },
    // Signing in for real, so that the return address (hostile or not) reaches the redirect.
    login: { username: world.loginUsername, password: TEST_PASSWORD, callbackUrl: "/user/applications" },
    register: { username: LIVE.username, email: LIVE.email, callbackUrl: "/user/applications" },
    // The shape of a signed token (lib/reminders/tokens.server.ts) with a forged signature.
    unsubscribeReminders: { token: `1.${"A".repeat(43)}` },
    // The student's own application, which holds no offer: a valid reply is refused (409).
    replyToOffer: { applicationId: world.ownApplicationId, answer: "decline", reason: "Another program." },
    // A condition the student's application does not hold (it holds no offer): refused (404).
    markCondition: {
      applicationId: world.ownApplicationId,
      conditionId: world.othersApplicationId,
      status: "met",
      from: "pending",
    },
    // A note on the student's application (the team may write them: each valid case adds one).
    addPrivateNote: { applicationId: world.ownApplicationId, text: "Transcript checked." },
    // Unassigning the student's application (nobody handles it yet: each valid case changes nothing).
    assignApplication: { applicationId: world.ownApplicationId, assigneeId: "" },
    // A private note on the student's application, as a bulk action on the rows checked.
    bulkApplications: {
      scope: "selected",
      operation: "note",
      ids: String(world.ownApplicationId),
      text: "Checked in bulk.",
    },
    // A document type the platform does not have: refused (400) once the form is read.
    requestDocument: {
      applicationId: world.ownApplicationId,
      documentType: "No such document type",
      message: "Send every page.",
    },
    // A request of another application (the team admin's): refused (404).
    answerRequest: {
      applicationId: world.ownApplicationId,
      requestId: world.teamRequest.requestId,
      answer: "Here it is.",
    },
    closeRequest: { applicationId: world.ownApplicationId, requestId: world.teamRequest.requestId },
    // The student's own application, whose program asks for no references: refused (409).
    nameReferee: {
      ...routes["POST /api/applications/[id]/references"],
      applicationId: world.ownApplicationId,
    },
    replaceReferee: {
      ...routes["POST /api/applications/[id]/references/[refId]/replace"],
      applicationId: world.ownApplicationId,
      referenceId: 1,
    },
    remindReferee: { applicationId: world.ownApplicationId, referenceId: 1 },
    // A token of the right shape that names no request: "not valid" (404).
    writeReference: { token: "A".repeat(43), text: "A careful and gifted student. ".repeat(10) },
    declineReference: { token: "A".repeat(43), reason: "I do not know the student well enough." },
    // The saved searches page's forms name the search in a hidden field: the student's own for a
    // rename or the alert's button, the other student's for Delete (refused, 404: the own stays).
    renameSavedSearch: { id: world.ownSavedSearchId },
    toggleSavedSearchAlert: { id: world.ownSavedSearchId },
    deleteSavedSearch: { id: world.othersSavedSearchId },
    unsubscribeSearchAlerts: { token: `1.${"A".repeat(43)}` },
    // The rates page posts a file; as text it is refused (400) before anything is read.
    loadRates: { file: "currency,rate,date\nEUR,0.9,2026-11-01\n" },
    // The notifications page posts a checkbox per university, not the API's JSON list.
    saveNoticePreferences: { universityIds: String(world.universityId) },
    // The application page's form of the student's pending application: its review starts once,
    // then the page it was sent from is out of date (409).
    moveApplication: {
      id: world.ownApplicationId,
      from: "pending",
      status: "in-review",
      note: "Looks complete.",
    },
  };
}

/**
 * The valid form an action's cases start from: the example of the route with the same schema (the
 * API's body, as form fields), with the fields only the form has.
 */
export function actionExample(world: World, endpoints: Endpoint[], declaration: ActionDeclaration) {
  const route = declaration.schema && endpoints.find((e) => e.declaration.body === declaration.schema);
  const fromRoute = route ? validExamples(world)[route.name] : undefined;
  const form = flatten({ ...fromRoute, ...formExamples(world)[declaration.name] });
  if (!form.length && actionFields(declaration).length)
    throw new Error(`${declaration.name} reads a form: add a valid one to formExamples()`);
  return form;
}

/** Text of `length` characters ending with `seed` (a valid value keeps its shape: an address, a name). */
const padded = (seed: string, length: number) => "a".repeat(Math.max(0, length - seed.length)) + seed;

/**
 * The longest text ending with `seed` that a field takes, where its checks state no maximum (a
 * length counted as a person sees it, in a refinement): found by trying lengths, up to `limit`.
 * Null when no length is taken, or every length up to the limit is.
 */
function longestTaken(schema: ZodType, seed: string, limit: number): number | null {
  const takes = (length: number) => schema.safeParse(padded(seed, length)).success;
  let taken = -1;
  let refused = -1;
  for (let length = Math.max(1, seed.length); length <= limit; length *= 2) {
    if (takes(length)) taken = length;
    else if (taken >= 0) {
      refused = length;
      break;
    }
  }
  if (taken < 0 || refused < 0) return null;
  while (refused - taken > 1) {
    const middle = Math.floor((taken + refused) / 2);
    if (takes(middle)) taken = middle;
    else refused = middle;
  }
  return taken;
}

const WHITESPACE = [" ", "   ", "\t\n ", "\u00a0\u3000", "\u2003\u200b\u2028"];

/** Dates no calendar has, and text that only looks like a date. */
export const MALFORMED_DATES = [
  "2026-02-30",
  "2026-13-01",
  "2026-00-10",
  "0000-00-00",
  "31/12/2026",
  "2026-1-1",
  "2026-01-01T25:61:00Z",
  "+275760-09-14T00:00:00.000Z",
  "-000001-01-01",
  "1e400",
  "tomorrow",
];

/** One of `values`, a different one for each field (`k`). */
const pick = <T>(values: readonly T[], k: number) => values[k % values.length];

/**
 * The classes of hostile text each field meets at least once, from what its schema says it takes:
 * one value per class (`k` picks which), or none when the class does not apply to the field.
 */
function schemaClasses(field: FieldFacts, k: number, seed: string, bodyLimit: number): [string, string][] {
  const classes: [string, string][] = [
    ["empty", ""],
    ["whitespace only", pick(WHITESPACE, k)],
    ["malformed date", pick(MALFORMED_DATES, k)],
  ];
  const max = field.maxLength ?? (field.kind === "text" ? longestTaken(field.schema, seed, bodyLimit) : null);
  if (max !== null && max !== undefined) {
    classes.push(["one character over its maximum", padded(seed, max + 1)]);
    classes.push(["at its maximum", padded(seed, max)]);
  }
  if (field.minLength !== undefined && field.minLength > 1)
    classes.push(["one character under its minimum", "a".repeat(field.minLength - 1)]);
  if (field.kind === "number") {
    for (const bound of [field.below, field.above]) {
      if (bound !== undefined) classes.push(["number just out of range", String(bound)]);
    }
    classes.push(["fraction", String((field.below ?? 0) + 1.5)]);
    classes.push(["not a number", pick(NON_NUMBERS, k)]);
  }
  for (const choice of field.choices ?? []) classes.push(["each valid choice", choice]);
  if (field.choices?.length) {
    const choice = pick(field.choices, k);
    classes.push(["no such choice", pick([choice.toUpperCase(), ` ${choice}`, `${choice}\u200b`], k)]);
  }
  return classes;
}

/** Names a form field can be sent under instead of its own: indexed, nested, bracketed. */
function nestedNames(path: string): string[] {
  const parts = path.split(".");
  const names = [`${path}[0]`, `${path}.${parts.at(-1)}`];
  if (parts.length > 1) names.push(`${parts[0]}[${parts.slice(1).join("][")}]`);
  return names;
}

/** Field names an attacker tries: injections, control and unicode edge cases, prototype keys. */
const hostileName = fc.oneof(
  fc.constantFrom(...INJECTIONS, "__proto__", "constructor", "prototype", "$ACTION_ID_0", "$ACTION_REF_1"),
  fc.constantFrom(...CONTROL.filter((c) => !c.includes("\u0000")), ...UNICODE),
);

const without = (form: [string, FormValue][], name: string) => form.filter(([key]) => key !== name);
const withValue = (form: [string, FormValue][], name: string, value: FormValue): [string, FormValue][] =>
  form.some(([key]) => key === name)
    ? form.map(([key, old]) => [key, key === name ? value : old])
    : [...form, [name, value]];

/**
 * The sweep of one action: each field through each class of hostile value of the routes' sweep
 * (as text) and of its own schema, missing, repeated, as a file and under other names; then the
 * form valid, empty, with privileged fields added, and with hostile field names.
 */
export function actionSweep(world: World, endpoints: Endpoint[], action: ServerAction): ActionCase[] {
  const declaration = action.declaration!;
  const actor = sendersFor(declaration.audience)[0];
  const example = actionExample(world, endpoints, declaration);
  const images = fakeImages();
  const cases: ActionCase[] = [];
  const add = (label: string, form: [string, FormValue][]) =>
    cases.push({ label: `sweep: ${label}`, actor, form });
  // The fields an action reads itself first: the login form's cases sign in for real until its
  // password field's cases have had the account throttled.
  const fields = actionFields(declaration);
  const own = new Set(schemaFields(declaration.reads).map((field) => field.path));
  [...fields.filter((f) => own.has(f.path)), ...fields.filter((f) => !own.has(f.path))].forEach(
    (field, k) => {
      const name = field.path;
      const value = example.find(([key]) => key === name)?.[1] ?? "";
      const seed = LIVE_VALUES.has(value) ? "" : value;
      Object.entries(CLASSES).forEach(([className, { arbitrary }], c) =>
        add(`field ${className}`, withValue(example, name, asFormText(draw(k * 100 + c, arbitrary)))),
      );
      for (const [className, text] of schemaClasses(field, k, seed, declaration.bodyLimit))
        add(`field ${className}`, withValue(example, name, text));
      const hostile = asFormText(draw(k * 100 + 90, hostileValue));
      add("field missing", without(example, name));
      add("field repeated, hostile last", [...example, [name, hostile]]);
      add("field repeated, hostile first", [[name, hostile], ...example]);
      add(
        `field as a file (${images[k % images.length].name})`,
        withValue(example, name, { file: images[k % images.length] }),
      );
      for (const other of nestedNames(name))
        add("field under a nested name", [...without(example, name), [other, value]]);
    },
  );
  add("valid form", example);
  add("empty form", []);
  for (const extras of MASS_ASSIGNMENT) add("privileged fields added", [...example, ...flatten(extras)]);
  for (let n = 0; n < 3; n++) add("hostile field name", [...example, [draw(9_100 + n, hostileName), "x"]]);
  return cases;
}

/** Random cases of one action: a valid form mutated, sent by someone its audience lets in. */
export function actionCaseArb(
  world: World,
  endpoints: Endpoint[],
  action: ServerAction,
): fc.Arbitrary<ActionCase> {
  const declaration = action.declaration!;
  const example = actionExample(world, endpoints, declaration);
  const names = actionFields(declaration).map((field) => field.path);
  const actor = fc.constantFrom(...sendersFor(declaration.audience));
  const text = fc.oneof(
    { weight: 5, arbitrary: hostileValue.map(asFormText) },
    { weight: 1, arbitrary: openRedirect },
  );
  type Mutation = { label: string; form: [string, FormValue][] };
  const mutations: fc.WeightedArbitrary<Mutation>[] = [
    {
      weight: 2,
      arbitrary: fc.constantFrom(...MASS_ASSIGNMENT).map((extras) => ({
        label: "mass assignment",
        form: [...example, ...flatten(extras)],
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(hostileName, fc.constantFrom("q", "id", "callbackUrl")), text)
        .map((field) => ({ label: "stray field", form: [...example, field] })),
    },
  ];
  if (names.length) {
    const name = fc.constantFrom(...names);
    mutations.push(
      ...fieldMutations(example, names, text, { set: withValue, remove: without }).map(
        ({ weight, arbitrary }) => ({
          weight,
          arbitrary: arbitrary.map(({ label, input }) => ({ label, form: input })),
        }),
      ),
      {
        weight: 1,
        arbitrary: fc
          .tuple(name, text)
          .map(([n, v]) => ({ label: "field: repeated", form: [...example, [n, v] as [string, FormValue]] })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(name, fc.constantFrom(...fakeImages())).map(([n, file]) => ({
          label: "field: a file",
          form: withValue(example, n, { file }),
        })),
      },
    );
  }
  return fc.tuple(actor, fc.oneof(...mutations)).map(([a, { label, form }]) => ({ label, actor: a, form }));
}

/** The form of a case as posted (files made now), with the live values filled in. */
export function formDataOf(c: ActionCase, live: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of c.form) {
    if (typeof value === "string") data.append(name, live[value] ?? value);
    else
      data.append(
        name,
        new File([value.file.bytes as Uint8Array<ArrayBuffer>], `${value.file.name}.png`, {
          type: value.file.contentType,
        }),
      );
  }
  return data;
}
