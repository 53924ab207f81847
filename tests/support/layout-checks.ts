/**
 * What a person would call a broken layout, measured in the page: anything wider than the
 * viewport, text cut off by its box, and (for the given selector) boxes drawn over each other.
 * Returns human-readable problems; a test expects an empty list.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { takingScreenshots } from "./browser.ts";

export async function layoutProblems(page: Page, options: { noOverlap?: string } = {}): Promise<string[]> {
  return page.evaluate(({ noOverlap }) => {
    const problems: string[] = [];
    const describe = (el: Element) => {
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? ` class="${el.className}"` : ""}>${text}`;
    };
    // Text kept for screen readers only (a 1 px clipped box, e.g. .visually-hidden) is hidden on purpose.
    const forScreenReadersOnly = (el: Element) => {
      for (let at: Element | null = el; at && at !== document.body; at = at.parentElement) {
        const box = at.getBoundingClientRect();
        const s = getComputedStyle(at);
        if (box.width <= 1 && box.height <= 1 && (s.overflow === "hidden" || s.clip !== "auto")) return true;
      }
      return false;
    };
    const viewportWidth = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewportWidth + 1) {
      problems.push(
        `page scrolls sideways: ${document.documentElement.scrollWidth}px wide in a ${viewportWidth}px viewport`,
      );
    }
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden") continue;
      // A closed <details>' content is not drawn, but keeps the box of the width it was last laid out at.
      if (!el.checkVisibility()) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      if (forScreenReadersOnly(el)) continue;
      // Inside a box that says it scrolls, leaving the viewport is the box's business.
      let scroller: Element | null = el.parentElement;
      let insideScroller = false;
      while (scroller && scroller !== document.body) {
        const o = getComputedStyle(scroller).overflowX;
        if (o === "auto" || o === "scroll") {
          insideScroller = true;
          break;
        }
        scroller = scroller.parentElement;
      }
      if (!insideScroller && (rect.right > viewportWidth + 1 || rect.left < -1)) {
        problems.push(
          `leaves the viewport (${Math.round(rect.left)}–${Math.round(rect.right)} of ${viewportWidth}px): ${describe(el)}`,
        );
      }
      const clips = style.overflowX === "hidden" || style.overflowX === "clip" || style.textOverflow === "ellipsis";
      const hasOwnText = Array.from(el.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "",
      );
      if (clips && hasOwnText && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`text cut off (${el.scrollWidth}px in ${el.clientWidth}px): ${describe(el)}`);
      }
    }
    if (noOverlap) {
      const boxes = Array.from(document.querySelectorAll(noOverlap)).map((el) => ({
        el,
        r: el.getBoundingClientRect(),
      }));
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [first, second] = [boxes[i]!, boxes[j]!];
          const a = first.r;
          const b = second.r;
          if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) {
            problems.push(`overlap: ${describe(first.el)} and ${describe(second.el)}`);
          }
        }
      }
    }
    return problems;
  }, options);
}

/**
 * Resolves once the page has drawn the frame after the one under way: after a viewport change,
 * its layout and what its ResizeObservers changed (a growing textarea) are on the screen.
 */
export function twoFrames(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The sizes a pupil screen and the projector must survive. */
export const LAYOUT_VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
  { name: "laptop", width: 1366, height: 768 },
  { name: "projector", width: 1920, height: 1080 },
  { name: "4k", width: 3840, height: 2160 },
] as const;

/** The sizes a teacher's page is checked at: phone, tablet, laptop and the classroom's projector. */
export const TEACHER_PAGE_SIZES = {
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  laptop: { width: 1280, height: 900 },
  projector: { width: 1920, height: 1080 },
} as const;

/**
 * The page at each size: no layout problem, and (when screenshots are taken) a full-page picture of
 * each in `shotsDir` for a person to look at. Leaves the page at laptop size.
 */
export async function atEverySize(page: Page, shotsDir: string, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(TEACHER_PAGE_SIZES)) {
    await page.setViewportSize(viewport);
    expect(await layoutProblems(page), `${name} at ${size}`).toEqual([]);
    if (takingScreenshots) {
      fs.mkdirSync(shotsDir, { recursive: true });
      await page.screenshot({ path: path.join(shotsDir, `${name}-${size}.png`), fullPage: true });
    }
  }
  await page.setViewportSize(TEACHER_PAGE_SIZES.laptop);
}
