import { DownloadIcon, PlusIcon } from "lucide-react";
import Link from "next/link";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { ListFilters, type ListFilterDay, type ListFilterSelect } from "@/components/admin/list-filters";
import { ListResults } from "@/components/admin/list-results";
import { ListTable, type ListColumn } from "@/components/admin/list-table";
import { InvalidQuery } from "@/components/search/invalid-query";
import { Button } from "@/components/ui/button";
import { lastPageOf, type ListTotal } from "@/lib/paging";

const ACTIONS: ListColumn = { label: "Actions", pinned: true, className: "text-right" };

/** A column heading; `numeric` ones are right-aligned. */
export type AdminListColumn = string | { label: string; numeric: true };

type AdminListPageProps = {
  /** What the list holds, singular and plural ("user", "users"): the title is the plural. */
  noun: readonly [string, string];
  description: string;
  /** The header's main action (AddLink, a dialog). */
  action?: React.ReactNode;
  /** The search box's placeholder, the list's selects and day filters, if any (all kept in the URL). */
  search: { placeholder: string; selects?: readonly ListFilterSelect[]; days?: readonly ListFilterDay[] };
  /** Between the header and the filters: the list's tabs, if it has any. */
  tabs?: React.ReactNode;
  /** The row order, as the table's caption says it: "newest first", "by name". */
  order: "newest first" | "by name";
  /**
   * The columns before Actions (which every list has, pinned); without them the children are the
   * list's own layout (its table and its cards), shown as they are.
   */
  columns?: readonly AdminListColumn[];
  /** The page's query and its rows (`loadRows()` of lib/list-query.ts). */
  list:
    | {
        ok: true;
        page: number;
        filtered: boolean;
        hrefFor: (page: number) => string;
        rows: { items: unknown[] } & ListTotal;
      }
    | { ok: false; message: string; clearHref: string };
  /** The rows. */
  children: React.ReactNode;
};

/** The header's link to a list's new-item form: "Add Program". */
export function AddLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Button asChild>
      <Link href={href}>
        <PlusIcon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

/**
 * An admin list page: its header, the filters ("Filter users": a search box and the list's selects,
 * in the URL), then the count, the table and the page links; or, when the URL has a filter the API
 * would refuse, the API's message with a link that clears the filters.
 */
export function AdminListPage({
  noun,
  description,
  action,
  search,
  tabs,
  order,
  columns,
  list,
  children,
}: AdminListPageProps) {
  const plural = noun[1];
  const title = plural[0]!.toUpperCase() + plural.slice(1);
  const selects = search.selects ?? [];
  const what =
    selects.length === 0
      ? "name"
      : selects.length === 1
        ? `name or ${selects[0]!.label.toLowerCase()}`
        : "name or filter";
  const lastPage = lastPageOf(list.ok ? list.rows.total : 0);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <AdminPageHeader title={title} description={description} action={action} />
      {tabs}
      <ListFilters
        label={`${selects.length > 0 ? "Filter" : "Search"} ${plural}`}
        placeholder={search.placeholder}
        selects={selects}
        days={search.days}
      />
      {!list.ok ? (
        <InvalidQuery message={list.message} clearHref={list.clearHref} />
      ) : (
        <ListResults
          noun={noun}
          total={list.rows.total}
          approximate={list.rows.approximate}
          shown={list.rows.items.length}
          page={list.page}
          lastPage={lastPage}
          hrefFor={list.hrefFor}
          filtered={list.filtered}
          emptyHint={`Try another ${what}.`}
        >
          {!columns ? (
            children
          ) : (
            <ListTable
              caption={`${title}${order === "by name" ? " by name" : ", newest first"} (page ${list.page} of ${lastPage})`}
              columns={[
                ...columns.map((column) =>
                  typeof column === "string"
                    ? { label: column }
                    : { label: column.label, className: "text-right" },
                ),
                ACTIONS,
              ]}
              // Room for the columns before the table scrolls sideways: 4rem each, plus 28rem.
              style={{ minWidth: `${28 + 4 * (columns.length + 1)}rem` }}
            >
              {children}
            </ListTable>
          )}
        </ListResults>
      )}
    </div>
  );
}

/**
 * The header's link to a list's CSV export (the import's columns), with the list's current
 * filters in its query, so the file holds what the admin sees listed (live rows only).
 */
export function ExportLink({ href }: { href: string }) {
  return (
    <Button asChild variant="outline">
      <a href={href} download>
        <DownloadIcon aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  );
}
