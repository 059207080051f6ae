import { z } from "@/lib/validation/zod";
import { IMPORT_TYPES } from "@/lib/import/columns";

// The inputs of bulk import and export: the query strings of POST /api/import/{type}
// and GET /api/import/template. The website column is checked with the university form's
// webPageSchema (./university.ts).

const FILE_NAME_INVALID = "fileName must be a file name of at most 255 characters";

export const importQuerySchema = z.object({
  /** "true" saves the changes; anything else is refused, and absent means a dry run. */
  apply: z
    .enum(["true", "false"], { error: 'apply must be "true" or "false"' })
    .default("false")
    .transform((value) => value === "true"),
  fileName: z
    .string()
    .trim()
    .min(1, FILE_NAME_INVALID)
    .max(255, FILE_NAME_INVALID)
    .regex(/^[^\p{Cc}]+$/u, FILE_NAME_INVALID)
    .default("upload"),
});

export const importTemplateQuerySchema = z.object({
  type: z.enum(IMPORT_TYPES, { error: `type must be one of: ${IMPORT_TYPES.join(", ")}` }),
});
