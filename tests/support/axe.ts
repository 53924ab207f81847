/** axe-core in Chromium, with the rules every screen is held to (AXE_TAGS). */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { AXE_TAGS } from "./browser.ts";

/** What axe finds on the page as it is now, one line per rule broken. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}`,
  );
}
