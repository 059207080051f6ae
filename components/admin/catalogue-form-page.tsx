import { ArrowLeftIcon } from "lucide-react";
import Link from "next/link";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { CATALOGUE_KINDS, type CatalogueKind } from "@/components/admin/catalogue-kinds";
import { PermissionRequired } from "@/components/admin/permission-required";
import { Card, CardContent } from "@/components/ui/card";

/**
 * The frame of a catalogue form's pages (adding and editing a program or a scholarship): the back
 * link, the title with what the page is for, and the form in a card; or, for a team admin who may
 * not manage the catalogue, in its place the notice saying so, with `refusal` (what the page would
 * change) in front of whom to ask.
 */
export function CatalogueFormPage({
  kind,
  title,
  refusal,
  children,
}: { kind: CatalogueKind; title: string } & (
  { refusal: string; children?: never } | { refusal?: never; children: React.ReactNode }
)) {
  const { list, back, description } = CATALOGUE_KINDS[kind];
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Link
        href={list}
        className="inline-flex w-fit items-center gap-1 rounded-sm text-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {back}
      </Link>
      <AdminPageHeader title={title} description={description} />
      {refusal ? (
        <PermissionRequired permission="manage-catalogue">{refusal}</PermissionRequired>
      ) : (
        <Card>
          <CardContent>{children}</CardContent>
        </Card>
      )}
    </div>
  );
}
