import { idSchema } from "@/lib/validation/common";
import { COMPARE_MAX, COMPARE_MIN, COMPARE_TOO_MANY } from "./compare-limits";

export { COMPARE_MAX, COMPARE_MIN, COMPARE_TOO_MANY };

// /compare?ids=3,8,12 (a shared link) or ?ids=3&ids=8 (the Compare boxes of a form): 2 to 4
// distinct program ids. Client-safe; the page shows the message instead of the comparison.

export const COMPARE_NONE = "Choose 2 to 4 programs to compare: tick Compare on the programs you want.";
export const COMPARE_TOO_FEW = "Choose at least 2 programs to compare.";
export const COMPARE_MALFORMED = "The link is not valid: ids must be program numbers separated by commas.";

export type CompareIds = { ok: true; ids: number[] } | { ok: false; message: string };

export function parseCompareIds(value: string | string[] | undefined): CompareIds {
  const parts = (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .flatMap((text) => text.split(","))
    .map((text) => text.trim())
    .filter((text) => text !== "");
  if (parts.length === 0) return { ok: false, message: COMPARE_NONE };
  const ids: number[] = [];
  for (const part of parts) {
    const parsed = idSchema.safeParse(part);
    if (!parsed.success) return { ok: false, message: COMPARE_MALFORMED };
    if (!ids.includes(parsed.data)) ids.push(parsed.data);
  }
  if (ids.length < COMPARE_MIN) return { ok: false, message: COMPARE_TOO_FEW };
  if (ids.length > COMPARE_MAX) return { ok: false, message: COMPARE_TOO_MANY };
  return { ok: true, ids };
}
