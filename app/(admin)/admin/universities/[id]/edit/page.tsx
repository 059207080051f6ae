import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BackToUniversities } from "@/components/admin/back-to-universities";
import { PermissionRequired } from "@/components/admin/permission-required";
import { canManageCatalogue } from "@/lib/auth/policy";
import { UniversityForm } from "@/components/admin/university-form";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { listCountries } from "@/lib/countries/queries.server";
import { getUniversityById } from "@/lib/universities/queries.server";
import { idSchema } from "@/lib/validation/common";

type Props = { params: Promise<{ id: string }> };

async function load(params: Props["params"]) {
  const id = idSchema.safeParse((await params).id);
  if (!id.success) notFound();
  // Archived ones too: an admin may still correct one before restoring it.
  const university = await getUniversityById(id.data, { includeArchived: true });
  if (!university) notFound();
  return university;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await adminOrSignIn();
  const university = await load(params);
  return { title: `Edit University: ${university.name}` };
}

// While this renders, loading.tsx shows the form's spinner (edit mode).
export default async function EditUniversityPage({ params }: Props) {
  const viewer = await adminOrSignIn();
  const manages = canManageCatalogue(viewer);
  const [university, countries] = await Promise.all([load(params), manages ? listCountries() : []]);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <BackToUniversities />
      <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
        Edit University: {university.name}
      </h1>
      {manages ? (
        <UniversityForm countries={countries} university={university} />
      ) : (
        <PermissionRequired permission="manage-catalogue">
          Editing a university changes the catalogue.
        </PermissionRequired>
      )}
    </div>
  );
}
