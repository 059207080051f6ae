// The closed select's look, shared by the Radix trigger (./select.tsx) and the stand-in that
// ./lazy-select.tsx renders until the select is first opened: the `select-trigger` utility of
// app/globals.css (one short class instead of a long list on every select of a page).
export const SELECT_TRIGGER_CLASS = "select-trigger";

/** A native <select>'s look beside the inputs of a form (one that works before the page's script loads). */
export const NATIVE_SELECT_CLASS =
  "h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/40 focus-visible:outline-none aria-invalid:border-red-600 md:text-sm";

/** A native <select> in a toolbar or beside a label on one line (bulk actions, assignment): as wide as its text. */
export const NATIVE_SELECT_COMPACT_CLASS =
  "h-9 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";
