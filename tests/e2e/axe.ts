import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Fails with the list of WCAG 2.1 A/AA violations axe-core finds on the page, and those of two rules
 * the WCAG tags leave out: a dialog without a name (popovers of pickers), and a control whose name
 * does not contain its visible text (speech users say what they see).
 */
export async function expectNoAccessibilityViolations(page: Page) {
  // Colours read mid fade-in (popovers, dialogs) are partly transparent and fail contrast checks.
  // Endless ones (spinners) are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  // Next streams a page's metadata: its <title> may come after the content axe would read first.
  await page.waitForFunction(() => document.title !== "");
  const results = await new AxeBuilder({ page })
    // options() replaces every option: before withTags, which adds runOnly to them.
    .options({
      rules: { "aria-dialog-name": { enabled: true }, "label-content-name-mismatch": { enabled: true } },
    })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}
