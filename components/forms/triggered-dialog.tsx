"use client";

import { useState } from "react";
import { keepFocusNear } from "@/lib/a11y/focus";
import * as alert from "@/components/ui/alert-dialog";
import * as dialog from "@/components/ui/dialog";

const PARTS = {
  dialog: {
    Root: dialog.Dialog,
    Trigger: dialog.DialogTrigger,
    Content: dialog.DialogContent,
    Header: dialog.DialogHeader,
    Title: dialog.DialogTitle,
    Description: dialog.DialogDescription,
  },
  alertdialog: {
    Root: alert.AlertDialog,
    Trigger: alert.AlertDialogTrigger,
    Content: alert.AlertDialogContent,
    Header: alert.AlertDialogHeader,
    Title: alert.AlertDialogTitle,
    Description: alert.AlertDialogDescription,
  },
};

type TriggeredDialogProps = {
  /** A dialog, or an alertdialog (a confirmation). */
  role: keyof typeof PARTS;
  /** The button that opens it. */
  trigger: React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  /** While busy (a request is running), Escape, the overlay and Cancel do not close it. */
  busy: boolean;
  /**
   * The body, given a way to close the dialog after a success. Mounted while open. Closing keeps
   * focus near the trigger while the page re-renders (lib/a11y/focus.ts), as the trigger itself may
   * be gone.
   */
  children: (close: () => void) => React.ReactNode;
};

/** A dialog opened by its trigger, with its title and description, that stays open while busy. */
export function TriggeredDialog({ role, trigger, title, description, busy, children }: TriggeredDialogProps) {
  const { Root, Trigger, Content, Header, Title, Description } = PARTS[role];
  const [open, setOpen] = useState(false);
  const [triggerElement, setTriggerElement] = useState<HTMLButtonElement | null>(null);
  const close = () => {
    keepFocusNear(triggerElement);
    setOpen(false);
  };
  return (
    <Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <Trigger ref={setTriggerElement} asChild>
        {trigger}
      </Trigger>
      <Content>
        <Header>
          <Title>{title}</Title>
          <Description>{description}</Description>
        </Header>
        {children(close)}
      </Content>
    </Root>
  );
}

type OpenedDialogProps = Omit<TriggeredDialogProps, "trigger"> & {
  open: boolean;
  /** The element that opened the dialog (one of many rows' buttons): the focus goes back to it. */
  opener: HTMLElement | null;
  /** Closes it: Escape, the overlay or Cancel (unless busy), or `close` after a success. */
  onClose: () => void;
};

/**
 * A dialog opened from elsewhere: one dialog for a list's many rows, each opening it with its own
 * button, rather than a dialog per row. Closing gives the focus back to the opener, or near it
 * once the page re-renders after a success (the opener may be gone).
 */
export function OpenedDialog({
  role,
  open,
  opener,
  onClose,
  title,
  description,
  busy,
  children,
}: OpenedDialogProps) {
  const { Root, Content, Header, Title, Description } = PARTS[role];
  const close = () => {
    keepFocusNear(opener);
    onClose();
  };
  return (
    <Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <Content
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener?.focus();
        }}
      >
        <Header>
          <Title>{title}</Title>
          <Description>{description}</Description>
        </Header>
        {children(close)}
      </Content>
    </Root>
  );
}
