/**
 * Debian's Chromium driven by playwright-core (Playwright cannot download browsers here).
 */
import fs from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { projectRoot } from "../../src/server/project-root.ts";

/** What axe checks on every screen: WCAG 2.0, 2.1 and 2.2 at A and AA, and its best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

export const screenshotDir = path.join(projectRoot, "test-results", "screenshots");

/**
 * The Chromium the tests drive: CHROMIUM_PATH, else Debian's chromium-headless-shell, else Debian's
 * chromium. The headless shell is the same Chromium build (Blink, V8, the network stack, at the
 * same version as the chromium package) without the desktop browser around it, and what Playwright
 * itself runs for headless tests. The desktop browser sets up a profile's services (extensions,
 * sync, history…) for every new context, which each test device is: measured on this machine, a
 * fresh context opening /join cost 1.8 s of CPU with chromium and 0.6 s with the headless shell; a
 * page's own work (scripts, layout, axe) costs the same in both.
 */
export const chromiumPath = (): string =>
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file)) ??
  "/usr/bin/chromium";

/** `extraArgs`: Chromium flags a file needs of its own (a fake microphone). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-quic",
      // A test's page lives for seconds: V8's optimising compilers cost the renderer more than
      // they give back there (measured on four browser files: renderer CPU 110 -> 90 s).
      "--js-flags=--no-opt --no-maglev",
      // The GPU process (software compositing here) inside the browser's: one process less per run.
      "--in-process-gpu",
      ...extraArgs,
    ],
  });
}

/**
 * Screenshots are for a person to look at: taken on a developer's machine, not under CI (where
 * nobody opens them and the PNGs cost ~1 s of a busy core each, ~200 a run) unless SCREENSHOTS=1.
 */
export const takingScreenshots = process.env.CI !== "true" || process.env.SCREENSHOTS === "1";

/** Save what the person sees, for a human to look at (test-results/screenshots): the whole page unless told. */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (!takingScreenshots) return;
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
}

/** Fail the test on any error the page logs or throws. */
export function watchPageErrors(page: Page, allowed: RegExp[] = []) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    // The browser reports every error answer as a console error; the tests assert the
    // answers they provoke (a wrong password, a failing AI service) on the page itself.
    if (/Failed to load resource: the server responded with a status of [45]\d\d/.test(text)) return;
    if (allowed.some((a) => a.test(text))) return;
    errors.push(`console: ${text}`);
  });
  return errors;
}

export async function rgbOf(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).color);
}

export const RED = "rgb(179, 38, 30)";
export const GREEN = "rgb(11, 107, 58)";
