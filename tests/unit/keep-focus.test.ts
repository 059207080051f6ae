/** @jest-environment jsdom */
import { announce, keepFocusNear } from "@/lib/a11y/focus";

// Where keyboard focus goes when an action removes or replaces the control that had it
// (lib/a11y/focus.ts): the same control if it stays, else the same action of the next item, a
// previous one at the end of the list, the item's first control when its action is gone, else the
// page's heading; never the page body.

beforeEach(() => {
  // Fake timers end each test's watch (a few seconds long) before the next test starts.
  jest.useFakeTimers();
  // jsdom lays nothing out: every element counts as shown.
  jest
    .spyOn(Element.prototype, "getClientRects")
    .mockReturnValue([{}] as unknown as ReturnType<Element["getClientRects"]>);
  document.body.innerHTML = `
    <main>
      <h1>My Shortlist</h1>
      <ul>
        ${["a", "b", "c"]
          .map(
            (key) => `<li data-focus-item="${key}">
              <a href="/${key}">Open ${key}</a>
              <button data-focus-control="remove">Remove ${key}</button>
            </li>`,
          )
          .join("")}
      </ul>
    </main>`;
});

afterEach(() => {
  jest.runOnlyPendingTimers();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const button = (name: string) =>
  [...document.querySelectorAll("button")].find((element) => element.textContent === name)!;
const item = (key: string) => document.querySelector(`[data-focus-item="${key}"]`)!;
/** Lets the MutationObserver's callback (a microtask) run. */
const settle = async () => {
  for (let i = 0; i < 3; i++) await Promise.resolve();
};

test("a removed item's action hands focus to the same action of the next item", async () => {
  const trigger = button("Remove b");
  trigger.focus();
  keepFocusNear(trigger);
  item("b").remove();
  await settle();
  expect(document.activeElement).toBe(button("Remove c"));
});

test("at the end of the list focus goes to the previous item", async () => {
  const trigger = button("Remove c");
  trigger.focus();
  keepFocusNear(trigger);
  item("c").remove();
  await settle();
  expect(document.activeElement).toBe(button("Remove b"));
});

test("an emptied list hands focus to the page's heading, which does not join the Tab order", async () => {
  const trigger = button("Remove a");
  trigger.focus();
  keepFocusNear(trigger);
  document.querySelector("ul")!.remove();
  await settle();
  const heading = document.querySelector("h1")!;
  expect(document.activeElement).toBe(heading);
  expect(heading.getAttribute("tabindex")).toBe("-1");
});

test("an item that stays without its action gives focus to its first control", async () => {
  const trigger = button("Remove b");
  trigger.focus();
  keepFocusNear(trigger);
  trigger.remove();
  await settle();
  expect(document.activeElement).toBe(item("b").querySelector("a"));
});

test("a re-rendered item gets focus on its new control of the same action", async () => {
  const trigger = button("Remove b");
  trigger.focus();
  keepFocusNear(trigger);
  item("b").innerHTML = `<a href="/b">Open b</a><button data-focus-control="remove">Remove b again</button>`;
  await settle();
  expect(document.activeElement).toBe(button("Remove b again"));
});

test("a trigger that stays keeps focus, and a disabled one is waited for", async () => {
  const trigger = button("Remove b");
  trigger.disabled = true;
  keepFocusNear(trigger);
  await settle();
  expect(document.activeElement).toBe(document.body);
  trigger.disabled = false;
  await settle();
  expect(document.activeElement).toBe(trigger);
});

test("focus the user moved elsewhere is left alone", async () => {
  const trigger = button("Remove b");
  keepFocusNear(trigger);
  button("Remove a").focus();
  item("b").remove();
  await settle();
  expect(document.activeElement).toBe(button("Remove a"));
});

test("an open dialog keeps focus: a watch still running from an earlier action waits for it to close", async () => {
  const trigger = button("Remove b");
  trigger.focus();
  keepFocusNear(trigger);
  item("b").remove();
  await settle();
  expect(document.activeElement).toBe(button("Remove c"));
  // A second action's confirmation opens, and its own button is disabled while it runs.
  document.body.insertAdjacentHTML(
    "beforeend",
    '<div role="alertdialog" data-state="open"><button>Cancel</button><button>Remove</button></div>',
  );
  const confirm = button("Remove");
  confirm.focus();
  confirm.disabled = true;
  await settle();
  expect(document.activeElement).not.toBe(button("Remove c"));
});

test("announce says the message in the page's polite live region, again when repeated", () => {
  document.body.insertAdjacentHTML(
    "beforeend",
    '<div id="announcer" role="status" aria-live="polite"></div>',
  );
  const region = document.getElementById("announcer")!;
  announce("Harvard removed from your shortlist.");
  jest.advanceTimersByTime(20);
  expect(region).toHaveTextContent("Harvard removed from your shortlist.");
  announce("Harvard removed from your shortlist.");
  expect(region).toHaveTextContent("");
  jest.advanceTimersByTime(20);
  expect(region).toHaveTextContent("Harvard removed from your shortlist.");
});
