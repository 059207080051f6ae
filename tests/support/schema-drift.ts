import { OPEN_APPLICATION_INDEX } from "@/lib/applications/workflow";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getDMMF } from "@prisma/internals";
import { TEXT_SEARCH_INDEXES, type ExpressionIndex } from "@/lib/db/text-match";
import { SEARCH_FIELD_INDEXES, type PartialIndex } from "@/lib/universities/field-match";
import { PROGRAM_KEY_INDEX } from "@/lib/programs/key";
import { QUEUE_INDEXES } from "@/lib/applications/queue-indexes";
import { SCHOLARSHIP_KEY_INDEX } from "@/lib/scholarships/key";

// Compares prisma/schema.prisma with a migrated database: tables, columns (type, nullability,
// default), enums, primary keys, unique constraints, indexes (columns, method, operator class),
// foreign keys (columns, target, ON DELETE, ON UPDATE), and the partial and expression indexes
// that schema.prisma cannot describe (PARTIAL_INDEXES with their predicates, EXPRESSION_INDEXES
// with their expressions). Prisma's schema engine would do this with
// `prisma migrate diff`; it cannot be downloaded here, so the migrations are hand-written and
// this check keeps them honest. Returns one line per difference; empty means in sync.

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

type Dmmf = Awaited<ReturnType<typeof getDMMF>>;
type DmmfModel = Dmmf["datamodel"]["models"][number];
type DmmfField = DmmfModel["fields"][number];

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: "YES" | "NO";
  column_default: string | null;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  datetime_precision: number | null;
}

interface Index {
  table_name: string;
  index_name: string;
  is_unique: boolean;
  is_primary: boolean;
  method: string;
  columns: string[];
  opclasses: string[];
  /** pg_get_expr of a partial index's WHERE; null for a whole-table index. */
  predicate: string | null;
  /** pg_get_expr of an expression index's expressions; null when it indexes columns only. */
  expressions: string | null;
}

interface ForeignKey {
  table_name: string;
  columns: string[];
  ref_table: string;
  ref_columns: string[];
  on_delete: string;
  on_update: string;
}

const SCHEMA_PATH = join(process.cwd(), "prisma", "schema.prisma");

/** Indexes the migrations build outside schema.prisma (Prisma has no partial indexes). */
export const PARTIAL_INDEXES: readonly PartialIndex[] = [
  ...SEARCH_FIELD_INDEXES,
  PROGRAM_KEY_INDEX,
  SCHOLARSHIP_KEY_INDEX,
  OPEN_APPLICATION_INDEX,
  ...QUEUE_INDEXES,
];

/** Indexes on expressions, built by the migrations outside schema.prisma (Prisma cannot describe them). */
export const EXPRESSION_INDEXES: readonly ExpressionIndex[] = [
  ...TEXT_SEARCH_INDEXES,
  // Study levels and fields are unique whatever their letter case (lib/settings/commands.server.ts).
  ...(["study_levels", "study_fields"] as const).map((table) => ({
    name: `${table}_name_lower_key`,
    table,
    method: "btree",
    expression: "lower(name)",
    opclass: "text_ops",
    unique: true,
  })),
];

