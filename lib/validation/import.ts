import { z } from "@/lib/validation/zod";
import { IMPORT_TYPES } from "@/lib/import/columns";

// The inputs of bulk import and export (issue 15): the query strings of POST /api/import/{type}
// and GET /api/import/template, and the website column, which the university form does not have.

/** The largest import file accepted (about 100,000 program rows). */
export const IMPORT_BODY_LIMIT = 50 * 1024 * 1024;
export const IMPORT_TOO_LARGE = "The file is larger than 50 MB: split it into smaller files and import each.";

export const webPageSchema = z
  .string()
  .trim()
  .max(2048, "The website address must be at most 2,048 characters")
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, "Enter the website as a full address, e.g. https://www.example.edu/");

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
