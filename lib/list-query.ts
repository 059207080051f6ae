import { notFound } from "next/navigation";
import { createSerializer, type SearchParams } from "nuqs/server";
import { z } from "@/lib/validation/zod";
import { pagingSchema } from "@/lib/validation/common";
import { LIST_PAGE_SIZE } from "@/lib/paging";
import {
  listParsers,
  pageKey,
  pageMaxOf,
  readKey,
  type ApiValue,
  type ListKey,
  type ListKeys,
  type ListParsers,
  type PageValue,
} from "./list-keys";

// One definition per list query, from its keys (lib/list-keys.ts: how the API reads each one, its
// message, the page's value when absent). From them come
//   - apiSchema: the route handler's query schema (the filters plus ?limit=&offset=),
//   - parsers: the nuqs parsers of the page (the filters plus ?page=), the same functions the
//     filter components in the browser use, so both accept exactly what the API accepts,
//   - load(): the server page's parse: what the API would answer 400 to is not reinterpreted. An
//     invalid filter gives the API's message (the page shows it in place of the results); a page
//     number that is not one (abc, 0, past OFFSET_MAX) is the 404 page.

/**
 * The zod schema of key `name`: its reading (readKey), the refusal as the issue's message. An
 * absent key is the reading of no text, as zod's optional() or default() gives it.
 */
export function keySchema<T>(name: string, key: ListKey<T>): z.ZodType<T, string | undefined> {
  const present = z.string().transform((text, ctx) => {
    const reading = readKey(name, key, text);
    if (reading.ok) return reading.value;
    ctx.issues.push({ code: "custom", message: reading.message, input: text });
    return z.NEVER;
  });
  const absent = key.read(undefined);
  return (absent === undefined ? present.optional() : present.default(absent as never)) as z.ZodType<
    T,
    string | undefined
  >;
}

type FieldShape<K extends ListKeys> = { [N in keyof K]: z.ZodType<ApiValue<K[N]>, string | undefined> };
export type ListValues<K extends ListKeys> = { [N in keyof K]: PageValue<K[N]> } & { page: number };

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
export type LoadedList<K extends ListKeys> =
  | {
      ok: true;
      /** What the API's schema gives for the same filters (pass it on as the route handler does). */
      query: z.output<z.ZodObject<FieldShape<K>>>;
      /** The filters as the page and its links hold them, and the page number. */
      values: ListValues<K>;
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

export interface ListQuery<K extends ListKeys> {
  keys: K;
  pageSize: number;
  /** The last page number a link may name: its first row is at most OFFSET_MAX. */
  pageMax: number;
  /** GET /api/...: the filters plus ?limit=&offset=. */
  apiSchema: z.ZodObject<typeof pagingSchema.shape & FieldShape<K>>;
  /** The filters alone: a read of every match (the admin lists' CSV exports). */
  filterSchema: z.ZodObject<FieldShape<K>>;
  parsers: ListParsers<K>;
  serialize: (
    path: string,
    values: Partial<{ [N in keyof ListValues<K>]: ListValues<K>[N] | null }>,
  ) => string;
  /**
   * Reads a server page's query string. A page number the API could not serve (its offset would
   * be refused) is the 404 page; filters the API would refuse give its message instead of results.
   */
  load: (searchParams: Promise<SearchParams> | SearchParams, path: string) => Promise<LoadedList<K>>;
  /** load(), then (when the query is valid) `read` with the API's values and the page's window. */
  loadRows: <R>(
    searchParams: Promise<SearchParams> | SearchParams,
    path: string,
    read: (
      query: z.output<z.ZodObject<FieldShape<K>>>,
      window: { limit: number; offset: number },
    ) => Promise<R>,
  ) => Promise<(LoadedList<K> & { ok: true; rows: R }) | (LoadedList<K> & { ok: false; rows: null })>;
  /** The same list read through fewer keys (a page that offers only some of the API's filters). */
  pick: <N extends keyof K & string>(...names: N[]) => ListQuery<Pick<K, N>>;
}

export function defineListQuery<K extends ListKeys>(
  keys: K,
  pageSize: number = LIST_PAGE_SIZE,
): ListQuery<K> {
  const shape = Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, keySchema(name, key)]));
  const filterSchema = z.object(shape);
  const pageSchema = z.object({ ...shape, page: keySchema("page", pageKey(pageSize)) });
  const parsers = listParsers(keys, pageSize) as unknown as Record<string, ListParsers<K>["page"]>;
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
    for (const [name, parser] of Object.entries(parsers)) {
      values[name] =
        input[name] === undefined ? parser.defaultValue : (parser.parse(input[name]) ?? parser.defaultValue);
    }
    return {
      ok: true as const,
      query: filterSchema.parse(input),
      values,
      filtered: Object.keys(keys).some((name) => values[name] !== parsers[name]!.defaultValue),
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
    keys,
    pageSize,
    pageMax: pageMaxOf(pageSize),
    apiSchema: pagingSchema.extend(shape),
    filterSchema,
    parsers,
    serialize,
    load,
    loadRows,
    pick: (...names: string[]) =>
      defineListQuery(Object.fromEntries(names.map((name) => [name, keys[name]])) as never, pageSize),
  } as unknown as ListQuery<K>;
}
