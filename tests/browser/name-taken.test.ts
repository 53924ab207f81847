/**
 * A second device asks for a name already used in the session: the join page tells the
 * child, in words they can act on, and keeps what they typed. Screenshots at every size.
 */
import { describe, expect, it } from "vitest";
import { inEnglish } from "../../src/server/i18n.ts";
import { nameTakenMessage } from "../../src/shared/text.ts";
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";
import { joinedStudent, teacherWithSession } from "../support/classroom.ts";
import { LAYOUT_VIEWPORTS, layoutProblems } from "../support/layout-checks.ts";

describe("a name another pupil already has", () => {
  const suite = useBrowserSuite({ db: "pglite" });
  it("is refused on the join page with a message a child can act on, at every screen size", async () => {
    const { session } = await teacherWithSession(suite.server.url, 2);
    await joinedStudent(suite.server.url, session.groups[0].joinCode, "Aoife");
    for (const viewport of LAYOUT_VIEWPORTS.filter((v) => v.name !== "4k")) {
      const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(`/join?code=${session.groups[1].joinCode}`);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByLabel("Your Name").fill("aoife");
      await page.getByRole("button", { name: "Join Game" }).click();
      await page.getByText(inEnglish(nameTakenMessage("aoife"))).waitFor({ timeout: 5000 });
      expect(await page.getByLabel("Your Name").inputValue()).toBe("aoife");
      expect(page.url()).toContain("/join");
      expect(await layoutProblems(page)).toEqual([]);
      await screenshot(page, `name-taken-${viewport.width}x${viewport.height}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
