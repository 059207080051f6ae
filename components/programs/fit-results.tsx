import { CheckCircle2Icon, CircleHelpIcon, XCircleIcon } from "lucide-react";
import type { FitResult, FitStatus } from "@/lib/fit/rules";

// The fit check's answers as a list, each with its status in words and its reason: the program
// cards' FitCheck (in the browser) and the shortlist (on the server) show them alike.

const STATUS: Record<FitStatus, { icon: typeof CheckCircle2Icon; text: string; className: string }> = {
  met: { icon: CheckCircle2Icon, text: "Met", className: "text-green-700" },
  "not-met": { icon: XCircleIcon, text: "Not met", className: "text-red-700" },
  unknown: { icon: CircleHelpIcon, text: "Unknown", className: "text-slate-500" },
};

export function FitResults({ results }: { results: readonly FitResult[] }) {
  return (
    <ul className="grid gap-1.5">
      {results.map((result) => {
        const { icon: Icon, text, className } = STATUS[result.status];
        return (
          <li key={result.rule} className="flex items-start gap-2" data-status={result.status}>
            <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${className}`} />
            <span>
              <span className="font-medium">
                {result.label}: <span className={className}>{text}</span>.
              </span>{" "}
              {result.reason}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** "3 met, 1 not met, 1 unknown". */
export function fitCounts(results: readonly FitResult[]): string {
  const count = (status: FitStatus) => results.filter((result) => result.status === status).length;
  return `${count("met")} met, ${count("not-met")} not met, ${count("unknown")} unknown`;
}
