"use client";

import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "./sheet";

export interface SheetPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to on closing: the button that opened it (./lazy-sheet.tsx). */
  returnFocus: React.RefObject<HTMLElement | null>;
  side: "left" | "right";
  title: string;
  description: string;
  descriptionClassName?: string;
  headerClassName?: string;
  className?: string;
  children: React.ReactNode;
}

/** A side sheet with its title and description, opened by ./lazy-sheet.tsx (fetched on first open). */
export function SheetPanel({
  open,
  onOpenChange,
  returnFocus,
  side,
  title,
  description,
  descriptionClassName,
  headerClassName,
  className,
  children,
}: SheetPanelProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side={side}
        className={className}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus.current?.focus();
        }}
      >
        <SheetHeader className={headerClassName}>
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription className={descriptionClassName}>{description}</SheetDescription>
        </SheetHeader>
        {children}
      </SheetContent>
    </Sheet>
  );
}
