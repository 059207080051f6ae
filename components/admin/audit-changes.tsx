import { auditChanges, formatAuditValue } from "@/lib/audit/entries";

const MAX_LENGTH = 120;

const shorten = (text: string) => (text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text);

/**
 * An audit entry's before/after as a list of the fields that changed: "name: Old → New" (an added
 * row lists its values, a deleted one what it held). The arrow is read as "changed to".
 */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <span className="text-slate-600">No field changed</span>;
  const created = before === null || before === undefined;
  const deleted = after === null || after === undefined;
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {changes.map(({ field, before: from, after: to }) => (
        <li key={field} className="break-words">
          <span className="font-medium text-slate-900">{field}</span>:{" "}
          {created ? (
            <span>{shorten(formatAuditValue(to))}</span>
          ) : deleted ? (
            <span>{shorten(formatAuditValue(from))}</span>
          ) : (
            <>
              <del className="text-red-800">{shorten(formatAuditValue(from))}</del>{" "}
              <span aria-hidden="true">→</span>
              <span className="sr-only">changed to</span>{" "}
              <ins className="text-green-800 no-underline">{shorten(formatAuditValue(to))}</ins>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
