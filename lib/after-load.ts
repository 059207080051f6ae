// Work a page does not need for its first view (a toaster, an approximation of an amount): fetched
// once the page has loaded and the browser is idle, so that it does not compete with the page, but
// within 2 s on a device that is never idle. Client-side only.

/** Runs `task` after the load event, when the browser is idle; returns what cancels it. */
export function afterLoadWhenIdle(task: () => void): () => void {
  let idle: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    if ("requestIdleCallback" in window) idle = requestIdleCallback(task, { timeout: 2_000 });
    else timer = setTimeout(task, 200);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle !== null) cancelIdleCallback(idle);
    if (timer !== null) clearTimeout(timer);
  };
}
