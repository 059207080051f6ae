import { Loader2Icon } from "lucide-react";

/** The spinner of the University form in edit mode while the university loads. */
export default function Loading() {
  return (
    <div role="status" className="flex min-h-64 flex-col items-center justify-center gap-3 text-slate-600">
      <Loader2Icon className="size-8 animate-spin text-brand-600" aria-hidden="true" />
      <span>Loading university…</span>
    </div>
  );
}
