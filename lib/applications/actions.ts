"use server";

import { redirect } from "next/navigation";
import { action } from "@/lib/http/action.server";
import { badRequest, HttpError, notFound } from "@/lib/http/errors";
import { PROGRAM_NOT_FOUND } from "@/lib/programs/commands.server";
import {
  academicHistorySchema,
  conditionMarkFormSchema,
  privateNoteFormSchema,
  assigneeFormSchema,
  bulkFormFields,
  bulkSchema,
  documentRequestFormSchema,
  requestAnswerFormSchema,
  requestCloseFormSchema,
  offerReplyFormSchema,
  APPLICATION_SUBMITTED,
  applicationSchema,
  DRAFT_LIMITS,
  personalStatementSchema,
} from "@/lib/validation/application";
import { idSchema } from "@/lib/validation/common";
import { clipText } from "@/lib/validation/text";
import { z } from "@/lib/validation/zod";
import {
  TRANSITION_FORM_FIELDS,
  transitionFormFields,
  transitionFormSchema,
} from "@/lib/validation/transition-form";
import { replyToOffer, submitApplication } from "./commands.server";
import { CONDITION_STATUS_LABELS } from "./conditions";
import { markCondition } from "./conditions.server";
import { assignApplication } from "./assignment.server";
import { runBulkAction, type BulkResult } from "./bulk.server";
import { formatCount } from "@/lib/format";
import { addPrivateNote } from "./notes.server";
import { requestSubject } from "./requests";
import { answerRequest, closeRequest, createRequest } from "./requests.server";
import { draftDataSchema, getDraft, saveDraft, type DraftData } from "./drafts.server";
import { STATUS_LABELS } from "./status";
import { moveApplication } from "./transition.server";
import { CONDITION_MARKING_PERMISSION, transitionNamed } from "./workflow";

// The application form's one submission path for sending the application. Posted without
// JavaScript, each step's button is a submit button with an intent: what the student typed is
// saved as the draft first, so the page shown next (rendered from the draft) keeps it, and the
// form moves between steps through the draft's step. Sent by the hydrated form (which moves
// between steps and saves the draft itself), only the submit comes here, and the action answers
// with its state instead of redirecting. Submitting validates with the API's schema and calls the
// same command as POST /api/applications.

const STEP_2_INPUTS = ["institution", "degree", "gpa", "graduationYear"] as const;

/** The saved draft with whatever fields this post carried (each step posts only its own). */
function merge(saved: DraftData | null, data: FormData, step: 1 | 2): DraftData {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const base = saved ?? draftDataSchema.parse({});
  const history = { ...base.academicHistory };
  for (const input of STEP_2_INPUTS) {
    const value = text(`academicHistory.${input}`);
    if (value !== undefined) history[input] = value;
  }
  // Clipped to the draft's limits (DRAFT_LIMITS, well above what the form accepts), as the client's
  // autosave does; validation reports what is too long, so nothing typed within them is lost.
  return draftDataSchema.parse({
    step,
    personalStatement: clipText(
      text("personalStatement") ?? base.personalStatement,
      DRAFT_LIMITS.personalStatement,
    ),
    academicHistory: {
      institution: clipText(history.institution, DRAFT_LIMITS.institution),
      degree: clipText(history.degree, DRAFT_LIMITS.degree),
      gpa: clipText(history.gpa, DRAFT_LIMITS.gpa),
      graduationYear: clipText(String(history.graduationYear), 4),
    },
  });
}

/**
 * What the form posts, read field by field below: the program, the button pressed, the draft
 * version the page was rendered with, and the API's fields (the history's named
 * `academicHistory.<field>`), which only a submit checks in full.
 */
const FORM_FIELDS = {
  programId: idSchema,
  intent: z.enum(["previous", "next", "submit"]).optional(),
  draftVersion: z.coerce.number().int().min(0).optional(),
  personalStatement: personalStatementSchema,
  academicHistory: academicHistorySchema(),
};

/** The application page of the posted program; the programs list when the field is not an id. */
function pageOf(data: FormData): string {
  const id = FORM_FIELDS.programId.safeParse(data.get("programId"));
  return id.success ? `/apply/${id.data}` : "/programs";
}

