import {
  BellIcon,
  CoinsIcon,
  DownloadIcon,
  GraduationCapIcon,
  KeyRoundIcon,
  SearchIcon,
  Trash2Icon,
  UserIcon,
} from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { GoogleSignInButton } from "@/components/auth/google-sign-in-button";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { CardHeading } from "@/components/ui/card-heading";
import { ActionButton } from "@/components/user/action-button";
import { CalendarLink } from "@/components/user/calendar-link";
import { ChangePasswordForm } from "@/components/user/change-password-form";
import { DeleteAccountForm } from "@/components/user/delete-account-form";
import { PendingEmail } from "@/components/user/pending-email";
import { ProfileForm } from "@/components/user/profile-form";
import { StudyProfileForm } from "@/components/user/study-profile-form";
import { CurrencyForm } from "@/components/user/currency-form";
import { googleEnabled } from "@/lib/auth/auth.server";
import { canDeleteOwnAccount } from "@/lib/auth/policy";
import { viewerOrSignIn } from "@/lib/auth/session.server";
import { listCountries } from "@/lib/countries/queries.server";
import { profileFormValues } from "@/lib/fit/profile";
import { getStudentProfile } from "@/lib/fit/profile.server";
import { formatDate } from "@/lib/format";
import { reminderSettings } from "@/lib/reminders/settings.server";
import { getUserDto } from "@/lib/users/accounts.server";
import { getDisplayCurrency } from "@/lib/users/display-currency.server";
import { accountFootprint } from "@/lib/users/delete-account.server";
import {
  remindersOffAction,
  remindersOnAction,
  resendVerificationAction,
  resetCalendarAction,
  unlinkGoogleAction,
} from "@/lib/users/actions";

export const metadata: Metadata = { title: "Profile" };

// What a "Link Google account" round trip comes back with (?google=, set in lib/auth/auth.server.ts).
const GOOGLE_OUTCOMES: Record<string, { ok: boolean; text: string }> = {
  linked: { ok: true, text: "Your Google account is linked. You can now sign in with Google as well." },
  linkedElsewhere: {
    ok: false,
    text: "That Google account is already linked to another account. Sign in to that account and unlink it there, or choose another Google account.",
  },
  failed: { ok: false, text: "We could not link your Google account. Please try again." },
};

type ProfilePageProps = { searchParams: Promise<{ google?: string | string[] }> };

const linkClass = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900";

