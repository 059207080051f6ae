import type { Metadata } from "next";
import { ScholarshipForm } from "@/components/admin/scholarship-form";
import { CatalogueFormPage } from "@/components/admin/catalogue-form-page";
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
      <CatalogueFormPage
        kind="scholarships"
        title="Add New Scholarship"
        refusal="Adding a scholarship changes the catalogue."
      />
    );
  }
  const [levels, fields, countries] = await Promise.all([
    listStudyLevels(),
    listStudyFields(),
    listCountries(),
  ]);
  return (
    <CatalogueFormPage kind="scholarships" title="Add New Scholarship">
      <ScholarshipForm levels={levels} fields={fields} countries={countries} timeZones={timeZoneNames()} />
    </CatalogueFormPage>
  );
}