// The program comes in a hidden field, not as a bound argument: the answer to a form posted without
// JavaScript to an action bound in the form never finishes rendering (Next workaround
// ACTION_ARGUMENTS_IN_FIELDS in lib/next-workarounds.ts).
export const applicationFormAction = action({
  name: "applicationForm",
  audience: "user",
  signInReturnTo: pageOf,
  reads: FORM_FIELDS,
  // The whole statement and history, with room for what the draft keeps beyond the limits.
  bodyLimit:
    4 * (DRAFT_LIMITS.personalStatement + DRAFT_LIMITS.institution + DRAFT_LIMITS.degree) + 16 * 1024,
  handle: async ({ viewer, data, sentByScript }) => {
    const id = FORM_FIELDS.programId.safeParse(data.get("programId"));
    if (!id.success) throw notFound(PROGRAM_NOT_FOUND);
    const programId = id.data;
    const page = `/apply/${programId}`;
    const intent = data.get("intent");
    // The version of the draft the page was rendered with: a post from an older copy of the page
    // (Back, another tab) is refused like the API's stale save, and the page shows the newer draft.
    const version = FORM_FIELDS.draftVersion.safeParse(data.get("draftVersion"));
    const base = version.success ? version.data : undefined;
    try {
      const saved = (await getDraft(viewer.id, programId))?.data ?? null;
      if (intent === "previous") {
        await saveDraft(viewer.id, programId, merge(saved, data, 1), base);
      } else if (intent === "next") {
        const draft = merge(saved, data, 1);
        const statement = personalStatementSchema.safeParse(draft.personalStatement);
        await saveDraft(viewer.id, programId, { ...draft, step: statement.success ? 2 : 1 }, base);
        if (!statement.success) {
          const message = statement.error.issues[0]?.message ?? "Check the personal statement";
          throw badRequest(message, { personalStatement: [message] });
        }
      } else {
        const draft = merge(saved, data, 2);
        const input = applicationSchema().safeParse({
          programId,
          personalStatement: draft.personalStatement,
          academicHistory: draft.academicHistory,
        });
        if (!input.success) {
          // The hydrated form saves its own draft; a post without JavaScript keeps what it typed here.
          if (!sentByScript) {
            const statementOk = personalStatementSchema.safeParse(draft.personalStatement).success;
            await saveDraft(viewer.id, programId, { ...draft, step: statementOk ? 2 : 1 }, base);
          }
          throw input.error;
        }
        await submitApplication(viewer.id, input.data);
        // With JavaScript a toast confirms it on the home page; without, the list of applications
        // showing the new one does.
        return { message: APPLICATION_SUBMITTED, redirectTo: sentByScript ? "/" : "/user/applications" };
      }
    } catch (error) {
      // Already applied, a newer draft saved, archived or past its deadline meanwhile: the page
      // itself now says so (or shows the newer draft). The hydrated form is told, and reloads it.
      if (!sentByScript && error instanceof HttpError && [409, 410, 422].includes(error.status))
        redirect(page);
      throw error;
    }
    redirect(page);
  },
});

/** What the offer's form says once the reply is stored. */
const OFFER_REPLIES = {
  accept: "You accepted the offer.",
  decline: "You declined the offer.",
} as const;

/**
 * The offer's Accept and Decline buttons (POST /api/applications/{id}/reply's work), with or
 * without JavaScript; the list of applications, rendered again after it, shows the new status.
 */
export const replyToOfferAction = action({
  name: "replyToOffer",
  audience: "user",
  signInReturnTo: () => "/user/applications",
  schema: offerReplyFormSchema,
  handle: async ({ viewer, input }) => {
    await replyToOffer(viewer, Number(input.applicationId), input);
    return { message: OFFER_REPLIES[input.answer] };
  },
});

/** The application's page, for the id posted in `field`; the list when the field is not an id. */
function applicationPageOf(data: FormData, field = "id"): string {
  const id = idSchema.safeParse(data.get(field));
  return id.success ? `/admin/applications/${id.data}` : "/admin/applications";
}

/**
 * The forms of the application's page: staff move it along its life (PATCH
 * /api/applications/{id}'s work, through moveApplication), with what the move needs. `from` is the
 * status the page showed: a move someone made since refuses this one (409), as the status dialog's.
 * Then the page, without the form, shows where the application is now.
 */
export const moveApplicationAction = action({
  name: "moveApplication",
  audience: "admin",
  signInReturnTo: applicationPageOf,
  schema: transitionFormSchema,
  fields: (data) => transitionFormFields(data.entries()),
  echo: TRANSITION_FORM_FIELDS,
  handle: async ({ viewer, input, data }) => {
    const { id, ...move } = input;
    const moved = await moveApplication(viewer, id, move);
    return {
      message:
        moved.status === moved.previousStatus
          ? transitionNamed(moved.transition).meaning
          : `The application is now ${STATUS_LABELS[moved.status]}.`,
      redirectTo: applicationPageOf(data),
    };
  },
});

/** The application's page, for the forms that post its id as applicationId. */
const pageOfApplicationId = (data: FormData) => applicationPageOf(data, "applicationId");

/**
 * The buttons beside each condition of an offer on the application's page (PATCH
 * /api/applications/{id}/conditions/{conditionId}'s work): staff mark it met, not met or pending
 * again. `from` is the condition's status the page showed: a mark someone made since refuses this
 * one (409). Then the page shows the condition as it is now.
 */
