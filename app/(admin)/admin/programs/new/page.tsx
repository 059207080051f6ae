import type { Metadata } from "next";
import { ProgramForm } from "@/components/admin/program-form";
import { timeZoneNames } from "@/lib/dates/zones";
import { ProgramFormPage } from "@/components/admin/program-form-page";
import { PermissionRequired } from "@/components/admin/permission-required";
import { canManageCatalogue } from "@/lib/auth/policy";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { listDocumentTypeNames, listStudyFields, listStudyLevels } from "@/lib/settings/queries.server";

export const metadata: Metadata = { title: "Add New Program" };

export default async function NewProgramPage() {
  const viewer = await adminOrSignIn();
  if (!canManageCatalogue(viewer)) {
    return (
      <ProgramFormPage title="Add New Program" plain>
        <PermissionRequired permission="manage-catalogue">
          Adding a program changes the catalogue.
        </PermissionRequired>
      </ProgramFormPage>
    );
  }
  const [levels, fields, documentTypes] = await Promise.all([
    listStudyLevels(),
    listStudyFields(),
    listDocumentTypeNames(),
  ]);
  return (
    <ProgramFormPage title="Add New Program">
      <ProgramForm
        levels={levels}
        fields={fields}
        timeZones={timeZoneNames()}
        documentTypes={documentTypes}
      />
    </ProgramFormPage>
  );
}
