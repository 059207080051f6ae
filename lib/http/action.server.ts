import "server-only";
import { randomUUID } from "node:crypto";
import { headers } from "next/headers";
import { redirect, unstable_rethrow } from "next/navigation";
import { requirePermission, viewerOrSignIn } from "@/lib/auth/session.server";
import type { Permission } from "@/lib/auth/staff-permissions";
import type { Viewer } from "@/lib/auth/viewer";
import { markDatabaseUnavailable } from "@/lib/db/availability.server";
import { databaseFailure } from "@/lib/db/errors.server";
import { logger } from "@/lib/log.server";
import type { ZodType, z } from "@/lib/validation/zod";
import { HttpError } from "./errors";
import { SENT_BY_SCRIPT_FIELD, type FormState } from "./form-state";
import {
  AUDIENCES,
  AUTHORISE,
  BODY_TOO_LARGE,
  DEFAULT_BODY_LIMIT,
  assertOriginIsHost,
  assertStorableForm,
  errorAnswer,
  type Audience,
  type PermissionOf,
  type ViewerOf,
} from "./route.server";

// The pipeline of every server action, as route() is for route handlers. An action declares what
// it needs and receives its input authorised and validated, always in this order:
//
//   origin check → size limit → authenticate → authorise → permission → storable text → schema →
//   handle
//
//   export const changePasswordAction = action({
//     name: "changePassword",
//     audience: "user",
//     schema: changePasswordSchema,
//     handle: async ({ viewer, input }) => { ...; return { message: PASSWORD_CHANGED }; },
//   });
//
// A refusal is the form state of the API's answer (status, error, fieldErrors) with the fields
// the action echoes, so a form shows what the route handler would have said; redirect() and
// notFound() pass through. A success may name where to go next (`redirectTo`): a form posted
// without JavaScript is redirected there (303), while a form sent by its script (which adds
// SENT_BY_SCRIPT_FIELD) gets the state back and navigates itself after telling the user. Each call logs one line (action, status, duration, user id) with an
// id that an error's answer carries, and the declaration stays on the action (`actionDeclarationOf`)
// so that tests enumerate every action's audience, schema and the fields it reads itself (`reads`).

/** What an action declared, minus its code: the source of the tests generated for actions. */
export interface ActionDeclaration {
  name: string;
  audience: Audience;
  /** The permission a team admin needs, if any. */
  permission?: Permission;
  schema?: ZodType;
  /** The fields the handler reads itself, beside the schema's (see ActionSpec.reads). */
  reads?: FormFields;
  bodyLimit: number;
  /** The fields given back to the form after a refusal (never a password). */
  echo: readonly string[];
}

export type FormAction = ((previous: FormState, data: FormData) => Promise<FormState>) & {
  declaration: ActionDeclaration;
};

/**
 * Form fields by name, each with the schema of what it accepts. An object schema stands for the
 * fields the form names `name.field` (academicHistory.gpa).
 */
export type FormFields = Readonly<Record<string, ZodType>>;

type Parsed<S> = S extends ZodType ? z.output<S> : undefined;

export interface ActionInput<A extends Audience, S> {
  viewer: ViewerOf<A>;
  /** The form's fields as the schema gives them. */
  input: Parsed<S>;
  data: FormData;
  /** The form was sent by the page's script (hydrated), not posted by the browser. */
  sentByScript: boolean;
}

export interface ActionSpec<A extends Audience, S> {
  /** The action's name in the logs and the generated tests. */
  name: string;
  /** Who may call it (checked before any field is read). */
  audience: A;
  /**
   * What a team admin needs beyond the team's default (super admins hold it): checked right after
   * authentication, a 403 saying what to ask for.
   */
  permission?: PermissionOf<A>;
  /**
   * Where a signed-out visitor is sent back to after signing in, for an action posted from a
   * page that needs an account: a form posted without JavaScript is redirected to sign in
   * instead of shown a 401 (a form sent by its script gets the 401 and offers to sign in again).
   */
  signInReturnTo?: (data: FormData) => string;
  /** The schema the fields are checked with: the API's own, so both refuse the same input. */
  schema?: S;
  /** How the schema's input is read from the form; by default every text field by its name. */
  fields?: (data: FormData) => Record<string, unknown>;
  /**
   * The fields `handle` reads from `data` itself (a callbackUrl, a hidden id, a whole form an
   * action checks step by step), with what each accepts. Nothing is parsed with them: they are
   * declared so that the generated tests post hostile values in every field an action reads.
   */
  reads?: FormFields;
  /** The fields given back after a refusal, to fill the form in again (never a password). */
  echo?: readonly string[];
  /** The largest form accepted, in bytes of its text (default DEFAULT_BODY_LIMIT). */
  bodyLimit?: number;
  /** The domain call: the success state (a message, where to go next), nothing, or a redirect(). */
  handle: (input: ActionInput<A, S>) => Promise<FormState | void>;
}

