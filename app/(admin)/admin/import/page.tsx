import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { ImportForm } from "@/components/admin/import-form";
import { PermissionRequired } from "@/components/admin/permission-required";
import { canManageCatalogue } from "@/lib/auth/policy";
import { ListTable } from "@/components/admin/list-table";
import { TableCell, TableRow } from "@/components/ui/table";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { COLUMNS, IMPORT_TYPES } from "@/lib/import/columns";

export const metadata: Metadata = { title: "Import" };

// Bulk import of universities, programs and scholarships (a dry run, then apply), with the columns
// documented here and in the downloadable templates. Importing needs the permission to manage the
// catalogue: a team admin without it reads why instead of the form.
export default async function AdminImportPage() {
  const viewer = await adminOrSignIn();
  if (!canManageCatalogue(viewer)) {
    return (
      <div className="flex flex-col gap-6">
        <AdminPageHeader
          title="Import"
          description="Add or update many universities, programs or scholarships at once."
        />
        <PermissionRequired permission="manage-catalogue">
          An import changes the catalogue.
        </PermissionRequired>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Import"
        description="Add or update many universities, programs or scholarships at once from a CSV or JSON file. Check the file first: nothing changes until you apply it."
      />
      <ImportForm />
      <section aria-labelledby="import-columns" className="flex flex-col gap-4">
        <h2 id="import-columns" className="text-lg font-semibold text-slate-900">
          Columns
        </h2>
        <p className="text-slate-700">
          The first row names the columns (a JSON file is an array of objects with these keys). Rows are
          matched by the university&apos;s slug (or its website), by a program&apos;s university, name and
          degree, and by a scholarship&apos;s provider and name, so importing the same file twice changes
          nothing. A column left out of the file is left as it is. The CSV exports of the Universities,
          Programs and Scholarships lists have the same columns.
        </p>
        {IMPORT_TYPES.map((type) => (
          <ListTable
            key={type}
            caption={`Columns of a ${type} file`}
            columns={[{ label: "Column" }, { label: "Required" }, { label: "What it holds" }]}
          >
            {COLUMNS[type].map((column) => (
              <TableRow key={column.name}>
                <TableCell className="font-mono text-sm">{column.name}</TableCell>
                <TableCell>{column.required ? "Yes" : "No"}</TableCell>
                <TableCell className="whitespace-normal">{column.description}</TableCell>
              </TableRow>
            ))}
          </ListTable>
        ))}
      </section>
    </div>
  );
}
