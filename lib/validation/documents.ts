import { z } from "@/lib/validation/zod";
import { idSchema } from "./common";
import { DOCUMENT_FILE_TYPES, MAX_DOCUMENT_BYTES, MEGABYTE } from "@/lib/documents/limits";
import { STUDY_NAME_MAX } from "./settings";
import { isOneLine, oneLineMessage } from "./text";

/** /api/applications/drafts/{programId}/documents/{typeId} */
export const draftDocumentParamsSchema = z.object({ programId: idSchema, typeId: idSchema });

/** The uploaded file's name, sent as ?name= (the body is the file itself). */
export const documentUploadQuerySchema = z.object({
  name: z.string().max(1000, "name must be at most 1000 characters").optional(),
});

/** A document type as Settings adds it: a name, the file types it takes, its largest file. */
export const documentTypeSchema = z.object({
  name: z
    .string({ error: "Document type name is required" })
    .trim()
    .min(1, "Document type name is required")
    .max(STUDY_NAME_MAX, `Document type name must be at most ${STUDY_NAME_MAX} characters`)
    .refine(isOneLine, oneLineMessage("Document type name")),
  fileTypes: z
    .array(z.enum(DOCUMENT_FILE_TYPES, { error: "Choose PDF, JPEG or PNG." }))
    .min(1, "Choose at least one file type.")
    .transform((types) => [...new Set(types)]),
  maxMegabytes: z.coerce
    .number({ error: "Enter the largest file in MB." })
    .int("Enter a whole number of MB.")
    .min(1, "The largest file is at least 1 MB.")
    .max(MAX_DOCUMENT_BYTES / MEGABYTE, `The largest file is at most ${MAX_DOCUMENT_BYTES / MEGABYTE} MB.`),
});
export type DocumentTypeInput = z.infer<typeof documentTypeSchema>;
