import { pipeline, Readable } from "node:stream";
import { parse } from "csv-parse";
import { badRequest } from "@/lib/http/errors";
import { COLUMNS, type ImportType } from "./columns";
import { unprotectCell } from "./formula";

// Reading an import file: CSV (a header row naming the columns, streamed through csv-parse so
// only one row is held at a time) or a JSON array of objects with the same keys. Whatever is wrong
// with the file as a whole (not UTF-8, broken quoting, unknown or missing columns) is a 400 that
// says how to fix it; what is wrong with one row is that row's business (see run.ts).

export interface SourceRow {
  /** 1 for the first row after the header (the first element of a JSON array). */
  row: number;
  values: Record<string, unknown>;
}

export interface ImportSource {
  /** The columns the file has (a column it lacks is left as it is on update). */
  columns: Set<string>;
  rows: AsyncIterable<SourceRow>;
}

/** The longest row accepted, in characters: a description is at most 10,000. */
const MAX_RECORD_SIZE = 100_000;

export const NOT_UTF8 = "The file must be UTF-8 text: save it as CSV UTF-8 (or JSON) and upload it again.";
export const EMPTY_FILE = "The file is empty: add a header row and at least one row.";
export const NOT_JSON_ARRAY =
  "A JSON file must hold an array of objects, one per row (see the template's columns).";

function checkColumns(type: ImportType, names: string[]): Set<string> {
  const known = new Map(COLUMNS[type].map((column) => [column.name.toLowerCase(), column.name]));
  const columns = new Set<string>();
  for (const raw of names) {
    const name = known.get(String(raw).trim().toLowerCase());
    if (!name) {
      throw badRequest(
        `Unknown column "${String(raw).slice(0, 50)}". The columns of a ${type} file are: ` +
          `${COLUMNS[type].map((column) => column.name).join(", ")}.`,
      );
    }
    if (columns.has(name)) throw badRequest(`The column "${name}" appears twice: keep one.`);
    columns.add(name);
  }
  const missing = COLUMNS[type].filter((column) => column.required && !columns.has(column.name));
  if (missing.length > 0) {
    throw badRequest(
      `The file lacks the column${missing.length > 1 ? "s" : ""} ${missing.map((c) => `"${c.name}"`).join(", ")}: ` +
        "download the template to see them.",
    );
  }
  return columns;
}

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(NOT_UTF8);
  }
}

const looksLikeJson = (fileName: string, bytes: Uint8Array) => {
  if (/\.json$/i.test(fileName)) return true;
  if (/\.csv$/i.test(fileName)) return false;
  const start = bytes.findIndex((byte) => byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09);
  return start >= 0 && bytes[start] === 0x5b; // "["
};

/** The file's rows; throws a 400 for a file that cannot be read at all. */
export async function readImportFile(
  type: ImportType,
  fileName: string,
  bytes: Uint8Array,
): Promise<ImportSource> {
  return looksLikeJson(fileName, bytes) ? readJson(type, bytes) : readCsv(type, bytes);
}

function readJson(type: ImportType, bytes: Uint8Array): ImportSource {
  let data: unknown;
  try {
    data = JSON.parse(decode(bytes).replace(/^\uFEFF/, ""));
  } catch (error) {
    if (error instanceof SyntaxError) throw badRequest(`The file is not valid JSON: ${error.message}`);
    throw error;
  }
  if (
    !Array.isArray(data) ||
    data.some((item) => typeof item !== "object" || item === null || Array.isArray(item))
  ) {
    throw badRequest(NOT_JSON_ARRAY);
  }
  if (data.length === 0) throw badRequest(EMPTY_FILE);
  const names = new Set<string>();
  for (const item of data as Record<string, unknown>[]) for (const key of Object.keys(item)) names.add(key);
  const columns = checkColumns(type, [...names]);
  const canonical = new Map([...columns].map((name) => [name.toLowerCase(), name]));
  const items = data as Record<string, unknown>[];
  return {
    columns,
    rows: (async function* () {
      for (let index = 0; index < items.length; index++) {
        const values: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(items[index]))
          values[canonical.get(key.trim().toLowerCase())!] = value;
        yield { row: index + 1, values };
      }
    })(),
  };
}

/** The file in 64 KB pieces, checked as UTF-8 on the way, so the parser works a piece at a time. */
function* pieces(bytes: Uint8Array): Generator<Buffer> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const PIECE = 64 * 1024;
  for (let start = 0; start < bytes.length; start += PIECE) {
    const piece = bytes.subarray(start, start + PIECE);
    try {
      decoder.decode(piece, { stream: start + PIECE < bytes.length });
    } catch {
      throw badRequest(NOT_UTF8);
    }
    yield Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
  }
}

async function readCsv(type: ImportType, bytes: Uint8Array): Promise<ImportSource> {
  let columns: Set<string> | null = null;
  let headerError: unknown = null;
  // pipeline(), unlike pipe(), hands the parser the error of a piece that is not UTF-8.
  const parser = pipeline(
    Readable.from(pieces(bytes), { objectMode: false }),
    parse({
      bom: true,
      encoding: "utf8",
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_SIZE,
      columns: (header: string[]) => {
        try {
          columns = checkColumns(type, header);
        } catch (error) {
          headerError = error;
          throw error;
        }
        return [...columns];
      },
    }),
    () => {},
  );
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<Record<string, string>>;
  let first: IteratorResult<Record<string, string>>;
  try {
    first = await iterator.next();
  } catch (error) {
    throw headerError ?? csvError(error);
  }
  if (!columns) throw badRequest(EMPTY_FILE);
  return {
    columns,
    rows: (async function* () {
      let row = 0;
      let next = first;
      while (!next.done) {
        const values = Object.fromEntries(
          Object.entries(next.value).map(([column, value]) => [column, unprotectCell(value)]),
        );
        yield { row: ++row, values };
        try {
          next = await iterator.next();
        } catch (error) {
          throw csvError(error);
        }
      }
      if (row === 0) throw badRequest(EMPTY_FILE);
    })(),
  };
}

function csvError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return badRequest(
    `The file is not valid CSV (${message.slice(0, 300)}). Check its quotes and columns, then upload it again.`,
  );
}
