"use client";

import { Slider as SliderPrimitive } from "radix-ui";
import { cn } from "@/lib/utils";

type SliderProps = React.ComponentProps<typeof SliderPrimitive.Root> & {
  /**
   * Accessible name of each thumb (the element with role="slider"), one per value for a range.
   * `aria-label` is accepted as a shorthand and also goes to the thumbs: on the root <span> it
   * would name nothing.
   */
  thumbLabel?: string | readonly string[];
  /**
   * What each thumb's value means, read instead of the bare number (aria-valuetext), e.g.
   * "Up to $15,000 per year" or "Any cost".
   */
  thumbValueText?: string | readonly string[];
};

function Slider({
  className,
  defaultValue,
  value,
  min = 0,
  max = 100,
  thumbLabel,
  thumbValueText,
  "aria-label": ariaLabel,
  "aria-labelledby": ariaLabelledBy,
  ...props
}: SliderProps) {
  const values = value ?? defaultValue ?? [min];
  const labelOf = (index: number) =>
    typeof thumbLabel === "string" ? thumbLabel : (thumbLabel?.[index] ?? ariaLabel);

  return (
    <SliderPrimitive.Root
      data-slot="slider"
      defaultValue={defaultValue}
      value={value}
      min={min}
      max={max}
      className={cn(
        "relative flex w-full touch-none items-center select-none data-[disabled]:opacity-50 data-[orientation=vertical]:h-full data-[orientation=vertical]:min-h-44 data-[orientation=vertical]:w-auto data-[orientation=vertical]:flex-col",
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track
        data-slot="slider-track"
        className="relative grow overflow-hidden rounded-full bg-slate-200 data-[orientation=horizontal]:h-1.5 data-[orientation=horizontal]:w-full data-[orientation=vertical]:h-full data-[orientation=vertical]:w-1.5"
      >
        <SliderPrimitive.Range
          data-slot="slider-range"
          className="absolute bg-brand-600 data-[orientation=horizontal]:h-full data-[orientation=vertical]:w-full"
        />
      </SliderPrimitive.Track>
      {values.map((_, index) => (
        <SliderPrimitive.Thumb
          data-slot="slider-thumb"
          key={index}
          aria-label={labelOf(index)}
          aria-labelledby={ariaLabelledBy}
          aria-valuetext={typeof thumbValueText === "string" ? thumbValueText : thumbValueText?.[index]}
          className="block size-4 shrink-0 rounded-full border-2 border-brand-600 bg-white shadow-sm transition-[box-shadow] hover:ring-4 hover:ring-brand-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:pointer-events-none"
        />
      ))}
    </SliderPrimitive.Root>
  );
}

export { Slider, type SliderProps };
