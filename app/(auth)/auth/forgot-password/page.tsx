import type { Metadata } from "next";
import Link from "next/link";
import { AuthCardFrame } from "@/components/auth/auth-card-frame";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { cachedPlatformName } from "@/lib/cache/reads.server";

export const metadata: Metadata = { title: "Forgot password", robots: { index: false } };

export default async function ForgotPasswordPage() {
  return (
    <AuthCardFrame
      platformName={await cachedPlatformName()}
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
      <p className="text-center text-sm text-slate-600">
        Remembered it?{" "}
        <Link
          href="/auth"
          className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          Back to sign in
        </Link>
      </p>
    </AuthCardFrame>
  );
}
