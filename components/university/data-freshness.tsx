import { ExternalLink, Info } from "lucide-react";
import { formatDate } from "@/lib/format";

type DataFreshnessProps = {
  /** What the date is of: "this university and its programs". */
  subject: string;
  /** A Date, or its ISO text when the page's data came back from the data cache (JSON). */
  lastUpdated: Date | string;
  /** The official website (an http(s) URL, already checked), or null. */
  website: string | null;
};

/**
 * When a page's information last changed, the exploratory-information notice, and the official
 * website to check it against (Freshness and honesty). A server component fed by the
 * page's own data.
 */
export function DataFreshness({ subject, lastUpdated, website }: DataFreshnessProps) {
  const day = new Date(lastUpdated);
  return (
    <div
      role="note"
      className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        Information on {subject} last updated on{" "}
        <time dateTime={day.toISOString()} className="font-medium">
          {formatDate(day)}
        </time>
        . It is exploratory and may be out of date: always check the{" "}
        {website ? (
          <a
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 rounded-sm font-medium underline underline-offset-4 hover:text-amber-950 focus-visible:ring-2 focus-visible:ring-amber-700 focus-visible:outline-none"
          >
            official school website
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          "official school website"
        )}{" "}
        before you apply.
      </p>
    </div>
  );
}
