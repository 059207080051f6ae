import { Button } from "@/components/ui/button";

type GoogleSignInButtonProps = {
  /** A safe path to return to after signing in. */
  callbackUrl: string | null;
  /**
   * "Link Google account" on the profile: a signed-in user's Google sign-in links it
   * (lib/auth/auth.server.ts).
   */
  label?: string;
  compact?: boolean;
};

/**
 * Google sign-in on /auth: a plain link, so the browser itself navigates to
 * /api/auth/google, which sends it on to Google (or back to /auth with an error).
 */
export function GoogleSignInButton({
  callbackUrl,
  label = "Continue with Google",
  compact = false,
}: GoogleSignInButtonProps) {
  const href = callbackUrl
    ? `/api/auth/google?callbackUrl=${encodeURIComponent(callbackUrl)}`
    : "/api/auth/google";
  return (
    <Button asChild variant="outline" size={compact ? "sm" : "lg"} className={compact ? undefined : "w-full"}>
      {/* A plain <a>: a route handler, not a page, so no client-side navigation or prefetch. */}
      <a href={href}>
        <GoogleLogo />
        {label}
      </a>
    </Button>
  );
}

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-5">
      <path
        fill="#4285F4"
        d="M23.5 12.27c0-.85-.08-1.66-.22-2.45H12v4.63h6.46a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.56-5.17 3.56-8.8Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.94-2.9l-3.88-3.01c-1.07.72-2.45 1.15-4.06 1.15-3.12 0-5.77-2.11-6.71-4.95H1.28v3.11A12 12 0 0 0 12 24Z"
      />
      <path
        fill="#FBBC05"
        d="M5.29 14.29A7.2 7.2 0 0 1 4.91 12c0-.8.14-1.57.38-2.29V6.6H1.28a12 12 0 0 0 0 10.8l4.01-3.11Z"
      />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.34.61 4.59 1.8l3.44-3.44C17.95 1.19 15.24 0 12 0A12 12 0 0 0 1.28 6.6l4.01 3.11C6.23 6.88 8.88 4.77 12 4.77Z"
      />
    </svg>
  );
}
