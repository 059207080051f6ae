// The closed select's look, shared by the Radix trigger (./select.tsx) and the stand-in that
// ./lazy-select.tsx renders until the select is first opened: the `select-trigger` utility of
// app/globals.css (one short class instead of a long list on every select of a page).
export const SELECT_TRIGGER_CLASS = "select-trigger";
