import Link from "next/link";
import { ArrowLeftIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The University form's back button: to the list. */
export function BackToUniversities() {
  return (
    <div>
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link href="/admin/universities">
          <ArrowLeftIcon aria-hidden="true" />
          Back to universities
        </Link>
      </Button>
    </div>
  );
}
