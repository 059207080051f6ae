import { cn } from "@/lib/utils";

function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        "flex min-h-16 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs transition-[color,box-shadow] outline-none placeholder:text-slate-500 selection:bg-brand-600 selection:text-white md:text-sm",
        "focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/40",
        "disabled:cursor-not-allowed disabled:opacity-50",
        "aria-invalid:border-red-600 aria-invalid:ring-2 aria-invalid:ring-red-600/30",
        className,
      )}
      {...props}
    />
  );
}

export { Textarea };
