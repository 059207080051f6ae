import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ScholarshipForm } from "@/components/admin/scholarship-form";
import { CatalogueFormPage } from "@/components/admin/catalogue-form-page";
import { canManageCatalogue } from "@/lib/auth/policy";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { listCountries } from "@/lib/countries/queries.server";
import { timeZoneNames } from "@/lib/dates/zones";
import { getScholarshipAnyState } from "@/lib/scholarships/queries.server";
import { listStudyFields, listStudyLevels } from "@/lib/settings/queries.server";
import { idSchema } from "@/lib/validation/common";

type Props = { params: Promise<{ id: string }> };

// Archived scholarships too: an admin may still correct one, and restore it from the list.
const loadScholarship = cache(getScholarshipAnyState);

/** The scholarship of the route, or null for a malformed or unknown id (read once per request). */
async function scholarshipOf(params: Props["params"]) {
  const id = idSchema.safeParse((await params).id);
  return id.success ? loadScholarship(id.data) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await adminOrSignIn();
  const scholarship = await scholarshipOf(params);
  return { title: scholarship ? `Edit Scholarship: ${scholarship.name}` : "Edit Scholarship" };
}

// The form starts with the scholarship's values, rendered on the server (no loading state).
export default async function EditScholarshipPage({ params }: Props) {
  const viewer = await adminOrSignIn();
  const scholarship = await scholarshipOf(params);
  if (!scholarship) notFound();
  const title = `Edit Scholarship: ${scholarship.name}`;
  if (!canManageCatalogue(viewer)) {
    return (
      <CatalogueFormPage
        kind="scholarships"
        title={title}
        refusal="Editing a scholarship changes the catalogue."
      />
    );
  }
  const [levels, fields, countries] = await Promise.all([
    listStudyLevels(),
    listStudyFields(),
    listCountries(),
  ]);
  return (
    <CatalogueFormPage kind="scholarships" title={title}>
      <ScholarshipForm
        levels={levels}
        fields={fields}
        countries={countries}
        timeZones={timeZoneNames()}
        scholarship={scholarship}
      />
    </CatalogueFormPage>
  );
}