export default async function ProfilePage({ searchParams }: ProfilePageProps) {
  const viewer = await viewerOrSignIn("/user/profile");
  const [user, footprint, reminders, displayCurrency, studyProfile, countries] = await Promise.all([
    getUserDto(viewer.id),
    accountFootprint(viewer.id),
    reminderSettings(viewer.id),
    getDisplayCurrency(viewer.id),
    getStudentProfile(viewer.id),
    listCountries(),
  ]);
  const { google } = await searchParams;
  const outcome =
    typeof google === "string" && Object.hasOwn(GOOGLE_OUTCOMES, google) ? GOOGLE_OUTCOMES[google] : null;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Profile</h1>
        <p className="text-slate-600">Your personal details and how you sign in.</p>
      </div>

      <Card>
        <CardHeading
          icon={UserIcon}
          title="Personal information"
          description="Universities see this name and email on your applications."
        />
        <CardContent className="grid gap-6">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">Username</dt>
              <dd className="font-medium text-slate-900">{user.username}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Member since</dt>
              <dd className="font-medium text-slate-900">
                <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
              </dd>
            </div>
          </dl>
          <div className="flex flex-col gap-2">
            <div className="flex items-center gap-3">
              <p className="text-sm text-slate-600">Email verification</p>
              {user.emailVerified ? (
                <Badge variant="outline" className="border-green-300 bg-green-100 text-green-900">
                  Verified
                </Badge>
              ) : (
                <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900">
                  Not verified
                </Badge>
              )}
            </div>
            {user.pendingEmail ? (
              <PendingEmail email={user.email} pendingEmail={user.pendingEmail} />
            ) : (
              !user.emailVerified && (
                <>
                  <p className="text-sm text-slate-600">
                    Open the link we sent to {user.email} to verify it. Until then, Google sign-in cannot open
                    this account.
                  </p>
                  <ActionButton
                    action={resendVerificationAction}
                    label="Resend link"
                    pendingLabel="Sending..."
                  />
                </>
              )
            )}
          </div>
          <ProfileForm
            defaultValues={{ fullName: user.fullName, email: user.email }}
            hasPassword={user.hasPassword}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeading
          icon={CoinsIcon}
          title="Currency"
          description="The currency you think in: amounts are approximated in it."
        />
        <CardContent>
          <CurrencyForm current={displayCurrency} />
        </CardContent>
      </Card>

      <Card>
        <CardHeading icon={KeyRoundIcon} title="Sign-in methods" />
        <CardContent className="grid gap-6">
          <section aria-labelledby="google-heading" className="flex flex-col gap-2">
            <div className="flex items-center gap-3">
              <h3 id="google-heading" className="font-semibold text-slate-900">
                Google account
              </h3>
              {user.googleLinked ? (
                <Badge variant="outline" className="border-green-300 bg-green-100 text-green-900">
                  Linked
                </Badge>
              ) : (
                <Badge variant="outline">Not linked</Badge>
              )}
            </div>
            {outcome && (
              <Alert variant={outcome.ok ? "success" : "destructive"} role={outcome.ok ? "status" : "alert"}>
                <AlertTitle>{outcome.ok ? "Google account linked" : "Google account not linked"}</AlertTitle>
                <AlertDescription>
                  <p>{outcome.text}</p>
                </AlertDescription>
              </Alert>
            )}
            {user.googleLinked ? (
              user.hasPassword ? (
                <>
                  <p className="text-sm text-slate-600">
                    You can sign in with Google as well. Unlink it to sign in with your password only.
                  </p>
                  <ActionButton
                    action={unlinkGoogleAction}
                    label="Unlink Google"
                    pendingLabel="Unlinking..."
                  />
                </>
              ) : (
                <p className="text-sm text-slate-600">
                  Google is how you sign in. To unlink it, first set a password with{" "}
                  <Link href="/auth/forgot-password" className={linkClass}>
                    Forgot password
                  </Link>
                  .
                </p>
              )
            ) : googleEnabled ? (
              <>
                <p className="text-sm text-slate-600">
                  Link a Google account to sign in with it as well. It may use another email address.
                </p>
                <div>
                  <GoogleSignInButton callbackUrl="/user/profile" label="Link Google account" compact />
                </div>
              </>
            ) : (
              <p className="text-sm text-slate-600">Google sign-in is not available right now.</p>
            )}
          </section>

          <section
            aria-labelledby="password-heading"
            className="flex flex-col gap-4 border-t border-slate-200 pt-6"
          >
            <h3 id="password-heading" className="font-semibold text-slate-900">
              Password
            </h3>
            {user.hasPassword ? (
              <ChangePasswordForm />
            ) : (
              <p className="text-sm text-slate-600">
                Your account signs in with Google, so it has no password to change. To add one, use{" "}
                <Link href="/auth/forgot-password" className={linkClass}>
                  Forgot password
                </Link>{" "}
                with your email address; setting it signs you out on every device.
              </p>
            )}
          </section>
        </CardContent>
      </Card>

      <Card id="study-profile" className="scroll-mt-24">
        <CardHeading
          icon={GraduationCapIcon}
          title="Study profile"
          description="Optional. Program pages check it against their entry requirements, only for you."
        />
        <CardContent className="grid gap-4">
          <p className="text-sm text-slate-600">
            Universities do not see it, and we use it for nothing else.{" "}
            <Link href="/privacy#study-profile" className={linkClass}>
              How we use it
            </Link>
          </p>
          <StudyProfileForm defaultValues={profileFormValues(studyProfile)} countries={countries} />
        </CardContent>
      </Card>

      <Card>
        <CardHeading
          icon={BellIcon}
          title="Deadline reminders"
          description="For the programs on your shortlist and your application drafts."
        />
        <CardContent className="grid gap-6">
          <section aria-labelledby="reminder-emails-heading" className="flex flex-col gap-2">
            <div className="flex items-center gap-3">
              <h3 id="reminder-emails-heading" className="font-semibold text-slate-900">
                Reminder e-mails
              </h3>
              <Badge variant="outline" data-testid="reminders-state">
                {reminders.remindersEnabled ? "On" : "Off"}
              </Badge>
            </div>
            <p className="text-sm text-slate-600">
              We e-mail {user.email} 14 and 3 days before each deadline of a program you saved or started an
              application for, until you apply.
            </p>
            {reminders.remindersEnabled ? (
              <ActionButton
                action={remindersOffAction}
                label="Turn off reminder e-mails"
                pendingLabel="Turning off..."
              />
            ) : (
              <ActionButton
                action={remindersOnAction}
                label="Turn on reminder e-mails"
                pendingLabel="Turning on..."
              />
            )}
          </section>
          <section
            aria-labelledby="calendar-heading"
            className="flex flex-col gap-3 border-t border-slate-200 pt-6"
          >
            <h3 id="calendar-heading" className="font-semibold text-slate-900">
              Calendar feed
            </h3>
            <p className="text-sm text-slate-600">
              Add this private address to Google Calendar, Outlook or Apple Calendar (as a calendar from a
              URL) to see the deadlines of the programs you saved or applied to, the dates by which to reply
              to an offer, and your interviews. Anyone with the address can see them: if it has been shared,
              reset it.
            </p>
            <CalendarLink url={reminders.calendarUrl} />
            <ActionButton action={resetCalendarAction} label="Reset address" pendingLabel="Resetting..." />
          </section>
        </CardContent>
      </Card>

      <Card>
        <CardHeading
          icon={SearchIcon}
          title="Saved searches"
          description="University and program searches you saved, with their weekly alert e-mails."
        />
        <CardContent>
          <p className="text-sm text-slate-600">
            <Link href="/user/searches" className={linkClass}>
              Manage your saved searches
            </Link>
            : open, rename or delete them, and turn their alerts on or off.
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeading
          icon={DownloadIcon}
          title="Your data"
          description="A copy of everything we keep about your account, to keep or to take elsewhere."
        />
        <CardContent className="flex flex-col gap-3">
          <p className="text-sm text-slate-600">
            One ZIP file: your account, applications with their history, drafts, shortlist, study profile,
            reminder settings and the documents you uploaded, as data.json (for other programs) and index.html
            (to read in a browser).{" "}
            <Link href="/privacy#your-data" className={linkClass}>
              How we handle it
            </Link>
          </p>
          <div>
            <a href="/api/user/export" download className={buttonVariants({ variant: "outline" })}>
              <DownloadIcon aria-hidden="true" />
              Download my data
            </a>
          </div>
        </CardContent>
      </Card>

      {canDeleteOwnAccount(viewer) && (
        <Card className="border-red-200">
          <CardHeading
            icon={Trash2Icon}
            title="Delete account"
            danger
            description="Remove your account and everything you submitted with it."
          />
          <CardContent>
            <DeleteAccountForm footprint={footprint} hasPassword={user.hasPassword} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
