import "server-only";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { conflict, notFound, unprocessable } from "@/lib/http/errors";
import { searchAlertTokenSearches } from "@/lib/reminders/tokens.server";
import {
  SAVED_SEARCHES_FULL,
  SAVED_SEARCHES_MAX,
  type SavedSearchCreate,
  type SavedSearchUpdate,
} from "@/lib/validation/saved-searches";
import { describeSearch, savedSearchPath, type SavedSearchKind } from "./kinds";

// A student's saved searches: saved with a name (at most SAVED_SEARCHES_MAX, each search once),
// listed, renamed, their alert turned on or off, deleted. Every call names the owner: another
// student's search is not found (404), as one that does not exist.

export const SEARCH_NOT_FOUND = "This saved search does not exist. It may have been deleted.";
export const SEARCH_SAVED = "Search saved. You will get an e-mail when something new matches it.";
export const SEARCH_SAVED_QUIETLY = "Search saved.";
export const SEARCH_DELETED = "The saved search was deleted.";
export const SEARCH_RENAMED = "The saved search was renamed.";
export const ALERT_ON = "Alert e-mails for this search are on.";
export const ALERT_OFF = "Alert e-mails for this search are off.";
export const SEARCH_ALERTS_UNSUBSCRIBED =
  "You will no longer receive alert e-mails for these saved searches. You can turn them on again on your Saved searches page.";
export const SEARCH_ALERT_LINK_INVALID =
  "This unsubscribe link does not work: the saved search may have been deleted. Turn alerts off on your Saved searches page instead.";

export interface SavedSearchDto {
  id: number;
  kind: SavedSearchKind;
  name: string;
  /** The canonical filters, a query string without "?" ("" for none). */
  query: string;
  /** The search page with the filters. */
  path: string;
  /** The filters in words. */
  description: string;
  alertsEnabled: boolean;
  createdAt: string;
  /** The end of the changes the last alert covered (the next lists what changed after it). */
  alertedUntil: string;
}

const select = {
  id: true,
  kind: true,
  name: true,
  query: true,
  alertsEnabled: true,
  createdAt: true,
  alertedUntil: true,
} as const;

type Row = Prisma.SavedSearchGetPayload<{ select: typeof select }>;

function toDto(row: Row): SavedSearchDto {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    query: row.query,
    path: savedSearchPath(row.kind, row.query),
    description: describeSearch(row.kind, row.query),
    alertsEnabled: row.alertsEnabled,
    createdAt: row.createdAt.toISOString(),
    alertedUntil: row.alertedUntil.toISOString(),
  };
}

/** The student's saved searches, newest first. */
export async function listSavedSearches(userId: number): Promise<SavedSearchDto[]> {
  const rows = await prisma.savedSearch.findMany({
    where: { userId },
    select,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toDto);
}

/**
 * Saves a search (already canonical: the schema made it so). The same search saved again is a 409
 * naming the earlier one; past SAVED_SEARCHES_MAX a 422 saying what to do. The account's row is
 * locked while counting, so two saves at once cannot both pass the limit.
 */
export async function saveSearch(userId: number, input: SavedSearchCreate): Promise<SavedSearchDto> {
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "users" WHERE "id" = ${userId} FOR UPDATE`;
    const existing = await tx.savedSearch.findUnique({
      where: { userId_kind_query: { userId, kind: input.kind, query: input.query } },
      select: { name: true },
    });
    if (existing) {
      throw conflict(`You have already saved this search as "${existing.name}".`);
    }
    if ((await tx.savedSearch.count({ where: { userId } })) >= SAVED_SEARCHES_MAX)
      throw unprocessable(SAVED_SEARCHES_FULL);
    const now = new Date();
    const row = await tx.savedSearch.create({
      data: {
        userId,
        kind: input.kind,
        query: input.query,
        name: input.name,
        alertsEnabled: input.alertsEnabled,
        alertedUntil: now,
        createdAt: now,
      },
      select,
    });
    return toDto(row);
  });
}

/**
 * Renames a saved search or turns its alert on or off. Turned on, the next alert lists what
 * changes from now on, not what changed while it was off.
 */
export async function updateSavedSearch(
  userId: number,
  id: number,
  input: SavedSearchUpdate,
): Promise<SavedSearchDto> {
  const data: Prisma.SavedSearchUpdateManyMutationInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.alertsEnabled !== undefined) data.alertsEnabled = input.alertsEnabled;
  return prisma.$transaction(async (tx) => {
    const current = await tx.savedSearch.findFirst({
      where: { id, userId },
      select: { alertsEnabled: true },
    });
    if (!current) throw notFound(SEARCH_NOT_FOUND);
    if (input.alertsEnabled && !current.alertsEnabled) data.alertedUntil = new Date();
    const row = await tx.savedSearch.update({ where: { id }, data, select });
    return toDto(row);
  });
}

export async function deleteSavedSearch(userId: number, id: number): Promise<void> {
  const { count } = await prisma.savedSearch.deleteMany({ where: { id, userId } });
  if (count === 0) throw notFound(SEARCH_NOT_FOUND);
}

/** The one-click unsubscribe of an alert e-mail (header or page): a 404 for a bad token. */
export async function unsubscribeSearchAlerts(token: string): Promise<void> {
  const ids = searchAlertTokenSearches(token);
  const { count } = ids
    ? await prisma.savedSearch.updateMany({ where: { id: { in: ids } }, data: { alertsEnabled: false } })
    : { count: 0 };
  if (count === 0) throw notFound(SEARCH_ALERT_LINK_INVALID);
}
