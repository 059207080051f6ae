import {
  HANDLED_UNIVERSITIES_MAX,
  NOTICE_DELIVERIES,
  NOTICE_KINDS,
  NOTICE_LABELS,
  type NoticeKind,
} from "@/lib/notifications/kinds";
import { z } from "@/lib/validation/zod";
import { idSchema } from "./common";

// PUT /api/user/notifications and the form of /admin/notifications: a staff member's choice for
// each kind of event, and the universities they handle. The whole set is replaced.

const delivery = (kind: NoticeKind) =>
  z.enum(NOTICE_DELIVERIES, {
    error: `${NOTICE_LABELS[kind]}: choose one of ${NOTICE_DELIVERIES.join(", ")}`,
  });

export const TOO_MANY_UNIVERSITIES = `Choose at most ${HANDLED_UNIVERSITIES_MAX} universities`;

export const noticePreferencesSchema = z.object({
  ...(Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, delivery(kind)])) as Record<
    NoticeKind,
    ReturnType<typeof delivery>
  >),
  /** The universities handled: ids (numbers, or digits as a form posts them), each once. */
  universityIds: z
    .array(idSchema, { error: "universityIds must be a list of university ids" })
    .max(HANDLED_UNIVERSITIES_MAX, TOO_MANY_UNIVERSITIES)
    .transform((ids) => [...new Set(ids)]),
});
export type NoticePreferencesInput = z.output<typeof noticePreferencesSchema>;

/**
 * The form's fields as the schema reads them: each kind's radio by its name, and every checked
 * university (a checkbox named universityIds per university, none when none is checked).
 */
export function noticePreferencesFormFields(data: FormData): Record<string, unknown> {
  return {
    ...Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, data.get(kind) ?? undefined])),
    universityIds: data.getAll("universityIds"),
  };
}
