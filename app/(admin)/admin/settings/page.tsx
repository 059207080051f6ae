import type { Metadata } from "next";
import { SuperAdminRequired } from "@/components/admin/super-admin-required";
import { ActiveBadge } from "@/components/admin/active-badge";
import { ManageAccessDialog } from "@/components/admin/manage-access-dialog";
import { AddAdminDialog } from "@/components/admin/settings/add-admin-dialog";
import { GeneralSettingsForm } from "@/components/admin/settings/general-settings-form";
import { SettingsTabs } from "@/components/admin/settings/settings-tabs";
import { StudyListManager } from "@/components/admin/settings/study-list-manager";
import { DocumentTypeManager } from "@/components/admin/settings/document-type-manager";
import { listDocumentTypes } from "@/lib/settings/document-types.server";
import { CountryFlag } from "@/components/country-flag";
import { Badge } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { canChangeUserAccess, canCreateUser } from "@/lib/auth/policy";
import { superAdminOrNull, type Viewer } from "@/lib/auth/session.server";
import { listCountriesWithUniversities } from "@/lib/countries/queries.server";
import { formatCount } from "@/lib/format";
import { getGeneralSettings, listStudyItems } from "@/lib/settings/queries.server";
import { listAdmins } from "@/lib/users/admin.server";
import { lastActiveOf, permissionsOf, teamRoleOf } from "@/lib/users/display";

export const metadata: Metadata = { title: "Settings" };

const SUPER_ADMIN_REQUIRED =
  "You need super admin access to manage the team and the platform settings. Ask a super admin if you need a change here.";

// /admin/settings: Team, Universities, Programs, General. Super admins only
// (canEditSettings); a team admin gets an explanation instead (the API answers them 403).
export default async function AdminSettingsPage() {
  const viewer = await superAdminOrNull();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
        <p className="text-slate-600">
          The admin team, supported countries, study lists, the platform name and the time to decide.
        </p>
      </div>
      {viewer ? (
        <SettingsPanels viewer={viewer} />
      ) : (
        <SuperAdminRequired>{SUPER_ADMIN_REQUIRED}</SuperAdminRequired>
      )}
    </div>
  );
}

async function SettingsPanels({ viewer }: { viewer: Viewer }) {
  const [admins, countries, levels, fields, documentTypes, generalSettings] = await Promise.all([
    listAdmins(),
    listCountriesWithUniversities(),
    listStudyItems("level"),
    listStudyItems("field"),
    listDocumentTypes(),
    getGeneralSettings(),
  ]);

  const team = (
    <section aria-labelledby="team-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="team-heading" className="text-xl font-semibold text-slate-900">
            Team
          </h2>
          <p className="text-sm text-slate-600">
            Super admins manage everything; team admins manage students and applications, and what their
            permissions add: making decisions, managing the catalogue, exporting data.
          </p>
        </div>
        {canCreateUser(viewer, "admin") && <AddAdminDialog />}
      </div>
      <Table className="min-w-[44rem]">
        <TableCaption>Admins, super admins first</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Last Active</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {admins.map((admin) => (
            <TableRow key={admin.id}>
              <TableCell className="font-medium text-slate-900">
                {admin.fullName}
                {admin.id === viewer.id && <span className="ml-1 font-normal text-slate-600">(you)</span>}
              </TableCell>
              <TableCell className="text-slate-700">{admin.email}</TableCell>
              <TableCell>
                <Badge variant={admin.adminType === "super" ? "default" : "secondary"}>
                  {teamRoleOf(admin.adminType)}
                </Badge>
                {permissionsOf(admin) && (
                  <span className="mt-1 block text-xs text-slate-600">{permissionsOf(admin)}</span>
                )}
              </TableCell>
              <TableCell>
                <ActiveBadge active={admin.isActive} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-slate-700">
                {admin.lastLoginAt ? (
                  <time dateTime={admin.lastLoginAt}>{lastActiveOf(admin.lastLoginAt)}</time>
                ) : (
                  "Never"
                )}
              </TableCell>
              <TableCell className="text-right">
                {canChangeUserAccess(viewer, admin) && (
                  <ManageAccessDialog user={admin} isSelf={admin.id === viewer.id} />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );

  const universities = (
    <section aria-labelledby="countries-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="countries-heading" className="text-xl font-semibold text-slate-900">
          Supported countries
        </h2>
        <p className="text-sm text-slate-600">
          {formatCount(countries.length)} countries have at least one university; they are the choices of the
          country filters. Adding a university in another country adds that country.
        </p>
      </div>
      <Table>
        <TableCaption>Supported countries and their number of universities</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Country</TableHead>
            <TableHead className="text-right">Universities</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {countries.map((country) => (
            <TableRow key={country.code}>
              <TableCell>
                <span className="flex items-center gap-2">
                  <CountryFlag code={country.code} />
                  {country.name}
                </span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(country.universities)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );

  const programs = (
    <section aria-labelledby="study-lists-heading" className="flex flex-col gap-4">
      <h2 id="study-lists-heading" className="text-xl font-semibold text-slate-900">
        Study lists
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <StudyListManager kind="level" items={levels} />
        <StudyListManager kind="field" items={fields} />
        <DocumentTypeManager items={documentTypes} />
      </div>
    </section>
  );

  const general = (
    <section aria-labelledby="general-heading" className="flex flex-col gap-4">
      <h2 id="general-heading" className="text-xl font-semibold text-slate-900">
        General
      </h2>
      <GeneralSettingsForm settings={generalSettings} />
    </section>
  );

  return <SettingsTabs panels={{ team, universities, programs, general }} />;
}
