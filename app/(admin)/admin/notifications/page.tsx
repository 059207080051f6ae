import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { NoticePreferencesForm, type UniversitySearch } from "@/components/admin/notice-preferences-form";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { readKey, searchKey } from "@/lib/list-keys";
import { findUniversitiesToHandle, getNoticePreferences } from "@/lib/notifications/preferences.server";

export const metadata: Metadata = { title: "E-mail notifications" };

type Props = { searchParams: Promise<SearchParams> };

// /admin/notifications: the signed-in staff member's own e-mail notices (GET and PUT
// /api/user/notifications say the same): how they are told of each kind of event, and the
// universities they handle, found with ?q= (the university search's rule for the text).
export default async function NotificationsPage({ searchParams }: Props) {
  const viewer = await adminOrSignIn();
  const raw = (await searchParams).q;
  const text = Array.isArray(raw) ? raw.at(-1) : raw;
  const reading = readKey("q", searchKey, text);
  const preferences = await getNoticePreferences(viewer.id);
  const q = reading.ok ? reading.value : undefined;
  const found = q ? await findUniversitiesToHandle(q, preferences.universities) : null;
  const search: UniversitySearch = {
    q: text ?? "",
    results: found?.items ?? null,
    total: found?.total ?? 0,
    error: reading.ok ? null : reading.message,
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">E-mail notifications</h1>
        <p className="text-slate-600">
          What you are e-mailed about the applications you handle, and which universities those are.
          {preferences.saved ? "" : " You have not chosen yet: these are the choices everyone starts with."}
        </p>
      </div>
      <NoticePreferencesForm preferences={preferences} search={search} />
    </div>
  );
}
