/**
 * Checks for a screen shown in Irish, shared by the teacher's Irish browser tests:
 * `<html lang="ga-IE">`, no catalogue key or encoded message on the screen, laid out at each
 * size, axe clean on a phone, and a screenshot at each size to look at.
 */

import type { Page } from "playwright-core";
import { expect } from "vitest";
import { axeViolations } from "./axe.ts";
import { screenshot } from "./browser.ts";
import { layoutProblems } from "./layout-checks.ts";

export const IRISH_SCREEN_SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
  { name: "laptop", width: 1366, height: 768 },
  { name: "projector", width: 1920, height: 1080 },
] as const;

/** A message's text before its first placeholder: what a sentence with a name or a number in it starts with. */
export const lead = (text: string) => text.split("{")[0]!.trim();

/** A catalogue key on the screen is a text that was never translated; `|{"` an encoded message shown raw. */
export const untranslatedKeys = (page: Page) =>
  page.evaluate(
    () =>
      document.body.innerText.match(
        /\b(common|pupil|auth|account|dashboard|library|sharing|games|privacy|catalogue|sessions|results|limits)\.[a-z][A-Za-z.]*|\|\{"/g,
      ) ?? [],
  );

/** Every check of an Irish screen at each size, then back to the page's own size. `ready` waits for what the screen must show. */
export async function checkIrishScreen(page: Page, name: string, ready: () => Promise<unknown>) {
  const at = page.viewportSize()!;
  for (const size of IRISH_SCREEN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await ready();
    expect(await page.locator("html").getAttribute("lang"), name).toBe("ga-IE");
    expect(await untranslatedKeys(page), name).toEqual([]);
    expect(await layoutProblems(page), `${name} at ${size.name}`).toEqual([]);
    if (size.name === "phone") expect(await axeViolations(page), name).toEqual([]);
    await screenshot(page, `${name}-${size.name}`);
  }
  await page.setViewportSize(at);
}
