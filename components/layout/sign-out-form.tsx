import { signOutAction } from "@/lib/auth/actions";

/** Wraps a Sign Out button: submitting ends the session (server action) and goes home. */
export function SignOutForm({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <form action={signOutAction} className={className}>
      {children}
    </form>
  );
}
