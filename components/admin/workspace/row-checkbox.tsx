// The workspace's rows are server-rendered HTML: what a row holds for the bulk form is a plain
// input, with no component of the browser's per row.

/** The bulk form's id: each row's checkbox belongs to it (form="..."), wherever the row is. */
export const BULK_FORM = "bulk-form";

/** A row's checkbox: part of the bulk form, which posts the checked rows' ids. */
export function RowCheckbox({ id, label }: { id: number; label: string }) {
  return (
    <input
      type="checkbox"
      name="ids"
      value={id}
      form={BULK_FORM}
      aria-label={label}
      className="mt-1 size-4 rounded border-slate-400 accent-brand-700"
    />
  );
}
