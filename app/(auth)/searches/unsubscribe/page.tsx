import type { Metadata } from "next";
import Link from "next/link";
import { AuthCardFrame } from "@/components/auth/auth-card-frame";
import { LinkInvalidAlert } from "@/components/auth/link-invalid";
import { ActionButton } from "@/components/user/action-button";
import { cachedPlatformName } from "@/lib/cache/reads.server";
import { searchAlertTokenSearches } from "@/lib/reminders/tokens.server";
import { unsubscribeSearchAlertsAction } from "@/lib/saved-searches/actions";
import { SEARCH_ALERT_LINK_INVALID } from "@/lib/saved-searches/searches.server";

export const metadata: Metadata = {
  title: "Unsubscribe from saved search alerts",
  robots: { index: false },
  // The address carries the unsubscribe token: never send it as a referrer.
  referrer: "strict-origin",
};

type UnsubscribePageProps = { searchParams: Promise<{ token?: string | string[] }> };

/** The link of saved search alert e-mails: the button unsubscribes, opening the page does not. */
export default async function SearchAlertsUnsubscribePage({ searchParams }: UnsubscribePageProps) {
  const { token: raw } = await searchParams;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  const valid = searchAlertTokenSearches(token) !== null;

  return (
    <AuthCardFrame title="Saved search alerts" platformName={await cachedPlatformName()}>
      {valid ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-600">
            Stop the weekly e-mails about what is new in the saved searches this e-mail listed?
          </p>
          <ActionButton
            action={unsubscribeSearchAlertsAction}
            fields={{ token }}
            label="Unsubscribe"
            pendingLabel="Unsubscribing..."
            variant="default"
          />
        </div>
      ) : (
        <LinkInvalidAlert message={SEARCH_ALERT_LINK_INVALID} />
      )}
      <p className="text-center text-sm text-slate-600">
        <Link
          href="/user/searches"
          className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          Manage your saved searches
        </Link>
      </p>
    </AuthCardFrame>
  );
}