export const markConditionAction = action({
  name: "markCondition",
  audience: "admin",
  permission: CONDITION_MARKING_PERMISSION,
  signInReturnTo: pageOfApplicationId,
  schema: conditionMarkFormSchema,
  handle: async ({ viewer, input, data }) => {
    const { applicationId, conditionId, ...mark } = input;
    const condition = await markCondition(viewer, applicationId, conditionId, mark);
    return {
      message: `Condition marked ${CONDITION_STATUS_LABELS[condition.status].toLowerCase()}: ${condition.text}`,
      redirectTo: pageOfApplicationId(data),
    };
  },
});

/**
 * The application page's form asking the student for a document or a correction (POST
 * /api/applications/{id}/requests's work); the student is e-mailed. Then the page shows the request.
 */
export const requestDocumentAction = action({
  name: "requestDocument",
  audience: "admin",
  signInReturnTo: pageOfApplicationId,
  schema: documentRequestFormSchema,
  echo: ["documentType", "message"],
  handle: async ({ viewer, input, data }) => {
    const { applicationId, ...request } = input;
    const made = await createRequest(viewer, applicationId, request);
    return {
      message: `The student was asked by e-mail: ${requestSubject(made)}.`,
      redirectTo: pageOfApplicationId(data),
    };
  },
});

/** A request's Close button on the application's page (POST .../requests/{requestId}/close's work). */
export const closeRequestAction = action({
  name: "closeRequest",
  audience: "admin",
  signInReturnTo: pageOfApplicationId,
  schema: requestCloseFormSchema,
  handle: async ({ viewer, input, data }) => {
    const closed = await closeRequest(viewer, input.applicationId, input.requestId);
    return { message: `Request closed: ${requestSubject(closed)}.`, redirectTo: pageOfApplicationId(data) };
  },
});

/**
 * The student's answer to a request on My Applications (POST .../requests/{requestId}/answer's
 * work), with or without JavaScript; the list, rendered again after it, shows the request answered.
 */
export const answerRequestAction = action({
  name: "answerRequest",
  audience: "user",
  signInReturnTo: () => "/user/applications",
  schema: requestAnswerFormSchema,
  echo: ["answer"],
  handle: async ({ viewer, input }) => {
    const { applicationId, requestId, ...answer } = input;
    await answerRequest(viewer, applicationId, requestId, answer);
    return { message: "Your answer was sent to the admissions team." };
  },
});

/**
 * The private note form on the application's page (POST /api/applications/{id}/notes's work): the
 * note is added with its author and time, and the page shows it at the end of the list.
 */
export const addPrivateNoteAction = action({
  name: "addPrivateNote",
  audience: "admin",
  signInReturnTo: pageOfApplicationId,
  schema: privateNoteFormSchema,
  handle: async ({ viewer, input: { applicationId, ...note }, data }) => {
    await addPrivateNote(viewer, applicationId, note);
    return { message: "Note added. Only the team can read it.", redirectTo: pageOfApplicationId(data) };
  },
});

/**
 * Claim on the workspace's list, Assign and Unassign on the application's page (PUT
 * /api/applications/{id}/assignee's work). Sent from the list (with its query string), it returns
 * to the list as it was; otherwise to the application's page.
 */
export const assignApplicationAction = action({
  name: "assignApplication",
  audience: "admin",
  signInReturnTo: pageOfApplicationId,
  schema: assigneeFormSchema,
  handle: async ({ viewer, input: { applicationId, assigneeId, listQuery }, data }) => {
    const result = await assignApplication(viewer, applicationId, assigneeId);
    const who = result.assignee
      ? result.assignee.id === viewer.id
        ? "you"
        : result.assignee.fullName
      : "nobody";
    return {
      message: result.changed
        ? `The application is now assigned to ${who}.`
        : `The application was already assigned to ${who}.`,
      redirectTo: listQuery !== undefined ? `/admin/applications${listQuery}` : pageOfApplicationId(data),
    };
  },
});

/** "3 changed, 1 already so, 1 refused: Ana Lee: <why>." */
function bulkSummary(result: BulkResult): string {
  const parts = [`${formatCount(result.changed.length)} changed`];
  if (result.unchanged.length) parts.push(`${formatCount(result.unchanged.length)} already so`);
  if (result.refused.length) parts.push(`${formatCount(result.refused.length)} refused`);
  const reasons = result.refused.map((row) => `${row.studentName}: ${row.reason}`);
  return `${parts.join(", ")}.${reasons.length ? ` ${reasons.join(" ")}` : ""}`;
}

/**
 * The workspace's bulk form (POST /api/applications/bulk's work): the same body, read from the
 * form (the checked rows, or every match of the filters with the count confirmed). The answer says
 * how many changed and why each refused row was refused; the list then shows them as they are.
 */
export const bulkApplicationsAction = action({
  name: "bulkApplications",
  audience: "admin",
  schema: bulkSchema,
  fields: bulkFormFields,
  handle: async ({ viewer, input }) => {
    const result = await runBulkAction(viewer, input);
    return {
      message: bulkSummary(result),
      result: {
        changed: result.changed.length,
        unchanged: result.unchanged.length,
        refused: result.refused.length,
      },
    };
  },
});
