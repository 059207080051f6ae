import { AlertCircleIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { AuthCardFrame } from "@/components/auth/auth-card-frame";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { cachedPlatformName } from "@/lib/cache/reads.server";

export const metadata: Metadata = {
  title: "Choose a new password",
  robots: { index: false },
  // The address carries the reset token: never send it as a referrer (the origin only). Not
  // "no-referrer": the form's POST would then say `Origin: null`, which Next's server actions refuse.
  referrer: "strict-origin",
};

type ResetPasswordPageProps = { searchParams: Promise<{ token?: string | string[] }> };

const linkClass = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900";

export default async function ResetPasswordPage({ searchParams }: ResetPasswordPageProps) {
  const { token: raw } = await searchParams;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim();

  return (
    <AuthCardFrame title="Choose a new password" platformName={await cachedPlatformName()}>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>This reset link is incomplete</AlertTitle>
          <AlertDescription>
            <p>Open the link from your email again, or request a new one.</p>
            <p>
              <Link href="/auth/forgot-password" className={linkClass}>
                Request a new link
              </Link>
            </p>
          </AlertDescription>
        </Alert>
      )}
      <p className="text-center text-sm text-slate-600">
        <Link href="/auth" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </AuthCardFrame>
  );
}
