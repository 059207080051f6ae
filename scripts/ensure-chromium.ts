// Run by `npm run test:e2e` before `playwright test`: with neither CHROMIUM_PATH nor a system
// Chromium, installs Playwright's own Chromium (once; later runs find it installed).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chooseChromium, needsInstall } from "./chromium";

const choice = chooseChromium(process.env, existsSync, () => chromium.executablePath());
if (needsInstall(choice)) {
  console.log("No Chromium found (CHROMIUM_PATH, /usr/bin/chromium): installing Playwright's own.");
  execFileSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" });
}
