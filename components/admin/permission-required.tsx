import { ShieldAlertIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { permissionRefusal, type Permission } from "@/lib/auth/staff-permissions";

/**
 * What a team admin without a permission sees on a page that needs it (a catalogue form, the
 * import): what the page is for, and whom to ask. The API refuses them with the same words (403).
 */
export function PermissionRequired({
  permission,
  children,
}: {
  permission: Permission;
  children: React.ReactNode;
}) {
  return (
    <Alert role="alert" className="border-amber-300 bg-amber-50 text-amber-950">
      <ShieldAlertIcon aria-hidden="true" />
      <AlertTitle>Permission required</AlertTitle>
      <AlertDescription className="text-amber-950">
        <p>
          {children} {permissionRefusal(permission)}
        </p>
      </AlertDescription>
    </Alert>
  );
}
