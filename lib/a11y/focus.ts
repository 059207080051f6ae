// Keyboard focus after an action changes the page under it (a row removed after a confirmation, a
// button that goes away, a list re-rendered): without help the browser drops focus to the page
// body, and the next Tab starts again from the top of the page. Browser-only code.
//
// Markup the rules read:
// - `data-focus-item="<key>"` on each item of a list (a table row, a list item), keyed stably;
// - `data-focus-control="<name>"` on an item's action button (e.g. "remove"): focus goes to the
//   same action of the next item;
// - `data-focus-after="<name>"` on an action button whose item stays when the button goes (an
//   application withdrawn stays, as withdrawn): focus goes to that control of its own item.

const FOCUSABLE =
  'a[href], summary, button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** How long after an action its re-render may still take focus away (a slow server refresh). */
const WATCH_MS = 10_000;

type Plan = {
  trigger: HTMLElement;
  /** The trigger's item key, then the keys of the items after it, then those before it (nearest first). */
  keys: string[];
  control: string | null;
  /** The control of its own item to land on when the trigger is gone but the item stays. */
  after: string | null;
};

function plan(trigger: HTMLElement): Plan {
  const item = trigger.closest<HTMLElement>("[data-focus-item]");
  const control = trigger.getAttribute("data-focus-control");
  const after = trigger.getAttribute("data-focus-after");
  if (!item?.parentElement) return { trigger, keys: [], control, after };
  const siblings = [...item.parentElement.children].filter(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && element.dataset.focusItem !== undefined,
  );
  const index = siblings.indexOf(item);
  const keyOf = (element: HTMLElement) => element.dataset.focusItem ?? "";
  return {
    trigger,
    keys: [
      keyOf(item),
      ...siblings.slice(index + 1).map(keyOf),
      ...siblings.slice(0, index).reverse().map(keyOf),
    ],
    control,
    after,
  };
}

function focusable(element: Element | null): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.isConnected &&
    !(element as HTMLButtonElement).disabled &&
    element.getClientRects().length > 0
  );
}

/** Focuses an element that is not focusable by Tab (a heading) without adding it to the Tab order. */
function land(element: HTMLElement) {
  if (!element.matches(FOCUSABLE) && !element.hasAttribute("tabindex"))
    element.setAttribute("tabindex", "-1");
  element.focus();
}

/** In an item: the named control. */
function controlIn(item: HTMLElement, control: string | null): HTMLElement | null {
  if (control === null) return null;
  return (
    [...item.querySelectorAll<HTMLElement>("[data-focus-control]")].find(
      (element) => element.dataset.focusControl === control && focusable(element),
    ) ?? null
  );
}

/** In an item: the same action, else (its own item) the control named to land on, else its first control. */
function targetIn(item: HTMLElement, control: string | null, after: string | null): HTMLElement | null {
  return (
    controlIn(item, control) ??
    controlIn(item, after) ??
    [...item.querySelectorAll(FOCUSABLE)].find(focusable) ??
    null
  );
}

/** The trigger if it is still there, else its item, the next item, a previous one, else the page's heading. */
function target({ trigger, keys, control, after }: Plan): HTMLElement | null {
  if (focusable(trigger)) return trigger;
  for (const [index, key] of keys.entries()) {
    const item = [...document.querySelectorAll<HTMLElement>("[data-focus-item]")].find(
      (element) => element.dataset.focusItem === key,
    );
    const found = item && targetIn(item, control, index === 0 ? after : null);
    if (found) return found;
  }
  return document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("main");
}

/**
 * A dialog is open: it keeps focus itself, even while its own button is disabled, and a watch
 * still running from an earlier action (a second withdrawal confirmed within seconds of the
 * first) must not pull focus out of it.
 */
function dialogOpen() {
  return (
    document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !==
    null
  );
}

function focusLost() {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || (active as HTMLButtonElement).disabled;
}

/**
 * Call when an action started from `trigger` has succeeded, before the page re-renders: while the
 * page changes (for a few seconds, or until the user clicks), whenever focus is lost it goes to the
 * trigger if it is still there, else to the same action in its item or the next one (a previous
 * one at the end of a list), else to the page's heading.
 */
/** The watch of the last action: a new action ends it, so two watches never compete for focus. */
let stopWatching: (() => void) | null = null;

export function keepFocusNear(trigger: HTMLElement | null) {
  if (!trigger || typeof MutationObserver === "undefined") return;
  stopWatching?.();
  const where = plan(trigger);
  const check = () => {
    // A trigger disabled while its request runs comes back: wait for it.
    if (!focusLost() || dialogOpen() || (trigger.isConnected && (trigger as HTMLButtonElement).disabled))
      return;
    const element = target(where);
    if (element) land(element);
  };
  const observer = new MutationObserver(check);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener("pointerdown", stop, true);
    if (stopWatching === stop) stopWatching = null;
  };
  stopWatching = stop;
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["disabled"],
  });
  const timer = setTimeout(stop, WATCH_MS);
  document.addEventListener("pointerdown", stop, true);
  queueMicrotask(check);
}

/**
 * Says `message` to screen readers through the page's polite live region (the root layout's
 * #announcer), for a result that shows no toast. The same message twice is said twice.
 */
export function announce(message: string) {
  const region = document.getElementById("announcer");
  if (!region) return;
  region.textContent = "";
  requestAnimationFrame(() => {
    region.textContent = message;
  });
}
