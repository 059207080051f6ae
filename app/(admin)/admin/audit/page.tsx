import { ArrowUpRightIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { SuperAdminRequired } from "@/components/admin/super-admin-required";
import { AdminListPage } from "@/components/admin/admin-list-page";
import { AuditChanges } from "@/components/admin/audit-changes";
import { Button } from "@/components/ui/button";
import { TableCell, TableRow } from "@/components/ui/table";
import { ACTION_LABELS, AUDIT_ENTITY_TYPES, ENTITY_LABELS } from "@/lib/audit/entries";
import { listAuditEvents, type AuditEventDto } from "@/lib/audit/queries.server";
import { superAdminOrNull } from "@/lib/auth/session.server";
import { formatDateTime } from "@/lib/format";
import { ALL_ENTITIES, auditListQuery } from "@/lib/validation/audit";

export const metadata: Metadata = { title: "Audit Log" };

type Props = { searchParams: Promise<SearchParams> };

const SUPER_ADMIN_REQUIRED =
  "You need super admin access to read the audit log. Ask a super admin if you need to know who changed something.";

const ENTITY_SELECT = {
  name: "entityType",
  label: "Type",
  options: [
    { value: ALL_ENTITIES, label: "All Types" },
    ...AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: ENTITY_LABELS[type] })),
  ],
};

// /admin/audit: every admin write, newest first (lib/audit), super admins only; a
// team admin gets an explanation (GET /api/audit answers them 403).
export default async function AdminAuditPage({ searchParams }: Props) {
  const viewer = await superAdminOrNull();
  if (!viewer) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Audit Log</h1>
        <SuperAdminRequired>{SUPER_ADMIN_REQUIRED}</SuperAdminRequired>
      </div>
    );
  }
  const list = await auditListQuery.loadRows(searchParams, "/admin/audit", ({ q, entityType }, window) =>
    listAuditEvents({
      search: q,
      entityType: entityType === ALL_ENTITIES ? undefined : entityType,
      ...window,
    }),
  );

  return (
    <AdminListPage
      noun={["audit entry", "audit entries"]}
      description="Who changed what, and when: every change made in the admin area."
      search={{ placeholder: "Admin, item or action", selects: [ENTITY_SELECT] }}
      columns={["When", "Admin", "Action", "Item", "Changes"]}
      order="newest first"
      list={list}
    >
      {list.rows?.items.map((event) => (
        <TableRow key={event.id}>
          <TableCell className="whitespace-nowrap">
            <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
          </TableCell>
          <TableCell>
            {event.actorName}
            {event.actorId === null && (
              <span className="block text-xs text-slate-600">(account deleted)</span>
            )}
          </TableCell>
          <TableCell className="whitespace-nowrap">{ACTION_LABELS[event.action] ?? event.action}</TableCell>
          <TableCell>
            <span className="font-medium text-slate-900">{event.summary}</span>
            <span className="block text-xs text-slate-600">
              {ENTITY_LABELS[event.entityType] ?? event.entityType} {event.entityId}
            </span>
          </TableCell>
          <TableCell className="min-w-72">
            <AuditChanges before={event.before} after={event.after} />
          </TableCell>
          <TableCell pinned>
            <div className="flex justify-end">
              <EntityLink event={event} />
            </div>
          </TableCell>
        </TableRow>
      ))}
    </AdminListPage>
  );
}

/** Where the changed row lives now (nothing for a deleted one). */
function entityHref(event: AuditEventDto): string | null {
  if (event.action.endsWith(".delete")) return null;
  switch (event.entityType) {
    case "university":
      return `/admin/universities/${event.entityId}/edit`;
    case "program":
      return `/admin/programs/${event.entityId}/edit`;
    case "application":
      return `/admin/applications/${event.entityId}`;
    case "user":
      return null;
    case "import":
      return "/admin/import";
    default:
      return "/admin/settings";
  }
}

function EntityLink({ event }: { event: AuditEventDto }) {
  const href = entityHref(event);
  if (!href) return null;
  return (
    <Button asChild variant="ghost" size="icon">
      <Link href={href}>
        <ArrowUpRightIcon aria-hidden="true" />
        <span className="sr-only">Open {event.summary}</span>
      </Link>
    </Button>
  );
}
