import { ArrowLeftIcon, BookOpenIcon, GlobeIcon, GraduationCap, UsersIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthTabs } from "@/components/auth/auth-tabs";
import { GoogleSignInButton } from "@/components/auth/google-sign-in-button";
import { SignInError } from "@/components/auth/sign-in-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { authCallbackPath } from "@/lib/auth/paths";
import { getViewer, homeOf } from "@/lib/auth/session.server";
import { cachedPlatformName } from "@/lib/cache/reads.server";

export async function generateMetadata(): Promise<Metadata> {
  return {
    title: "Sign In",
    description: `Sign in to ${await cachedPlatformName()} or create an account to apply to universities.`,
    robots: { index: false },
  };
}

type AuthPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const HIGHLIGHTS = [
  { icon: BookOpenIcon, text: "Thousands of academic programs worldwide" },
  { icon: GlobeIcon, text: "Apply to top universities around the world" },
  { icon: UsersIcon, text: "Support throughout the application process" },
];

export default async function AuthPage({ searchParams }: AuthPageProps) {
  const params = await searchParams;
  const callbackUrl = authCallbackPath(first(params.callbackUrl));
  const viewer = await getViewer();
  if (viewer) redirect(callbackUrl ?? homeOf(viewer));

  const initialTab = first(params.tab) === "register" ? "register" : "login";
  const platformName = await cachedPlatformName();
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <div className="flex flex-col gap-6 bg-brand-900 px-6 py-8 text-white sm:px-10 lg:justify-between lg:py-12">
        <Link
          href="/"
          className="flex w-fit items-center gap-2 rounded-md text-lg font-bold tracking-tight focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-900 focus-visible:outline-none"
        >
          <GraduationCap className="size-7" aria-hidden="true" />
          {platformName}
        </Link>
        <div className="flex flex-col gap-4">
          <p className="text-2xl font-semibold tracking-tight sm:text-3xl lg:text-4xl">
            Your Academic Journey Starts Here
          </p>
          <p className="hidden max-w-md text-brand-100 lg:block">
            Create a free account to apply to programs, follow your applications and keep an eye on deadlines.
          </p>
        </div>
        <ul className="hidden flex-col gap-4 lg:flex">
          {HIGHLIGHTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-brand-100">
              <Icon className="size-5 shrink-0" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
      </div>

      <div className="flex flex-col px-4 py-6 sm:px-8">
        <Link
          href="/"
          className="flex w-fit items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Return Home
        </Link>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 py-8">
          <div className="flex flex-col gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Welcome to {platformName}</h1>
            <p className="text-slate-600">Sign in to your account or create a new one.</p>
          </div>
          <SignInError code={first(params.error)} />
          {first(params.account) === "deleted" && (
            <Alert variant="info" role="status">
              <AlertTitle>Your account has been deleted</AlertTitle>
              <AlertDescription>
                <p>
                  Your profile, applications and drafts are gone. You can create a new account at any time.
                </p>
              </AlertDescription>
            </Alert>
          )}
          <AuthTabs initialTab={initialTab} callbackUrl={callbackUrl} />
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <GoogleSignInButton callbackUrl={callbackUrl} />
        </div>
      </div>
    </div>
  );
}
