import type { Metadata } from "next";
import { ProgramForm } from "@/components/admin/program-form";
import { timeZoneNames } from "@/lib/dates/zones";
import { CatalogueFormPage } from "@/components/admin/catalogue-form-page";
import { canManageCatalogue } from "@/lib/auth/policy";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { listDocumentTypeNames, listStudyFields, listStudyLevels } from "@/lib/settings/queries.server";

export const metadata: Metadata = { title: "Add New Program" };

export default async function NewProgramPage() {
  const viewer = await adminOrSignIn();
  if (!canManageCatalogue(viewer)) {
    return (
      <CatalogueFormPage
        kind="programs"
        title="Add New Program"
        refusal="Adding a program changes the catalogue."
      />
    );
  }
  const [levels, fields, documentTypes] = await Promise.all([
    listStudyLevels(),
    listStudyFields(),
    listDocumentTypeNames(),
  ]);
  return (
    <CatalogueFormPage kind="programs" title="Add New Program">
      <ProgramForm
        levels={levels}
        fields={fields}
        timeZones={timeZoneNames()}
        documentTypes={documentTypes}
      />
    </CatalogueFormPage>
  );
}
