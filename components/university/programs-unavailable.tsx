import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/** The university's program list could not be read: said so, with what to do. */
export function ProgramsUnavailable() {
  return (
    <Alert variant="destructive">
      <AlertTitle>Failed to fetch programs</AlertTitle>
      <AlertDescription>
        <p>Reload the page to try again in a moment.</p>
      </AlertDescription>
    </Alert>
  );
}
