import type { Metadata } from "next";
import { AuthCardFrame } from "@/components/auth/auth-card-frame";
import { LinkInvalidAlert, ProfileLink } from "@/components/auth/link-invalid";
import { ActionButton } from "@/components/user/action-button";
import { cachedPlatformName } from "@/lib/cache/reads.server";
import { unsubscribeAction } from "@/lib/reminders/actions";
import { UNSUBSCRIBE_LINK_INVALID } from "@/lib/reminders/settings.server";
import { unsubscribeTokenUser } from "@/lib/reminders/tokens.server";

export const metadata: Metadata = {
  title: "Unsubscribe from deadline reminders",
  robots: { index: false },
  // The address carries the unsubscribe token: never send it as a referrer.
  referrer: "strict-origin",
};

type UnsubscribePageProps = { searchParams: Promise<{ token?: string | string[] }> };

/** The link of reminder e-mails: the button unsubscribes, opening the page does not. */
export default async function UnsubscribePage({ searchParams }: UnsubscribePageProps) {
  const { token: raw } = await searchParams;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  const valid = unsubscribeTokenUser(token) !== null;

  return (
    <AuthCardFrame title="Deadline reminder e-mails" platformName={await cachedPlatformName()}>
      {valid ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-600">
            Stop the e-mails that remind you of the deadlines of your saved programs and application drafts?
          </p>
          <ActionButton
            action={unsubscribeAction}
            fields={{ token }}
            label="Unsubscribe"
            pendingLabel="Unsubscribing..."
            variant="default"
          />
        </div>
      ) : (
        <LinkInvalidAlert message={UNSUBSCRIBE_LINK_INVALID} />
      )}
      <ProfileLink />
    </AuthCardFrame>
  );
}