/** A predicate as written and as pg_get_expr prints it, made comparable: no quotes, parentheses or casts. */
function comparablePredicate(predicate: string): string {
  return predicate
    .replace(/~~\*/g, "ILIKE")
    .replace(/::text/g, "")
    .replace(/["()]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

export async function loadSchema(path = SCHEMA_PATH): Promise<Dmmf> {
  return getDMMF({ datamodel: readFileSync(path, "utf8") });
}

export async function findSchemaDrift(db: Queryable, dmmf?: Dmmf): Promise<string[]> {
  const schema = dmmf ?? (await loadSchema());
  const { models, enums, indexes } = schema.datamodel;
  const differences: string[] = [];

  const columns = (
    await db.query<Column>(
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default,
              character_maximum_length, numeric_precision, numeric_scale, datetime_precision
         FROM information_schema.columns WHERE table_schema = current_schema()`,
    )
  ).rows;
  const dbEnums = (
    await db.query<{ name: string; labels: string[] }>(
      `SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS labels
         FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
        WHERE t.typnamespace = current_schema()::regnamespace GROUP BY t.typname`,
    )
  ).rows;
  const dbIndexes = (
    await db.query<Index>(
      `SELECT t.relname AS table_name, i.relname AS index_name, ix.indisunique AS is_unique,
              ix.indisprimary AS is_primary, am.amname AS method,
              array(SELECT a.attname::text FROM unnest(ix.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
              array(SELECT o.opcname::text FROM unnest(ix.indclass::oid[]) WITH ORDINALITY c(oid, ord)
                      JOIN pg_opclass o ON o.oid = c.oid ORDER BY c.ord) AS opclasses,
              pg_get_expr(ix.indpred, ix.indrelid) AS predicate,
              pg_get_expr(ix.indexprs, ix.indrelid) AS expressions
         FROM pg_index ix
         JOIN pg_class i ON i.oid = ix.indexrelid
         JOIN pg_class t ON t.oid = ix.indrelid
         JOIN pg_am am ON am.oid = i.relam
        WHERE t.relnamespace = current_schema()::regnamespace`,
    )
  ).rows;
  const dbForeignKeys = (
    await db.query<ForeignKey>(
      `SELECT c.conrelid::regclass::text AS table_name, c.confrelid::regclass::text AS ref_table,
              array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
              array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(attnum, ord)
                      JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS ref_columns,
              c.confdeltype::text AS on_delete, c.confupdtype::text AS on_update
         FROM pg_constraint c
        WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
    )
  ).rows;

  // Enums.
  const enumDbName = new Map(enums.map((e) => [e.name, e.dbName ?? e.name]));
  const enumNames = new Set(dbEnums.map((e) => e.name));
  for (const e of enums) {
    const expected = e.values.map((v) => v.dbName ?? v.name);
    const actual = dbEnums.find((d) => d.name === (e.dbName ?? e.name));
    if (!actual) differences.push(`enum ${e.name}: missing in the database`);
    else if (actual.labels.join(",") !== expected.join(","))
      differences.push(
        `enum ${e.name}: database has (${actual.labels.join(", ")}), schema has (${expected.join(", ")})`,
      );
  }

  // Tables and columns.
  const tableOf = new Map(models.map((m) => [m.name, m.dbName ?? m.name]));
  const columnName = (model: DmmfModel, fieldName: string) => {
    const field = model.fields.find((f) => f.name === fieldName);
    return field?.dbName ?? fieldName;
  };
  const knownTables = new Set([...tableOf.values(), "_prisma_migrations"]);
  for (const table of new Set(columns.map((c) => c.table_name))) {
    if (!knownTables.has(table)) differences.push(`table ${table}: in the database but not in schema.prisma`);
  }

  for (const model of models) {
    const table = tableOf.get(model.name)!;
    const tableColumns = columns.filter((c) => c.table_name === table);
    if (tableColumns.length === 0) {
      differences.push(`table ${table}: missing in the database`);
      continue;
    }
    const scalarFields = model.fields.filter((f) => f.kind !== "object");
    for (const field of scalarFields) {
      const name = field.dbName ?? field.name;
      const column = tableColumns.find((c) => c.column_name === name);
      if (!column) {
        differences.push(`${table}.${name}: column missing in the database`);
        continue;
      }
      const expectedType = expectedColumnType(field, enumDbName);
      const actualType = describeColumnType(column, enumNames);
      if (expectedType !== actualType)
        differences.push(`${table}.${name}: type is ${actualType}, schema says ${expectedType}`);
      // Prisma creates list columns without NOT NULL.
      if (!field.isList) {
        const nullable = column.is_nullable === "YES";
        if (nullable !== !field.isRequired)
          differences.push(
            `${table}.${name}: ${nullable ? "nullable" : "NOT NULL"} in the database, schema says ${field.isRequired ? "required" : "optional"}`,
          );
      }
      const defaultProblem = compareDefault(field, column.column_default);
      if (defaultProblem) differences.push(`${table}.${name}: ${defaultProblem}`);
    }
    for (const column of tableColumns) {
      if (!scalarFields.some((f) => (f.dbName ?? f.name) === column.column_name))
        differences.push(`${table}.${column.column_name}: column in the database but not in schema.prisma`);
    }
  }

  // Indexes: the primary key, unique constraints and plain indexes, matched by their columns.
  const expectedIndexes = indexes.map((index) => {
    const model = models.find((m) => m.name === index.model)!;
    return {
      label: `${index.type} index on ${tableOf.get(model.name)}(${index.fields.map((f) => f.name).join(", ")})`,
      table: tableOf.get(model.name)!,
      columns: index.fields.map((f) => columnName(model, f.name)),
      opclasses: index.fields.map((f) => f.operatorClass ?? null),
      unique: index.type === "unique" || index.type === "id",
      primary: index.type === "id",
      method: (index.algorithm ?? "BTree").toLowerCase(),
    };
  });
  const matched = new Set<Index>();
  for (const expected of expectedIndexes) {
    const found = dbIndexes.find(
      (actual) =>
        !matched.has(actual) &&
        actual.predicate === null &&
        actual.expressions === null &&
        actual.table_name === expected.table &&
        actual.columns.join(",") === expected.columns.join(",") &&
        actual.is_unique === expected.unique &&
        actual.is_primary === expected.primary &&
        actual.method === expected.method &&
        expected.opclasses.every((op, i) => op === null || actual.opclasses[i] === op),
    );
    if (found) matched.add(found);
    else
      differences.push(
        `${expected.label}: missing in the database (or differs in method, uniqueness or operator class)`,
      );
  }
  /** The index schema.prisma cannot describe, by its name; noted as missing when absent. */
  const declared = (name: string, label: string) => {
    const actual = dbIndexes.find((index) => index.index_name === name);
    if (actual) matched.add(actual);
    else differences.push(`${label}: missing in the database`);
    return actual;
  };
  for (const expected of PARTIAL_INDEXES) {
    const label = `partial index ${expected.name} on ${expected.table}(${expected.columns.join(", ")})`;
    const actual = declared(expected.name, label);
    if (!actual) continue;
    if (
      actual.table_name !== expected.table ||
      actual.columns.join(",") !== expected.columns.join(",") ||
      actual.method !== "btree" ||
      actual.is_unique !== (expected.unique ?? false)
    )
      differences.push(
        `${label}: the database has ${actual.is_unique ? "unique " : ""}${actual.table_name}(${actual.columns.join(", ")}) ${actual.method}`,
      );
    if (comparablePredicate(actual.predicate ?? "") !== comparablePredicate(expected.predicate))
      differences.push(
        `${label}: WHERE ${actual.predicate ?? "(none)"}, expected WHERE ${expected.predicate}`,
      );
  }
  for (const expected of EXPRESSION_INDEXES) {
    const label = `expression index ${expected.name} on ${expected.table}`;
    const actual = declared(expected.name, label);
    if (!actual) continue;
    const described = (table: string, method: string, expression: string | null, opclass: string) =>
      `${table} USING ${method} (${expression ?? "no expression"} ${opclass})`;
    const want = described(expected.table, expected.method, expected.expression, expected.opclass);
    const have = described(actual.table_name, actual.method, actual.expressions, actual.opclasses.join(", "));
    if (
      have !== want ||
      actual.columns.length > 0 ||
      actual.predicate !== null ||
      actual.is_unique !== (expected.unique ?? false)
    )
      differences.push(
        `${label}: the database has ${actual.is_unique ? "unique " : ""}${have}, expected ${expected.unique ? "unique " : ""}${want}`,
      );
  }
  for (const actual of dbIndexes) {
    if (
      !matched.has(actual) &&
      knownTables.has(actual.table_name) &&
      actual.table_name !== "_prisma_migrations"
    )
      differences.push(
        `index ${actual.index_name} on ${actual.table_name}(${actual.columns.join(", ")}): in the database but not in schema.prisma`,
      );
  }

  // Foreign keys.
  const ACTION: Record<string, string> = {
    Cascade: "c",
    Restrict: "r",
    NoAction: "a",
    SetNull: "n",
    SetDefault: "d",
  };
  for (const model of models) {
    for (const field of model.fields) {
      if (field.kind !== "object" || !field.relationFromFields?.length) continue;
      const table = tableOf.get(model.name)!;
      const target = models.find((m) => m.name === field.type)!;
      const cols = field.relationFromFields.map((f) => columnName(model, f));
      const refCols = (field.relationToFields ?? []).map((f) => columnName(target, f));
      const optional = model.fields
        .filter((f) => field.relationFromFields!.includes(f.name))
        .some((f) => !f.isRequired);
      const onDelete = field.relationOnDelete ?? (optional ? "SetNull" : "Restrict");
      // Prisma's default, and what every migration here writes.
      const onUpdate = field.relationOnUpdate ?? "Cascade";
      const fk = dbForeignKeys.find(
        (f) => unquote(f.table_name) === table && f.columns.join(",") === cols.join(","),
      );
      const label = `foreign key ${table}(${cols.join(", ")}) -> ${tableOf.get(target.name)}(${refCols.join(", ")})`;
      if (!fk) differences.push(`${label}: missing in the database`);
      else if (
        unquote(fk.ref_table) !== tableOf.get(target.name) ||
        fk.ref_columns.join(",") !== refCols.join(",")
      )
        differences.push(`${label}: points to ${fk.ref_table}(${fk.ref_columns.join(", ")}) in the database`);
      else if (fk.on_delete !== ACTION[onDelete])
        differences.push(`${label}: ON DELETE differs (database '${fk.on_delete}', schema ${onDelete})`);
      else if (fk.on_update !== ACTION[onUpdate])
        differences.push(`${label}: ON UPDATE differs (database '${fk.on_update}', schema ${onUpdate})`);
    }
  }

  return differences;
}

function unquote(name: string) {
  return name.replace(/^"|"$/g, "");
}

function expectedColumnType(field: DmmfField, enumDbName: Map<string, string>): string {
  const [nativeName, nativeArgs] = (field.nativeType as [string, string[]] | null | undefined) ?? [null, []];
  let base: string;
  if (field.kind === "enum") base = `enum ${enumDbName.get(field.type)}`;
  else if (nativeName === "Char") base = `character(${nativeArgs[0]})`;
  else if (nativeName === "VarChar")
    base = nativeArgs.length ? `character varying(${nativeArgs[0]})` : "character varying";
  else if (nativeName === "Timestamptz") base = `timestamp with time zone(${nativeArgs[0] ?? 3})`;
  else if (nativeName === "Date") base = "date";
  else if (nativeName === "Citext") base = "citext";
  else
    switch (field.type) {
      case "Int":
        base = "integer";
        break;
      case "BigInt":
        base = "bigint";
        break;
      case "Float":
        base = "double precision";
        break;
      case "Boolean":
        base = "boolean";
        break;
      case "String":
        base = "text";
        break;
      case "DateTime":
        base = `timestamp without time zone(${nativeArgs[0] ?? 3})`;
        break;
      case "Decimal":
        base = `numeric(${nativeArgs[0] ?? 65},${nativeArgs[1] ?? 30})`;
        break;
      case "Json":
        base = "jsonb";
        break;
      case "Bytes":
        base = "bytea";
        break;
      default:
        base = field.type;
    }
  return field.isList ? `${base}[]` : base;
}

const UDT_NAMES: Record<string, string> = {
  int4: "integer",
  int8: "bigint",
  float8: "double precision",
  bool: "boolean",
  text: "text",
  jsonb: "jsonb",
  bytea: "bytea",
  bpchar: "character",
  varchar: "character varying",
  timestamp: "timestamp without time zone",
  timestamptz: "timestamp with time zone",
  numeric: "numeric",
  date: "date",
};

/** A column's type as expectedColumnType writes it; `enumNames` tells a list of an enum (`"Permission"[]`). */
function describeColumnType(column: Column, enumNames: ReadonlySet<string>): string {
  const list = column.data_type === "ARRAY";
  const udt = list ? column.udt_name.slice(1) : column.udt_name;
  let base: string;
  if (column.data_type === "USER-DEFINED")
    base = column.udt_name === "citext" ? "citext" : `enum ${column.udt_name}`;
  else if (list && enumNames.has(udt)) base = `enum ${udt}`;
  else if (!list && column.data_type === "character") base = `character(${column.character_maximum_length})`;
  else if (!list && column.data_type === "character varying")
    base = column.character_maximum_length
      ? `character varying(${column.character_maximum_length})`
      : "character varying";
  else if (!list && column.data_type.startsWith("timestamp"))
    base = `${column.data_type}(${column.datetime_precision})`;
  else if (!list && column.data_type === "numeric")
    base = `numeric(${column.numeric_precision},${column.numeric_scale})`;
  else base = UDT_NAMES[udt] ?? udt;
  return list ? `${base}[]` : base;
}

function compareDefault(field: DmmfField, actual: string | null): string | null {
  if (field.isUpdatedAt || !field.hasDefaultValue) {
    return actual === null ? null : `database has DEFAULT ${actual}, schema has none`;
  }
  if (actual === null) return `DEFAULT missing in the database (schema: ${JSON.stringify(field.default)})`;
  const value = field.default as unknown;
  const ok = (() => {
    if (value && typeof value === "object" && "name" in value) {
      const fn = (value as { name: string }).name;
      if (fn === "autoincrement") return actual.startsWith("nextval(");
      if (fn === "now") return actual === "CURRENT_TIMESTAMP";
      if (fn === "uuid" || fn === "cuid") return false; // generated by the client, no DB default
      return false;
    }
    if (Array.isArray(value))
      return value.length === 0 ? /^ARRAY\[\]::/.test(actual) || actual === "'{}'::text[]" : false;
    if (typeof value === "boolean" || typeof value === "number") return actual === String(value);
    if (typeof value === "string") return actual.startsWith(`'${value.replace(/'/g, "''")}'::`);
    return false;
  })();
  return ok ? null : `DEFAULT is ${actual} in the database, schema says ${JSON.stringify(value)}`;
}
