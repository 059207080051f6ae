/** What the notice says: screenshots of a demo must never pass as fact. */
export const DEMO_NOTICE_TEXT =
  "programs, tuition, deadlines and rankings on this site are generated for trying the product.";

/**
 * The "Demo data" notice at the top of every page of a demo database (isDemoDatabase() in
 * lib/settings/queries.server.ts): small, in the page's text (not a dismissible overlay), read by
 * screen readers as a note.
 */
export function DemoNotice() {
  return (
    <div
      role="note"
      className="border-b border-amber-300 bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-950"
    >
      <strong className="font-semibold">Demo data:</strong> {DEMO_NOTICE_TEXT}
    </div>
  );
}
