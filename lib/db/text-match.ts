import { Prisma } from "@/lib/generated/prisma/client";

// Free-text name searches match regardless of case and accents: "sao paulo" finds "São Paulo",
// "munchen" "München", "AUTONOMA" "Autónoma". Both the name and the typed text go through
// `immutable_unaccent` (PostgreSQL's unaccent extension, made usable in an index by migration
// 20261126160000_accent_blind_search), and ILIKE ignores case. Universities and programs keep
// that form of their names, in lower case, in "searchName" (a trigger writes it: migration
// 20261127141000_search_names), which nameContains compares with LIKE and a trigram index on the
// column serves: 20 times cheaper a row than unaccenting and lowering every name at each search.
// Other columns (a user's full name) are searched by containsText, whose trigram index is built on
// exactly `immutable_unaccent(column)`: PostgreSQL reads an expression index only for the same
// expression, so the queries write it from here, and the drift test checks the indexes against
// TEXT_SEARCH_INDEXES.

/** An index on an expression, which schema.prisma cannot describe. */
export interface ExpressionIndex {
  name: string;
  table: string;
  /** Index method, as pg_am names it. */
  method: string;
  /** The indexed expression, as pg_get_indexdef prints it. */
  expression: string;
  opclass: string;
  /** A unique index (CREATE UNIQUE INDEX); false when absent. */
  unique?: boolean;
}

/** The unaccented form of a text column, e.g. `u."name"`: the expression of the trigram indexes. */
function unaccented(column: string): Prisma.Sql {
  return Prisma.raw(`"immutable_unaccent"(${column})`);
}

/**
 * `column` contains `text`, any case, any accents, the text matched literally. The text is
 * unaccented before its LIKE wildcards are escaped: unaccent turns some characters into `%`, `_`
 * or `\` (full-width forms), which must stay literal too.
 */
export function containsText(column: string, text: string): Prisma.Sql {
  return Prisma.sql`${unaccented(column)} ILIKE
    ('%' || regexp_replace("immutable_unaccent"(${text}::text), '([\\\\%_])', '\\\\\\1', 'g') || '%') ESCAPE '\\'`;
}

/**
 * The name of the university or program aliased `alias` (e.g. `u`) contains `text`, any case, any
 * accents, the text matched literally: containsText's rule on the stored "searchName". The text
 * is unaccented and lowered as the names are, then its LIKE wildcards are escaped.
 */
export function nameContains(alias: string, text: string): Prisma.Sql {
  return Prisma.sql`${Prisma.raw(`${alias}."searchName"`)} LIKE
    ('%' || regexp_replace(lower("immutable_unaccent"(${text}::text)), '([\\\\%_])', '\\\\\\1', 'g') || '%') ESCAPE '\\'`;
}

/** The trigram indexes that nameContains reads (plain column indexes, declared in schema.prisma). */
export const NAME_SEARCH_INDEXES = ["universities_searchName_idx", "programs_searchName_idx"] as const;

/** The trigram indexes that containsText reads. */
export const TEXT_SEARCH_INDEXES: readonly ExpressionIndex[] = [
  {
    name: "users_fullName_unaccent_trgm_idx",
    table: "users",
    method: "gin",
    expression: 'immutable_unaccent("fullName")',
    opclass: "gin_trgm_ops",
  },
];
