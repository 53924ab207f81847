/**
 * The join page's first screen arrives drawn in the page the server sends (decision 028): a
 * pupil on slow school Wi-Fi sees where to type the code before the app's scripts have come.
 * Checked in Chromium with scripts off (what the page alone shows), in both languages, at
 * phone, tablet, laptop and projector size; that the app's own screen lands exactly where the
 * server's was (nothing moves when it takes over); and that nothing can be pressed or typed
 * into before the app has started, so nothing a child does then is lost.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { LAYOUT_VIEWPORTS } from "../support/layout-checks.ts";
import { huntSession } from "../support/pupil-journey.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";

const SIZES = LAYOUT_VIEWPORTS.filter((size) => size.name !== "4k");

/** Holds the app's entry script back until the returned function is called: the server's screen is all there is meanwhile. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe("the join page's first screen, drawn by the server", () => {
  const suite = useBrowserSuite({ db: "pglite" });
  let codes: string[];

  beforeAll(async () => {
    codes = (await (await huntSession(suite.server.url)).start()).codes;
  });
  it.each(SIZES)("shows the code field with scripts off, in English and in Irish ($name)", async (size) => {
    for (const [locale, heading, button] of [
      ["en-IE", "Enter Join Code", "Continue"],
      ["ga-IE", "Cuir isteach an cód", "Ar aghaidh"],
    ] as const) {
      const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport: size, javaScriptEnabled: false, locale });
      const page = await context.newPage();
      await page.goto("/join");
      expect(await page.locator("html").getAttribute("lang")).toBe(locale);
      expect(await page.locator("h1").textContent()).toBe(heading);
      expect(await page.locator(".code-input").isVisible()).toBe(true);
      // No ids in the server's copy: no label leads to a field the app is about to replace.
      expect(await page.locator(".server-drawn [id], .server-drawn [for]").count()).toBe(0);
      expect(await page.locator("button[type=submit]").textContent()).toBe(button);
      await screenshot(page, `join-first-screen-${locale}-${size.name}`);
      await context.close();
    }
  });

  it.each(SIZES)("is replaced by the app's own screen without anything moving ($name)", async (size) => {
    const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport: size });
    const page = await context.newPage();
    const release = await holdTheApp(page);
    await page.goto("/join", { waitUntil: "commit" });
    await page.locator(".server-drawn h1").waitFor();
    const boxes = () => Promise.all(["h1", ".code-input", "button[type=submit]", ".language-switch"].map((s) => page.locator(s).boundingBox()));
    const drawnByServer = await boxes();
    release();
    await page.locator(".server-drawn").waitFor({ state: "detached" });
    expect(await boxes()).toEqual(drawnByServer);
    await context.close();
  });

  it("takes no press and no typing until the app has started, then joins as always", async () => {
    const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const release = await holdTheApp(page);
    await page.goto(`/join?code=${codes[0]}`, { waitUntil: "commit" });
    await page.locator(".server-drawn h1").waitFor();
    // Inert: the field cannot take the focus, the button cannot be pressed.
    expect(await page.locator(".server-drawn").getAttribute("inert")).toBe("");
    expect(await page.locator(".server-drawn .code-input").evaluate((field) => (field.focus(), document.activeElement === field))).toBe(false);
    await expect(page.getByRole("button", { name: "Continue" }).click({ timeout: 300 })).rejects.toThrow();
    expect(new URL(page.url()).search).toBe(`?code=${codes[0]}`);
    release();
    // The app's own screen, with the teacher's code filled in, and the join as always.
    await page.locator(".server-drawn").waitFor({ state: "detached" });
    expect(await page.getByLabel("Join Code").inputValue()).toBe(codes[0]);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Confirm Group & Enter Name" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("is sent only for /join: other pages still come empty for the app to draw", async () => {
    for (const path of ["/", "/play/5f0e8e62-0000-4000-8000-000000000000", "/dashboard", "/join/extra"]) {
      const res = await fetch(`${suite.server.url}${path}`);
      expect(await res.text(), path).not.toContain("server-drawn");
    }
  });
});
