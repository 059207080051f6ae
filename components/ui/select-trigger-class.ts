// The closed select's look, shared by the Radix trigger (./select.tsx) and the stand-in that
// ./lazy-select.tsx renders until the select is first opened.
export const SELECT_TRIGGER_CLASS = [
  "flex w-fit items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm whitespace-nowrap text-slate-900 shadow-xs transition-[color,box-shadow] outline-none data-[placeholder]:text-slate-500 data-[size=default]:h-9 data-[size=sm]:h-8",
  "focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/40",
  "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-600 aria-invalid:ring-2 aria-invalid:ring-red-600/30",
  "*:data-[slot=select-value]:line-clamp-1 *:data-[slot=select-value]:flex *:data-[slot=select-value]:items-center *:data-[slot=select-value]:gap-2 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
].join(" ");
