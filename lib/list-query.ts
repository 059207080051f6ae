import { notFound } from "next/navigation";
import { createParser, createSerializer, type SearchParams } from "nuqs/server";
import { z } from "@/lib/validation/zod";
import { pagingSchema } from "@/lib/validation/common";
import { LIST_PAGE_SIZE, OFFSET_MAX } from "@/lib/paging";
import { isStorable, UNSTORABLE_TEXT } from "@/lib/validation/storable-text";
import { SEARCH_MAX, SEARCH_TOO_LONG } from "./list-keys";

// One definition per list query. A list names its filter keys once, each with the zod schema the
// API checks it with and the value its page shows when the key is absent; from that come
//   - apiSchema: the route handler's query schema (the filters plus ?limit=&offset=),
//   - parsers: the nuqs parsers of the page and its filter components (the filters plus ?page=),
//     which accept exactly what the API accepts,
//   - load(): the server page's parse: what the API would answer 400 to is not reinterpreted. An
//     invalid filter gives the API's message (the page shows it in place of the results); a page
//     number that is not one (abc, 0, past OFFSET_MAX) is the 404 page.
// Every key, whatever its own schema, first refuses text PostgreSQL cannot store (NUL, a broken
// surrogate: lib/validation/storable-text.ts) with route()'s message, so no page hands such text
// to a query, as no route handler does.

export { SEARCH_MAX, SEARCH_TOO_LONG } from "./list-keys";

/** The free-text search of every list: at most SEARCH_MAX characters; trimmed, "" means none. */
export const searchSchema = z
  .string()
  .max(SEARCH_MAX, SEARCH_TOO_LONG)
  .transform((q) => q.trim() || undefined)
  .optional();

type PageValue<S extends z.ZodType> = Exclude<z.output<S>, undefined>;

export interface QueryField<S extends z.ZodType = z.ZodType> {
  /** How the API reads the key: its text (or undefined when absent) in, the value out. */
  schema: S;
  /** The page's value when the key is absent; links leave it out. */
  fallback: PageValue<S>;
}

export function queryField<S extends z.ZodType>(schema: S, fallback: PageValue<S>): QueryField<S> {
  return { schema, fallback };
}

/** ?q=: the search box's text. */
export const searchField = queryField(searchSchema, "");

/** A key's schema behind the rule every key shares: text PostgreSQL cannot store is refused. */
function storable<S extends z.ZodType>(schema: S): S {
  const text = z.custom<string>((value) => typeof value !== "string" || isStorable(value), UNSTORABLE_TEXT);
  // The output is the schema's own: the declared type stays S.
  return text.optional().pipe(schema as z.ZodType<unknown, string | undefined>) as unknown as S;
}

type Fields = Record<string, QueryField>;
type FieldShape<F extends Fields> = { [K in keyof F]: F[K]["schema"] };
export type ListValues<F extends Fields> = { [K in keyof F]: PageValue<F[K]["schema"]> } & { page: number };

/**
 * The nuqs parser of a key: a text the schema accepts, as the page holds it (text stays as
 * written, so a search box keeps its spaces; numbers are the schema's), or null (the fallback).
 */
export function parserOf<S extends z.ZodType>(field: QueryField<S>) {
  return createParser<PageValue<S>>({
    parse: (text) => {
      const result = field.schema.safeParse(text);
      if (!result.success || result.data === undefined) return null;
      return (typeof result.data === "string" ? text : result.data) as PageValue<S>;
    },
    serialize: (value) => String(value),
  }).withDefault(field.fallback as NonNullable<PageValue<S>>);
}

/** The last value of each key, as the API reads a query string (URLSearchParams, last wins). */
function lastValues(searchParams: SearchParams, keys: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of keys) {
    const value = searchParams[key];
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (last !== undefined) values[key] = last;
  }
  return values;
}

/** The page's reading of its query string (see load()). */
export type LoadedList<F extends Fields> =
  | {
      ok: true;
      /** What the API's schema gives for the same filters (pass it on as the route handler does). */
      query: z.output<z.ZodObject<FieldShape<F>>>;
      /** The filters as the page and its links hold them, and the page number. */
      values: ListValues<F>;
      /** Whether any filter differs from its default (an empty list then means none match). */
      filtered: boolean;
      page: number;
      limit: number;
      offset: number;
      hrefFor: (page: number) => string;
    }
  | {
      ok: false;
      /** The API's message for the same filters (its 400's `error`). */
      message: string;
      /** The page without any filter. */
      clearHref: string;
    };

