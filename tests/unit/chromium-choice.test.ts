import { chooseChromium, chromiumExecutable, needsInstall, SYSTEM_CHROMIUM } from "@/scripts/chromium";

const PLAYWRIGHT_BUILD = "/home/dev/.cache/ms-playwright/chromium-1/chrome-linux/chrome";
const existing =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);
const playwrightBuild = () => PLAYWRIGHT_BUILD;

test("CHROMIUM_PATH wins, and nothing is installed", () => {
  const choice = chooseChromium({ CHROMIUM_PATH: "/opt/chrome" }, existing(SYSTEM_CHROMIUM), playwrightBuild);
  expect(chromiumExecutable(choice)).toBe("/opt/chrome");
  expect(needsInstall(choice)).toBe(false);
});

test("without CHROMIUM_PATH, the system Chromium, and nothing is installed", () => {
  const choice = chooseChromium({}, existing(SYSTEM_CHROMIUM), playwrightBuild);
  expect(chromiumExecutable(choice)).toBe(SYSTEM_CHROMIUM);
  expect(needsInstall(choice)).toBe(false);
});

test("neither: Playwright's own build, installed only when it is missing", () => {
  const missing = chooseChromium({ CHROMIUM_PATH: "" }, existing(), playwrightBuild);
  expect(chromiumExecutable(missing)).toBeUndefined();
  expect(needsInstall(missing)).toBe(true);

  const installed = chooseChromium({}, existing(PLAYWRIGHT_BUILD), playwrightBuild);
  expect(chromiumExecutable(installed)).toBeUndefined();
  expect(needsInstall(installed)).toBe(false);
});

test("Playwright without a build for this platform: install", () => {
  const choice = chooseChromium({}, existing(), () => {
    throw new Error("no browser for this platform");
  });
  expect(needsInstall(choice)).toBe(true);
});
