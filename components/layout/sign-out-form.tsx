import type { SignOutAction } from "./viewer";

type SignOutFormProps = {
  /** Without it the form posts to /api/logout. */
  signOutAction?: SignOutAction;
  children: React.ReactNode;
  className?: string;
};

export function SignOutForm({ signOutAction, children, className }: SignOutFormProps) {
  // React sets method and encoding itself for a function action, and warns when they are passed.
  return signOutAction ? (
    <form action={signOutAction} className={className}>
      {children}
    </form>
  ) : (
    <form action="/api/logout" method="post" className={className}>
      {children}
    </form>
  );
}
