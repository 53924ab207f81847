/** axe-core in Chromium, with the rules every screen is held to (AXE_TAGS). */
import AxeBuilder from "@axe-core/playwright";
import axe, { type RunOptions } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { AXE_TAGS } from "./browser.ts";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/**
 * axe run once on the page as it is now, with `tags` (AXE_TAGS unless told).
 *
 * In one pass on the page itself (what the builder calls its "legacy mode"): by default the
 * builder runs axe per frame and then opens a blank page to merge the frames' results, for pages
 * that embed other sites' frames; ours embed none. And only the violations are gathered: every
 * node of every violation, but not the thousands of passes nobody reads. Measured on the
 * accessibility file's 43 screens, under the same load: 125 s of axe instead of 290 s, the same
 * violations.
 *
 * axe's script is put into a page once, then each run is axe.run alone, configured and called
 * as the builder's legacy mode does (the builder compiles the 550 kB script twice on every run and
 * asks the page three more questions): measured on a pupil's question screen, 0.15 s of CPU a run
 * instead of 0.30 s. A page with frames of its own still goes through the builder, which puts axe
 * into every frame.
 */
export async function axeRun(page: Page, tags: string[] = AXE_TAGS): Promise<AxeResults> {
  const options: RunOptions = { resultTypes: ["violations"], runOnly: { type: "tag", values: tags } };
  if (page.frames().length > 1)
    return new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ["violations"] })
      .withTags(tags)
      .analyze();
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  if (!present) {
    await page.evaluate(axe.source);
    // The builder's own configuration in legacy mode: results name it, frames of the same origin only.
    await page.evaluate(() =>
      (window as unknown as { axe: typeof axe }).axe.configure({
        allowedOrigins: ["<same_origin>"],
        branding: { application: "playwright" },
      }),
    );
  }
  return page.evaluate(
    ({ options }) =>
      (window as unknown as { axe: typeof axe }).axe.run(
        { exclude: [], include: [] },
        options,
      ) as unknown as Promise<AxeResults>,
    { options },
  );
}

/** What axe finds on the page as it is now, one line per rule broken. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await axeRun(page);
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}`,
  );
}

/** The screen has no axe violation (each named as axeViolations names it, under `screen`). */
export async function expectAxeClean(page: Page, screen: string): Promise<void> {
  expect(await axeViolations(page), screen).toEqual([]);
}
