import { AlertCircleIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

// The ?error= codes that come back to /auth: ours from the Google sign-in route and callbacks,
// and Auth.js's own (its error page is /auth too), which get the general text.
const MESSAGES: Record<string, { title: string; text: string }> = {
  GoogleUnavailable: {
    title: "Google sign-in is unavailable",
    text: "Google sign-in is not available right now. Sign in with your username and password.",
  },
  GoogleSignInFailed: {
    title: "Google sign-in did not work",
    text: "We could not sign you in with Google. Try again, or sign in with your username and password.",
  },
  GoogleAccountUnverified: {
    title: "Sign in with your password first",
    text: "An account with this Google account's email already exists, but its email address has not been verified, so Google sign-in cannot open it. Sign in with your username and password, then link Google from your profile. Forgot the password? Reset it by email.",
  },
  AccountInactive: {
    title: "Account deactivated",
    text: "This account has been deactivated. Contact support if you think this is a mistake.",
  },
};

const FALLBACK = {
  title: "Sign-in did not work",
  text: "Something went wrong while signing you in. Please try again.",
};

/** The message for a ?error= code, or null when there is none. */
export function signInErrorOf(code: string | null | undefined) {
  if (!code) return null;
  return Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : FALLBACK;
}

export function SignInError({ code }: { code: string | null | undefined }) {
  const message = signInErrorOf(code);
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircleIcon aria-hidden="true" />
      <AlertTitle>{message.title}</AlertTitle>
      <AlertDescription>
        <p>{message.text}</p>
      </AlertDescription>
    </Alert>
  );
}
