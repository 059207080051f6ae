import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

// Reading the database's constraint errors through Prisma's pg adapter.

/** The name of the foreign key a write violated (Prisma's P2003), or null for any other error. */
export function violatedForeignKey(error: unknown): string | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2003") return null;
  // The adapter puts PostgreSQL's constraint name under driverAdapterError; the message names it too.
  const meta = error.meta as
    | { driverAdapterError?: { cause?: { constraint?: { index?: unknown } } }; field_name?: unknown }
    | undefined;
  const index = meta?.driverAdapterError?.cause?.constraint?.index ?? meta?.field_name;
  if (typeof index === "string") return index;
  return /constraint: `([^`]+)`/.exec(error.message)?.[1] ?? "";
}
