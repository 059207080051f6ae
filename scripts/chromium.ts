// Which Chromium the end-to-end tests drive: CHROMIUM_PATH, else the system's /usr/bin/chromium,
// else Playwright's own build, which `npm run test:e2e` installs first when it is missing
// (scripts/ensure-chromium.ts). playwright.config.ts reads the same choice.

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

export type ChromiumChoice =
  | { kind: "configured"; path: string }
  | { kind: "system"; path: string }
  | { kind: "playwright"; installed: boolean };

export function chooseChromium(
  env: Record<string, string | undefined>,
  exists: (path: string) => boolean,
  playwrightChromium: () => string,
): ChromiumChoice {
  if (env.CHROMIUM_PATH) return { kind: "configured", path: env.CHROMIUM_PATH };
  if (exists(SYSTEM_CHROMIUM)) return { kind: "system", path: SYSTEM_CHROMIUM };
  let installed = false;
  try {
    installed = exists(playwrightChromium());
  } catch {
    // Playwright throws when it has no browser registered for this platform.
  }
  return { kind: "playwright", installed };
}

/** The executable for Playwright's launchOptions; undefined for Playwright's own build. */
export function chromiumExecutable(choice: ChromiumChoice): string | undefined {
  return choice.kind === "playwright" ? undefined : choice.path;
}

/** Whether `npx playwright install chromium` must run before the tests. */
export function needsInstall(choice: ChromiumChoice): boolean {
  return choice.kind === "playwright" && !choice.installed;
}
