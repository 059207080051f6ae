import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/utils";

const alertVariants = cva(
  "relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border px-4 py-3 text-sm has-[>svg]:grid-cols-[calc(var(--spacing)*4)_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5",
  {
    variants: {
      variant: {
        default: "border-slate-200 bg-white text-slate-900 [&>svg]:text-slate-700",
        info: "border-brand-100 bg-brand-50 text-brand-900 [&>svg]:text-brand-700",
        success: "border-green-200 bg-green-50 text-green-900 [&>svg]:text-green-700",
        destructive: "border-red-200 bg-red-50 text-red-900 [&>svg]:text-red-700",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

/**
 * A message box. It is not a live region by itself: pass role="alert" (errors that appear after an
 * action) or role="status" (confirmations) when screen readers should announce it.
 */
function Alert({
  className,
  variant,
  ...props
}: React.ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return <div data-slot="alert" className={cn(alertVariants({ variant }), className)} {...props} />;
}

function AlertTitle({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="alert-title" className={cn("col-start-2 font-semibold", className)} {...props} />;
}

function AlertDescription({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="alert-description"
      className={cn("col-start-2 grid gap-1 text-sm [&_p]:leading-relaxed", className)}
      {...props}
    />
  );
}

export { Alert, AlertTitle, AlertDescription };
