/** axe-core in Chromium: the rules every screen is held to (WCAG 2.0–2.2 A and AA, and axe's best practices). */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

/** What axe finds on the page as it is now, one line per rule broken. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}
