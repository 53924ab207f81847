/**
 * The join page's first screen arrives drawn in the page the server sends (decision 028): a
 * pupil on slow school Wi-Fi sees where to type the code before the app's scripts have come.
 * Checked in Chromium with scripts off (what the page alone shows), in both languages, at
 * phone, tablet, laptop and projector size; that the app's own screen lands exactly where the
 * server's was (nothing moves when it takes over); and that nothing can be pressed or typed
 * into before the app has started, so nothing a child does then is lost.
 */

import type { Page } from "playwright-core";
import { encode } from "uqr";
import { beforeAll, describe, expect, it } from "vitest";
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";
import { LAYOUT_VIEWPORTS } from "../support/layout-checks.ts";
import { huntSession } from "../support/pupil-journey.ts";

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
  let hunt: Awaited<ReturnType<typeof huntSession>>;

  beforeAll(async () => {
    hunt = await huntSession(suite.server.url);
    codes = (await hunt.start()).codes;
  });
  // One device per language, turned to each size: what the server sent has no script, so the page
  // loaded at a size is what a device of that size shows.
  it(`shows the code field with scripts off, in English and in Irish (${SIZES.map((s) => s.name).join(", ")})`, async () => {
    for (const [locale, heading, button] of [
      ["en-IE", "Enter Join Code", "Continue"],
      ["ga-IE", "Cuir isteach an cód", "Ar aghaidh"],
    ] as const) {
      const context = await suite.browser.newContext({
        baseURL: suite.server.url,
        javaScriptEnabled: false,
        locale,
      });
      const page = await context.newPage();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto("/join");
        expect(await page.locator("html").getAttribute("lang"), size.name).toBe(locale);
        expect(await page.locator("h1").textContent(), size.name).toBe(heading);
        expect(await page.locator(".code-input").isVisible(), size.name).toBe(true);
        // No ids in the server's copy: no label leads to a field the app is about to replace.
        expect(await page.locator(".server-drawn [id], .server-drawn [for]").count(), size.name).toBe(0);
        expect(await page.locator("button[type=submit]").textContent(), size.name).toBe(button);
        await screenshot(page, `join-first-screen-${locale}-${size.name}`);
      }
      await context.close();
    }
  });

  // One device, loaded afresh at each size (a routed page takes nothing from the browser's cache).
  it(`is replaced by the app's own screen without anything moving (${SIZES.map((s) => s.name).join(", ")})`, async () => {
    const context = await suite.browser.newContext({ baseURL: suite.server.url });
    const page = await context.newPage();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const release = await holdTheApp(page);
      await page.goto("/join", { waitUntil: "commit" });
      await page.locator(".server-drawn h1").waitFor();
      // As the child first sees it: a browser paints nothing before the page's stylesheets have come.
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every((link) => link.sheet),
      );
      const boxes = () =>
        Promise.all(
          ["h1", ".code-input", "button[type=submit]", ".language-switch"].map((s) => page.locator(s).boundingBox()),
        );
      const drawnByServer = await boxes();
      release();
      await page.locator(".server-drawn").waitFor({ state: "detached" });
      expect(await boxes(), size.name).toEqual(drawnByServer);
      await page.unrouteAll();
    }
    await context.close();
  });

  it("takes no press and no typing until the app has started, then joins as always", async () => {
    const context = await suite.browser.newContext({
      baseURL: suite.server.url,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const release = await holdTheApp(page);
    await page.goto(`/join?code=${codes[0]}`, { waitUntil: "commit" });
    await page.locator(".server-drawn h1").waitFor();
    // Inert: the field cannot take the focus, the button cannot be pressed.
    expect(await page.locator(".server-drawn").getAttribute("inert")).toBe("");
    expect(
      await page
        .locator(".server-drawn .code-input")
        .evaluate((field) => (field.focus(), document.activeElement === field)),
    ).toBe(false);
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

  it("opens an Irish session's join link in Irish from the first screen, scripts off and on, on an English tablet (decision 029)", async () => {
    const irish = await hunt.start({ pupilLanguage: "ga" });
    // The link as the teacher hands it out: the codes page's address for the group (its QR code and Copy Link are the same link).
    const teacher = await suite.browser.newContext({ baseURL: suite.server.url });
    await teacher.addCookies(
      [...hunt.teacher.client.cookies].map(([name, value]) => ({ name, value, url: suite.server.url })),
    );
    const codesPage = await teacher.newPage();
    await codesPage.goto(`/session-codes/${irish.id}`);
    const href = (await codesPage.locator(".join-link a").first().getAttribute("href"))!;
    // The printed link is the one to type: the code alone.
    expect(await codesPage.locator(".join-link a").first().textContent()).toMatch(
      new RegExp(`/join\\?code=${irish.codes[0]}$`),
    );
    // The QR code is of the same link: its dark modules are those of that link's code, as qr-code.tsx encodes it.
    const modules = await codesPage.locator(".code-card svg.qr-code path").first().getAttribute("d");
    expect(modules!.match(/M\d+ \d+/g)).toEqual(
      encode(href, { ecc: "M", border: 2 }).data.flatMap((row, y) =>
        row.flatMap((dark, x) => (dark ? [`M${x} ${y}`] : [])),
      ),
    );
    await teacher.close();
    const link = `${new URL(href).pathname}${new URL(href).search}`;
    expect(link).toBe(`/join?code=${irish.codes[0]}&lang=ga`);

    const sizes = SIZES.filter((size) => size.name === "phone" || size.name === "tablet");
    const irishScreen = async (page: Page, scope: string) => {
      expect(await page.locator("html").getAttribute("lang")).toBe("ga-IE");
      expect(await page.locator(`${scope} h1`).textContent()).toBe(ga["pupil.join.title"]);
      expect(await page.locator(`${scope} button[type=submit]`).textContent()).toBe(ga["pupil.join.continue"]);
    };
    // Scripts off: what the server sent is the whole page, Irish though the browser asks for English.
    const still = await suite.browser.newContext({
      baseURL: suite.server.url,
      javaScriptEnabled: false,
      locale: "en-IE",
    });
    const stillPage = await still.newPage();
    for (const size of sizes) {
      await stillPage.setViewportSize(size);
      await stillPage.goto(link);
      await irishScreen(stillPage, ".server-drawn");
      await screenshot(stillPage, `join-link-irish-scripts-off-${size.name}`);
    }
    await still.close();

    // Scripts on: the server's Irish screen, then the app's own, Irish before any press, the code filled in.
    const context = await suite.browser.newContext({ baseURL: suite.server.url, locale: "en-IE" });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    for (const size of sizes) {
      await page.setViewportSize(size);
      const release = await holdTheApp(page);
      await page.goto(link, { waitUntil: "commit" });
      await page.locator(".server-drawn h1").waitFor();
      await irishScreen(page, ".server-drawn");
      release();
      await page.locator(".server-drawn").waitFor({ state: "detached" });
      await irishScreen(page, "main");
      expect(await page.locator(".code-input").inputValue()).toBe(irish.codes[0]);
      await screenshot(page, `join-link-irish-${size.name}`);
      await page.unrouteAll();
    }
    // The session's language is not kept on the device: the next session brings its own.
    expect(await page.evaluate(() => localStorage.getItem("cluehunt.language"))).toBeNull();
    await page.getByRole("button", { name: ga["pupil.join.continue"] }).click();
    await page.getByRole("heading", { name: ga["pupil.join.confirmTitle"] }).waitFor();

    // A child who chose English with the switch in this tab keeps it, link or not (as after the lookup).
    await page.goto(link);
    await page.getByRole("button", { name: "English" }).click();
    await page.getByRole("heading", { name: "Enter Join Code" }).waitFor();
    await page.reload();
    await page.locator(".server-drawn").waitFor({ state: "detached" });
    expect(await page.locator("main h1").textContent()).toBe("Enter Join Code");

    // The link of a session that has ended, on the next child's tab: still in Irish, and says so in Irish when pressed.
    expect((await hunt.end(irish.id)).status).toBe(200);
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(link);
    await page.locator(".server-drawn").waitFor({ state: "detached" });
    await irishScreen(page, "main");
    await page.getByRole("button", { name: ga["pupil.join.continue"] }).click();
    await page.getByText(ga["pupil.play.sessionEnded"]).waitFor();
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
