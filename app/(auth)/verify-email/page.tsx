import { CheckCircle2Icon } from "lucide-react";
import type { Metadata } from "next";
import { AuthCardFrame } from "@/components/auth/auth-card-frame";
import { LinkInvalidAlert, ProfileLink } from "@/components/auth/link-invalid";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { HttpError } from "@/lib/http/errors";
import { cachedPlatformName } from "@/lib/cache/reads.server";
import { VERIFY_LINK_INVALID, verifyEmail } from "@/lib/users/accounts.server";

export const metadata: Metadata = {
  title: "Verify your email",
  robots: { index: false },
  // The address carries the verification token: never send it as a referrer.
  referrer: "strict-origin",
};

type VerifyEmailPageProps = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * The link of the verification e-mail: opening it (in any browser) verifies the account's address,
 * or makes a pending new address the account's own.
 */
export default async function VerifyEmailPage({ searchParams }: VerifyEmailPageProps) {
  const { token: raw } = await searchParams;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  let verified: { email: string; changed: boolean } | null = null;
  // A 409 (the new address went to another account first) says so; anything else is an invalid link.
  let refusal = VERIFY_LINK_INVALID;
  if (token) {
    try {
      verified = await verifyEmail(token);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status === 409) refusal = error.message;
    }
  }

  return (
    <AuthCardFrame title="Verify your email" platformName={await cachedPlatformName()}>
      {verified ? (
        <Alert role="status">
          <CheckCircle2Icon aria-hidden="true" />
          <AlertTitle>{verified.changed ? "Email address changed" : "Email address verified"}</AlertTitle>
          <AlertDescription>
            <p>
              {verified.changed
                ? `${verified.email} is now your account's email address, and it is verified.`
                : `${verified.email} is verified.`}{" "}
              You can now also sign in with a Google account that uses this address.
            </p>
          </AlertDescription>
        </Alert>
      ) : (
        <LinkInvalidAlert message={refusal} />
      )}
      <ProfileLink />
    </AuthCardFrame>
  );
}
