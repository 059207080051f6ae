import { cn } from "@/lib/utils";

function Input({ className, type, ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        "flex h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-1 text-base text-slate-900 shadow-xs transition-[color,box-shadow] outline-none placeholder:text-slate-500 selection:bg-brand-600 selection:text-white md:text-sm",
        "file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-slate-900",
        "focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/40",
        "disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50",
        "aria-invalid:border-red-600 aria-invalid:ring-2 aria-invalid:ring-red-600/30",
        className,
      )}
      {...props}
    />
  );
}

export { Input };
