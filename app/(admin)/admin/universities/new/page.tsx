import type { Metadata } from "next";
import { BackToUniversities } from "@/components/admin/back-to-universities";
import { PermissionRequired } from "@/components/admin/permission-required";
import { canManageCatalogue } from "@/lib/auth/policy";
import { UniversityForm } from "@/components/admin/university-form";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { listCountries } from "@/lib/countries/queries.server";

export const metadata: Metadata = { title: "Add New University" };

export default async function NewUniversityPage() {
  const viewer = await adminOrSignIn();
  const manages = canManageCatalogue(viewer);
  const countries = manages ? await listCountries() : [];
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <BackToUniversities />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Add New University</h1>
      {manages ? (
        <UniversityForm countries={countries} />
      ) : (
        <PermissionRequired permission="manage-catalogue">
          Adding a university changes the catalogue.
        </PermissionRequired>
      )}
    </div>
  );
}
