import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ProgramForm } from "@/components/admin/program-form";
import { timeZoneNames } from "@/lib/dates/zones";
import { CatalogueFormPage } from "@/components/admin/catalogue-form-page";
import { canManageCatalogue } from "@/lib/auth/policy";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { getProgramAnyState, programHasApplications } from "@/lib/programs/queries.server";
import { listDocumentTypeNames, listStudyFields, listStudyLevels } from "@/lib/settings/queries.server";
import { idSchema } from "@/lib/validation/common";

type Props = { params: Promise<{ id: string }> };

// Archived programs too: an admin may still correct one, and restore it from the list.
const loadProgram = cache(getProgramAnyState);

/** The program of the route, or null for a malformed or unknown id (read once per request). */
async function programOf(params: Props["params"]) {
  const id = idSchema.safeParse((await params).id);
  return id.success ? loadProgram(id.data) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await adminOrSignIn();
  const program = await programOf(params);
  return { title: program ? `Edit Program: ${program.name}` : "Edit Program" };
}

// The form starts with the program's values, rendered on the server (no loading state).
export default async function EditProgramPage({ params }: Props) {
  const viewer = await adminOrSignIn();
  if (!canManageCatalogue(viewer)) {
    const program = await programOf(params);
    if (!program) notFound();
    return (
      <CatalogueFormPage
        kind="programs"
        title={`Edit Program: ${program.name}`}
        refusal="Editing a program changes the catalogue."
      />
    );
  }
  const [program, levels, fields, documentTypes] = await Promise.all([
    programOf(params),
    listStudyLevels(),
    listStudyFields(),
    listDocumentTypeNames(),
  ]);
  if (!program) notFound();
  const hasApplications = await programHasApplications(program.id);
  return (
    <CatalogueFormPage kind="programs" title={`Edit Program: ${program.name}`}>
      <ProgramForm
        levels={levels}
        fields={fields}
        timeZones={timeZoneNames()}
        documentTypes={documentTypes}
        program={program}
        hasApplications={hasApplications}
      />
    </CatalogueFormPage>
  );
}
