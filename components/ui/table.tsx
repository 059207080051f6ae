import { cn } from "@/lib/utils";

// Table markup (shadcn style) with the look of the admin lists. A caption is expected for screen
// readers; the wrapper scrolls sideways on narrow screens.

function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div data-slot="table-container" className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table data-slot="table" className={cn("w-full text-left text-sm", className)} {...props} />
    </div>
  );
}

function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return <caption data-slot="table-caption" className={cn("sr-only", className)} {...props} />;
}

function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return (
    <thead
      data-slot="table-header"
      className={cn(
        "border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase",
        className,
      )}
      {...props}
    />
  );
}

function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody data-slot="table-body" className={cn("divide-y divide-slate-200", className)} {...props} />;
}

function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr data-slot="table-row" className={cn("align-middle", className)} {...props} />;
}

/** Keeps a column (the row actions) in view while a wide table scrolls sideways. */
type Pinnable = { pinned?: boolean };
const pinnedClass = "sticky right-0 shadow-[inset_1px_0_0_var(--color-slate-200)]";

function TableHead({ className, pinned, ...props }: React.ComponentProps<"th"> & Pinnable) {
  return (
    <th
      data-slot="table-head"
      scope="col"
      className={cn("px-4 py-3", pinned && [pinnedClass, "bg-slate-50"], className)}
      {...props}
    />
  );
}

function TableCell({ className, pinned, ...props }: React.ComponentProps<"td"> & Pinnable) {
  return (
    <td
      data-slot="table-cell"
      className={cn("px-4 py-3", pinned && [pinnedClass, "bg-white"], className)}
      {...props}
    />
  );
}

export { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow };
