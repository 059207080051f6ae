import { ShieldAlertIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/** What a team admin sees on a super-admin page (settings, audit log): why, and whom to ask. */
export function SuperAdminRequired({ children }: { children: React.ReactNode }) {
  return (
    <Alert role="alert" className="border-amber-300 bg-amber-50 text-amber-950">
      <ShieldAlertIcon aria-hidden="true" />
      <AlertTitle>Super admin access required</AlertTitle>
      <AlertDescription className="text-amber-950">{children}</AlertDescription>
    </Alert>
  );
}
