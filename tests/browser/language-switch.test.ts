/**
 * Choosing the language: the switch on every page, `<html lang>` following it, the
 * choice remembered on the device, a first visit following the browser's languages, server
 * errors shown in the reader's language, and axe in Irish. Screenshots for a person to look at.
 */

import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { axeViolations } from "../support/axe.ts";
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";
import { LAYOUT_VIEWPORTS, layoutProblems } from "../support/layout-checks.ts";

describe("the language switch", () => {
  const suite = useBrowserSuite({ db: "pglite" });
  const errors: string[][] = [];

  afterAll(async () => {
    expect(errors.flat()).toEqual([]);
  });

  async function newPage(options: { locale?: string; width?: number; height?: number } = {}): Promise<Page> {
    const context = await suite.browser.newContext({
      baseURL: suite.server.url,
      locale: options.locale ?? "en-IE",
      viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    });
    const page = await context.newPage();
    errors.push(watchPageErrors(page));
    return page;
  }

  it("switches the landing page to Irish and back, with <html lang>, and remembers it on the device", async () => {
    const page = await newPage();
    await page.goto("/");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en-IE");
    await page.getByText(en["landing.lead"]).waitFor();
    expect(await page.getByRole("button", { name: "English" }).getAttribute("aria-pressed")).toBe("true");

    await page.getByRole("button", { name: "Gaeilge" }).click();
    await page.getByText(ga["landing.lead"]).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ga-IE");
    expect(await page.getByRole("link", { name: ga["landing.studentJoin"] }).count()).toBe(1);
    expect(await page.getByRole("navigation", { name: ga["common.language.switchLabel"] }).count()).toBe(1);

    await page.reload();
    await page.getByText(ga["landing.lead"]).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ga-IE");

    await page.goto("/no-such-page");
    await page.getByRole("heading", { name: ga["notFound.title"] }).waitFor();

    await page.getByRole("button", { name: "English" }).click();
    await page.getByRole("heading", { name: en["notFound.title"] }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: en["notFound.title"] }).waitFor();
    await page.context().close();
  });

  it("opens in Irish on a first visit from a browser set to Irish", async () => {
    const page = await newPage({ locale: "ga-IE" });
    await page.goto("/");
    await page.getByText(ga["landing.lead"]).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ga-IE");
    await page.context().close();
  });

  it("shows a server's error in the reader's language: the body names its message by key", async () => {
    const page = await newPage({ locale: "ga-IE" });
    await page.goto("/");
    const body = await page.evaluate(async () => {
      const res = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      });
      return res.json();
    });
    expect(body.error).toMatchObject({
      code: "bad_request",
      key: "common.error.invalidJson",
      message: en["common.error.invalidJson"],
    });
    await page.context().close();
  });

  it("has no axe violations in Irish, and lays out at every size (screenshots)", async () => {
    for (const size of LAYOUT_VIEWPORTS.filter((v) => v.name !== "4k")) {
      const page = await newPage({ locale: "ga-IE", width: size.width, height: size.height });
      await page.goto("/");
      await page.getByText(ga["landing.lead"]).waitFor();
      expect(await axeViolations(page), size.name).toEqual([]);
      expect(await layoutProblems(page), size.name).toEqual([]);
      await screenshot(page, `language-landing-ga-${size.name}`);
      await page.context().close();
    }
  });
});
