"use client";

import { useRef, useState } from "react";
import type { SheetPanelProps } from "./sheet-panel";

// A side sheet whose dialog code (Radix Dialog with its focus trap and scroll lock, ./sheet.tsx)
// is fetched when it is first opened, not with the page: the public header's menu and the search
// pages' filters load without it.

type Loaded = (typeof import("./sheet-panel"))["SheetPanel"];
let loaded: Loaded | null = null;

export interface TriggerProps {
  ref: React.RefObject<HTMLButtonElement | null>;
  onClick: () => void;
  "aria-haspopup": "dialog";
  "aria-expanded": boolean;
}

type LazySheetProps = Omit<SheetPanelProps, "open" | "onOpenChange" | "returnFocus" | "children"> & {
  /** The button that opens the sheet, given the props it needs. */
  trigger: (props: TriggerProps) => React.ReactNode;
  /** The sheet's body; a function gets `close` (e.g. for links that leave the page). */
  children: React.ReactNode | ((close: () => void) => React.ReactNode);
};

export function LazySheet({ trigger, children, ...panel }: LazySheetProps) {
  const [SheetPanel, setSheetPanel] = useState<Loaded | null>(() => loaded);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  const show = () => {
    setOpen(true);
    if (SheetPanel) return;
    void import("./sheet-panel").then((module) => {
      loaded = module.SheetPanel;
      setSheetPanel(() => module.SheetPanel);
    });
  };

  return (
    <>
      {trigger({ ref: triggerRef, onClick: show, "aria-haspopup": "dialog", "aria-expanded": open })}
      {SheetPanel && (
        <SheetPanel {...panel} open={open} onOpenChange={setOpen} returnFocus={triggerRef}>
          {typeof children === "function" ? children(close) : children}
        </SheetPanel>
      )}
    </>
  );
}