export interface ListQuery<F extends Fields> {
  fields: F;
  pageSize: number;
  /** The last page number a link may name: its first row is at most OFFSET_MAX. */
  pageMax: number;
  /** GET /api/...: the filters plus ?limit=&offset=. */
  apiSchema: z.ZodObject<typeof pagingSchema.shape & FieldShape<F>>;
  /** The filters alone: a read of every match (the admin lists' CSV exports). */
  filterSchema: z.ZodObject<FieldShape<F>>;
  /** The page's query: the filters plus ?page=. */
  pageSchema: z.ZodObject<FieldShape<F> & { page: z.ZodType<number, string | undefined> }>;
  parsers: { [K in keyof F]: ReturnType<typeof parserOf<F[K]["schema"]>> } & {
    page: ReturnType<typeof parserOf<z.ZodType<number, string | undefined>>>;
  };
  serialize: (
    path: string,
    values: Partial<{ [K in keyof ListValues<F>]: ListValues<F>[K] | null }>,
  ) => string;
  /**
   * Reads a server page's query string. A page number the API could not serve (its offset would
   * be refused) is the 404 page; filters the API would refuse give its message instead of results.
   */
  load: (searchParams: Promise<SearchParams> | SearchParams, path: string) => Promise<LoadedList<F>>;
  /** load(), then (when the query is valid) `read` with the API's values and the page's window. */
  loadRows: <R>(
    searchParams: Promise<SearchParams> | SearchParams,
    path: string,
    read: (
      query: z.output<z.ZodObject<FieldShape<F>>>,
      window: { limit: number; offset: number },
    ) => Promise<R>,
  ) => Promise<(LoadedList<F> & { ok: true; rows: R }) | (LoadedList<F> & { ok: false; rows: null })>;
  /** The same list read through fewer keys (a page that offers only some of the API's filters). */
  pick: <K extends keyof F & string>(...keys: K[]) => ListQuery<Pick<F, K>>;
}

export const pageMessage = (pageMax: number) => `page must be a whole number from 1 to ${pageMax}`;

export function defineListQuery<F extends Fields>(
  fields: F,
  pageSize: number = LIST_PAGE_SIZE,
): ListQuery<F> {
  const pageMax = Math.floor(OFFSET_MAX / pageSize) + 1;
  const message = pageMessage(pageMax);
  const pageField = queryField(
    z.preprocess(
      // An empty ?page= is no page, as an empty ?offset= is offset 0 for the API.
      (text) => (text === "" ? undefined : text),
      z.coerce.number({ error: message }).int(message).min(1, message).max(pageMax, message).default(1),
    ) as z.ZodType<number, string | undefined>,
    1,
  );
  const shape = Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, storable(field.schema)]),
  );
  const filterSchema = z.object(shape);
  const pageSchema = z.object({ ...shape, page: pageField.schema });
  const parsers = Object.fromEntries(
    Object.entries({ ...fields, page: pageField }).map(([key, field]) => [
      key,
      parserOf(queryField(storable(field.schema), field.fallback)),
    ]),
  );
  const serializer = createSerializer(parsers);
  const serialize = (path: string, values: Record<string, unknown>) => serializer(path, values as never);

  async function load(searchParams: Promise<SearchParams> | SearchParams, path: string) {
    const input = lastValues(await searchParams, Object.keys(pageSchema.shape));
    const parsed = pageSchema.safeParse(input);
    if (!parsed.success) {
      if (parsed.error.issues.some((issue) => issue.path[0] === "page")) notFound();
      return { ok: false as const, message: parsed.error.issues[0]!.message, clearHref: path };
    }
    const { page } = parsed.data as { page: number };
    const values: Record<string, unknown> = {};
    for (const [key, parser] of Object.entries(parsers)) {
      values[key] =
        input[key] === undefined ? parser.defaultValue : (parser.parse(input[key]) ?? parser.defaultValue);
    }
    return {
      ok: true as const,
      query: filterSchema.parse(input),
      values,
      filtered: Object.keys(fields).some((key) => values[key] !== parsers[key]!.defaultValue),
      page,
      limit: pageSize,
      offset: (page - 1) * pageSize,
      hrefFor: (n: number) => serialize(path, { ...values, page: n }),
    };
  }

  async function loadRows<R>(
    searchParams: Promise<SearchParams> | SearchParams,
    path: string,
    read: (query: never, window: { limit: number; offset: number }) => Promise<R>,
  ) {
    const list = await load(searchParams, path);
    if (!list.ok) return { ...list, rows: null };
    return { ...list, rows: await read(list.query as never, { limit: list.limit, offset: list.offset }) };
  }

  return {
    fields,
    pageSize,
    pageMax,
    apiSchema: pagingSchema.extend(shape),
    filterSchema,
    pageSchema,
    parsers,
    serialize,
    load,
    loadRows,
    pick: (...keys: string[]) =>
      defineListQuery(Object.fromEntries(keys.map((key) => [key, fields[key]])) as never, pageSize),
  } as unknown as ListQuery<F>;
}
