import type { Metadata } from "next";
import { PermissionRequired } from "@/components/admin/permission-required";
import { ScholarshipForm } from "@/components/admin/scholarship-form";
import { ScholarshipFormPage } from "@/components/admin/scholarship-form-page";
import { canManageCatalogue } from "@/lib/auth/policy";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { listCountries } from "@/lib/countries/queries.server";
import { timeZoneNames } from "@/lib/dates/zones";
import { listStudyFields, listStudyLevels } from "@/lib/settings/queries.server";

export const metadata: Metadata = { title: "Add New Scholarship" };

export default async function NewScholarshipPage() {
  const viewer = await adminOrSignIn();
  if (!canManageCatalogue(viewer)) {
    return (
      <ScholarshipFormPage title="Add New Scholarship" plain>
        <PermissionRequired permission="manage-catalogue">
          Adding a scholarship changes the catalogue.
        </PermissionRequired>
      </ScholarshipFormPage>
    );
  }
  const [levels, fields, countries] = await Promise.all([
    listStudyLevels(),
    listStudyFields(),
    listCountries(),
  ]);
  return (
    <ScholarshipFormPage title="Add New Scholarship">
      <ScholarshipForm levels={levels} fields={fields} countries={countries} timeZones={timeZoneNames()} />
    </ScholarshipFormPage>
  );
}