/** A text field of a posted form, or undefined. */
export const formText = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === "string" ? value : undefined;
};

/** Every text field by its name (the last value of a repeated name), the pipeline's own aside. */
export function textFields(data: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of data.entries()) {
    if (typeof value === "string" && name !== SENT_BY_SCRIPT_FIELD) fields[name] = value;
  }
  return fields;
}

/** The form's size as the limit counts it: UTF-8 bytes of names and text values, files' bytes. */
function formSize(data: FormData): number {
  const encoder = new TextEncoder();
  let size = 0;
  for (const [name, value] of data.entries()) {
    size +=
      encoder.encode(name).length + (typeof value === "string" ? encoder.encode(value).length : value.size);
  }
  return size;
}

/** The answer for an error as form state: the route handler's status, error and field messages. */
export function formFailure(error: unknown, values?: Record<string, string>, requestId?: string): FormState {
  unstable_rethrow(error);
  const { status, body } = errorAnswer(error, undefined, requestId);
  return { status, error: body.error, fieldErrors: body.fieldErrors, values };
}

/** Next's redirect() and notFound() throw errors with these digests; they are not failures. */
function isNavigation(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && /^(NEXT_REDIRECT|NEXT_HTTP_ERROR_FALLBACK)/.test(digest);
}

export function action<A extends Audience, S extends ZodType | undefined = undefined>(
  spec: ActionSpec<A, S>,
): FormAction {
  const bodyLimit = spec.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const echo = spec.echo ?? [];
  const run = async (_previous: FormState, data: FormData): Promise<FormState> => {
    const started = performance.now();
    const startedAt = Date.now();
    const requestId = randomUUID();
    let viewer: Viewer | null = null;
    let status = 200;
    const values = Object.fromEntries(echo.map((name) => [name, formText(data, name) ?? ""]));
    const sentByScript = data.get(SENT_BY_SCRIPT_FIELD) === "1";
    try {
      assertOriginIsHost(await headers());
      if (formSize(data) > bodyLimit) throw new HttpError(413, BODY_TOO_LARGE);
      if (spec.signInReturnTo && spec.audience !== "public" && !sentByScript) {
        await viewerOrSignIn(spec.signInReturnTo(data));
      }
      viewer = await AUTHORISE[spec.audience]();
      if (spec.permission) requirePermission(viewer!, spec.permission);
      assertStorableForm(data);
      const input = (
        spec.schema ? spec.schema.parse((spec.fields ?? textFields)(data)) : undefined
      ) as Parsed<S>;
      const answer = (await spec.handle({ viewer: viewer as ViewerOf<A>, input, data, sentByScript })) ?? {};
      if (answer.redirectTo && !sentByScript) redirect(answer.redirectTo);
      return answer;
    } catch (error) {
      if (isNavigation(error)) {
        status = 303;
        throw error;
      }
      unstable_rethrow(error);
      if (databaseFailure(error) === "unreachable") markDatabaseUnavailable(startedAt);
      const state = formFailure(error, echo.length ? values : undefined, requestId);
      status = state.status ?? 500;
      return state;
    } finally {
      logger()[status >= 500 ? "error" : status >= 400 ? "warn" : "info"](
        {
          requestId,
          action: spec.name,
          status,
          durationMs: Math.round(performance.now() - started),
          userId: viewer?.id ?? null,
        },
        "action",
      );
    }
  };
  const declaration: ActionDeclaration = {
    name: spec.name,
    audience: spec.audience,
    ...(spec.permission ? { permission: spec.permission } : {}),
    schema: spec.schema,
    reads: spec.reads,
    bodyLimit,
    echo,
  };
  return Object.assign(run, { declaration });
}

/** The declaration of a server action, or null when it was not made by `action()`. */
export function actionDeclarationOf(candidate: unknown): ActionDeclaration | null {
  if (typeof candidate !== "function") return null;
  const declaration = (candidate as Partial<FormAction>).declaration;
  return declaration && AUDIENCES.includes(declaration.audience) && typeof declaration.name === "string"
    ? declaration
    : null;
}
