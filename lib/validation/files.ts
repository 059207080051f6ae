import { z } from "@/lib/validation/zod";

// Route segments that name a file. A name that cannot exist parses to null, so the route answers
// its 404 ("no such file") rather than a 400: a mistyped file address is simply not there.

const fileName = (pattern: RegExp) =>
  z.object({ file: z.string().transform((name) => pattern.exec(name)?.[1] ?? null) });

/** /flags/{code}.svg: the upper-case ISO 3166-1 alpha-2 code. */
export const flagParamsSchema = z.object({
  code: z.string().transform((name) => /^([a-z]{2})\.svg$/i.exec(name)?.[1].toUpperCase() ?? null),
});

/** /sitemaps/{id}.xml: the chunk number. */
export const sitemapParamsSchema = fileName(/^(0|[1-9]\d{0,5})\.xml$/).transform(({ file }) => ({
  id: file === null ? null : Number(file),
}));

/** /uploads/{key}: the storage driver answers no file for a key it could never have made. */
export const uploadKeyParamsSchema = z.object({ key: z.string() });
