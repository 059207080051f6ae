import Link from "next/link";
import { Button, type ButtonProps } from "@/components/ui/button";
import { deadlinePassed } from "@/lib/format";

/**
 * A program's way to apply: the Apply Now link while its deadline has not passed at `now` (in the
 * program's time zone), and a
 * plain "Applications closed" note after, so that no page offers a button that leads only to the
 * apply page's "Applications are closed". `label` completes the link's name for screen readers
 * ("Apply Now to {label}"), since a page lists many of them.
 */
export function ApplyNow({
  programId,
  deadline,
  timeZone,
  now,
  label,
  size,
  className,
}: {
  programId: number;
  deadline: Date | string;
  timeZone: string;
  now: Date;
  label: string;
  size?: ButtonProps["size"];
  className?: string;
}) {
  if (deadlinePassed({ deadline, timeZone }, now)) {
    return (
      <p className="text-sm font-medium text-slate-600" data-testid="applications-closed">
        Applications closed<span className="sr-only"> for {label}</span>
      </p>
    );
  }
  return (
    <Button asChild size={size} className={className}>
      {/* No prefetch: /apply/* is for signed-in students and redirects visitors to /auth. */}
      <Link href={`/apply/${programId}`} prefetch={false}>
        Apply Now<span className="sr-only"> to {label}</span>
      </Link>
    </Button>
  );
}
