import { cva } from "class-variance-authority";

// The button's classes on their own, without the Button component and its Slot (./button.tsx
// re-exports them): a page's error boundaries style their one button with them, and every page
// loads those boundaries' code up front, so they stay as small as they can.

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 aria-invalid:ring-2 aria-invalid:ring-red-600 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: "bg-brand-600 text-white shadow-xs hover:bg-brand-700",
        secondary: "bg-brand-50 text-brand-900 hover:bg-brand-100",
        outline: "border border-slate-300 bg-white text-slate-900 shadow-xs hover:bg-slate-100",
        ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
        link: "text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline",
        destructive: "bg-red-600 text-white shadow-xs hover:bg-red-700 focus-visible:ring-red-600",
      },
      size: {
        default: "h-9 px-4 py-2 has-[>svg]:px-3",
        sm: "h-8 gap-1.5 px-3 has-[>svg]:px-2.5",
        lg: "h-10 px-6 text-base has-[>svg]:px-4",
        icon: "size-9",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);
