"use client";

import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { DateLib, DayPicker, type Modifiers } from "react-day-picker";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";

// A month calendar (shadcn style) on react-day-picker, which handles keyboard navigation and the
// grid's accessibility.

/**
 * A day button's accessible name starts with the number it shows ("1 November 2026, Sunday"): a
 * name that does not contain the visible text ("Sunday, November 1st, 2026") fails speech users,
 * who say what they see.
 */
export function labelDayButton(
  date: Date,
  modifiers: Modifiers,
  options?: DateLib["options"],
  dateLib?: DateLib,
) {
  let label = (dateLib ?? new DateLib(options)).format(date, "d MMMM yyyy, EEEE");
  if (modifiers.today) label += ", today";
  if (modifiers.selected) label += ", selected";
  return label;
}

function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  labels,
  ...props
}: React.ComponentProps<typeof DayPicker>) {
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      className={cn("p-3", className)}
      labels={{ labelDayButton, ...labels }}
      classNames={{
        months: "relative flex flex-col gap-4 sm:flex-row",
        month: "flex w-full flex-col gap-4",
        month_caption: "flex h-8 items-center justify-center px-8",
        caption_label: "text-sm font-medium",
        nav: "absolute inset-x-0 top-0 flex items-center justify-between",
        button_previous: cn(buttonVariants({ variant: "ghost", size: "sm" }), "size-8 p-0"),
        button_next: cn(buttonVariants({ variant: "ghost", size: "sm" }), "size-8 p-0"),
        month_grid: "w-full border-collapse",
        weekdays: "flex",
        weekday: "w-9 text-[0.8rem] font-normal text-slate-600",
        week: "mt-1 flex w-full",
        day: "size-9 p-0 text-center text-sm",
        day_button: cn(
          buttonVariants({ variant: "ghost", size: "sm" }),
          "size-9 p-0 font-normal aria-selected:bg-brand-600 aria-selected:text-white",
        ),
        selected: "rounded-md bg-brand-600 text-white",
        today: "rounded-md font-semibold text-brand-800 underline underline-offset-4",
        outside: "text-slate-500",
        disabled: "text-slate-400 line-through",
        hidden: "invisible",
        ...classNames,
      }}
      components={{
        Chevron: ({ orientation }) =>
          orientation === "left" ? (
            <ChevronLeftIcon className="size-4" aria-hidden="true" />
          ) : (
            <ChevronRightIcon className="size-4" aria-hidden="true" />
          ),
      }}
      {...props}
    />
  );
}

export { Calendar };
