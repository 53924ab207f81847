/** axe-core in Chromium, with the rules every screen is held to (AXE_TAGS). */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { AXE_TAGS } from "./browser.ts";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/**
 * axe run once on the page as it is now, with `tags` (AXE_TAGS unless told).
 *
 * In one pass on the page itself (axe.run, the builder's "legacy mode"): by default the builder
 * runs axe per frame and then opens a blank page to merge the frames' results, for pages that
 * embed other sites' frames; ours embed none. And only the violations are gathered: every node of
 * every violation, but not the thousands of passes nobody reads. Measured on the accessibility
 * file's 43 screens, under the same load: 125 s of axe instead of 290 s, the same violations.
 */
export function axeRun(page: Page, tags: string[] = AXE_TAGS): Promise<AxeResults> {
  return new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .withTags(tags)
    .analyze();
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
