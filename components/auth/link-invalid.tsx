import { AlertCircleIcon } from "lucide-react";
import Link from "next/link";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/** What an e-mailed link's page says when its token is not (or no longer) valid. */
export function LinkInvalidAlert({ message }: { message: string }) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircleIcon aria-hidden="true" />
      <AlertTitle>This link does not work</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
      </AlertDescription>
    </Alert>
  );
}

/** The way on from an e-mailed link's page. */
export function ProfileLink() {
  return (
    <p className="text-center text-sm text-slate-600">
      <Link
        href="/user/profile"
        className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
      >
        Go to your profile
      </Link>
    </p>
  );
}
