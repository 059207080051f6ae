"use server";

import { redirect, unstable_rethrow } from "next/navigation";
import type { FormState } from "@/lib/auth/form-state";
import { viewerOrSignIn } from "@/lib/auth/session";
import { assertStorableForm, errorAnswer } from "@/lib/http/route";
import { applicationSchema, DRAFT_LIMITS, personalStatementSchema } from "@/lib/validation/application";
import { idSchema } from "@/lib/validation/common";
import { z } from "@/lib/validation/zod";
import { submitApplication } from "./commands";
import { draftDataSchema, getDraft, saveDraft, type DraftData } from "./drafts";

// The application form posts (issue 11 §6): sent before hydration or without JavaScript, Next
// runs this action. Each step's button is a submit button with an intent; what the student
// typed is saved as the draft first, so the page shown next (rendered from the draft) keeps it,
// and the form moves between steps through the draft's step. Submitting validates with the API's
// schema and calls the same command as POST /api/applications. Once the page is interactive, the
// form's onSubmit prevents the native submission and uses the API as before.

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
    personalStatement: (text("personalStatement") ?? base.personalStatement).slice(
      0,
      DRAFT_LIMITS.personalStatement,
    ),
    academicHistory: {
      institution: history.institution.slice(0, DRAFT_LIMITS.institution),
      degree: history.degree.slice(0, DRAFT_LIMITS.degree),
      gpa: history.gpa.slice(0, DRAFT_LIMITS.gpa),
      graduationYear: String(history.graduationYear).slice(0, 4),
    },
  });
}

function failure(error: unknown): FormState {
  unstable_rethrow(error);
  const { status, body } = errorAnswer(error);
  return { status, error: body.error, fieldErrors: body.fieldErrors };
}

// The program comes in a hidden field, not as a bound argument: a bound action's state answer
// never finished rendering without JavaScript (React 19.3's decodeFormState with bound arguments).
export async function applicationFormAction(_previous: FormState, data: FormData): Promise<FormState> {
  const id = idSchema.safeParse(data.get("programId"));
  if (!id.success) return { status: 404, error: "Program not found" };
  const programId = id.data;
  const page = `/apply/${programId}`;
  const viewer = await viewerOrSignIn(page);

  const intent = data.get("intent");
  // The version of the draft the page was rendered with: a post from an older copy of the page
  // (Back, another tab) is refused like the API's stale save, and the page shows the newer draft.
  const version = z.coerce.number().int().min(0).safeParse(data.get("draftVersion"));
  const base = version.success ? version.data : undefined;
  try {
    assertStorableForm(data);
    const saved = (await getDraft(viewer.id, programId))?.data ?? null;
    if (intent === "previous") {
      await saveDraft(viewer.id, programId, merge(saved, data, 1), base);
    } else if (intent === "next") {
      const draft = merge(saved, data, 1);
      const statement = personalStatementSchema.safeParse(draft.personalStatement);
      await saveDraft(viewer.id, programId, { ...draft, step: statement.success ? 2 : 1 }, base);
      if (!statement.success) {
        const message = statement.error.issues[0]?.message ?? "Check the personal statement";
        return { status: 400, error: message, fieldErrors: { personalStatement: [message] } };
      }
    } else {
      const draft = merge(saved, data, 2);
      const input = applicationSchema().safeParse({
        programId,
        personalStatement: draft.personalStatement,
        academicHistory: draft.academicHistory,
      });
      if (!input.success) {
        const statementOk = personalStatementSchema.safeParse(draft.personalStatement).success;
        await saveDraft(viewer.id, programId, { ...draft, step: statementOk ? 2 : 1 }, base);
        return failure(input.error);
      }
      await submitApplication(viewer.id, input.data);
      redirect("/user/applications");
    }
  } catch (error) {
    const answer = failure(error);
    // Already applied, a newer draft saved, archived or past its deadline meanwhile: the page
    // itself now says so (or shows the newer draft).
    if (answer.status === 409 || answer.status === 410 || answer.status === 422) redirect(page);
    return answer;
  }
  redirect(page);
}
