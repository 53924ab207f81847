/**
 * My classes in Chromium: a teacher saves a class of six first names, renames it, starts
 * a session with it from Start Session, and a pupil on a phone picks a name from it on the join
 * step; the class is then deleted with its confirmation. axe on the classes page and the form; the
 * same pages in Irish; screenshots of the list, the form with a problem and Start Session with a
 * class chosen at phone, tablet and laptop sizes (/tmp/shots-classes-web), for a person to look at.
 */
import { describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { expectAxeClean } from "../support/axe.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { atEverySize, TEACHER_PAGE_SIZES } from "../support/layout-checks.ts";
import { sampleGame } from "../support/teachers.ts";

const NAMES = ["Seán", "Áine", "Oisín", "Niamh", "Cian", "Éabha"];
/** As the join step orders them: alphabetical with fadas folded. */
const IN_ORDER = ["Áine", "Cian", "Éabha", "Niamh", "Oisín", "Seán"];

const SHOTS = "/tmp/shots-classes-web";

const option = (name: string, count: number, pupils: string) => `${name} (${count} ${pupils})`;

describe.each([browserDatabaseKind("pglite")])("saved classes in Chromium on %s", (db) => {
  const suite = useBrowserSuite({ db });
  let counter = 0;

  /** A teacher signed up from the page (its context's language), with one game. */
  async function teacherPage(locale: string) {
    const page = await suite.newPage({ locale, allowed: [/EventSource/] });
    await page.goto("/privacy");
    await signUpInPage(page, "Múinteoir Síle", {
      email: `classes-${Date.now()}-${++counter}@scoil.ie`,
      through: "api",
    });
    const game = await pageApi<{ id: string }>(page, "/api/games", sampleGame());
    expect(game.status).toBe(201);
    return { page, gameId: game.body.id };
  }

  it("a teacher saves a class, renames it, starts a session with it; a pupil picks a name from it; the class is deleted", async () => {
    const { page, gameId } = await teacherPage("en-IE");

    // The dashboard's My classes, with no class yet.
    await page.goto("/dashboard");
    await page.getByRole("link", { name: en["dashboard.myClasses"] }).waitFor();
    await atEverySize(page, SHOTS, "dashboard");
    await page.getByRole("link", { name: en["dashboard.myClasses"] }).click();
    await page.getByRole("heading", { level: 1, name: en["classes.title"] }).waitFor();
    await page.getByText(en["classes.none"]).waitFor();
    await expectAxeClean(page, "My classes, empty");

    // Save with no name: the form says so, in the server's words, and keeps what was typed.
    const form = page.locator("form.class-form");
    await form.getByLabel(en["classes.form.names"]).fill(NAMES.join("\n"));
    await form.getByRole("button", { name: en["classes.form.save"] }).click();
    await form.getByRole("alert").filter({ hasText: en["classes.nameRequired"] }).waitFor();
    expect(await form.getByLabel(en["classes.form.name"]).getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("INPUT");
    expect(await form.getByLabel(en["classes.form.names"]).inputValue()).toBe(NAMES.join("\n"));
    expect(await form.getByText("6 pupils").count()).toBe(1);
    await expectAxeClean(page, "the New class form with a problem");
    await atEverySize(page, SHOTS, "classes-form-error");

    // A name too long, then too many names for a class list: Start Session's own message.
    await form.getByLabel(en["classes.form.name"]).fill("x".repeat(61));
    await form.getByRole("button", { name: en["classes.form.save"] }).click();
    await form.getByRole("alert").filter({ hasText: "A class name can be at most 60 characters." }).waitFor();
    await form.getByLabel(en["classes.form.name"]).fill("3rd Class 2026");
    const many = Array.from({ length: 61 }, (_, i) => `Pupil ${i + 1}`).join("\n");
    await form.getByLabel(en["classes.form.names"]).fill(many);
    await form.getByRole("button", { name: en["classes.form.save"] }).click();
    await form.getByRole("alert").filter({ hasText: "A class list can hold at most 60 names." }).waitFor();

    // Saved: the list shows its name, level and number of pupils; the form is empty again.
    await form.getByLabel(en["classes.form.names"]).fill(["Seán", "", ...NAMES.slice(1), "seán"].join("\n"));
    await form.getByLabel(en["classes.form.level"]).selectOption("3rd Class");
    await form.getByRole("button", { name: en["classes.form.save"] }).click();
    await page.getByRole("status").filter({ hasText: "Saved “3rd Class 2026”." }).waitFor();
    const card = page.locator(".item-card", { hasText: "3rd Class 2026" });
    await card.getByText("3rd Class · 6 pupils").waitFor();
    expect(await form.getByLabel(en["classes.form.name"]).inputValue()).toBe("");
    await expectAxeClean(page, "My classes with a class");
    await atEverySize(page, SHOTS, "classes-list");

    // Renamed on its edit page; the list shows the new name.
    await card.getByRole("link", { name: "Edit 3rd Class 2026" }).click();
    await page.getByRole("heading", { level: 1, name: en["classes.editTitle"] }).waitFor();
    const edit = page.locator("form.class-form");
    expect(await edit.getByLabel(en["classes.form.names"]).inputValue()).toBe(NAMES.join("\n"));
    await edit.getByLabel(en["classes.form.name"]).fill("3rd Class 2026 (Room 4)");
    await expectAxeClean(page, "the class's edit page");
    await edit.getByRole("button", { name: en["classes.form.saveChanges"] }).click();
    await page.waitForURL("**/classes");
    await page.locator(".item-card", { hasText: "3rd Class 2026 (Room 4)" }).getByText("6 pupils").waitFor();

    // A new game's AI section starts at the class's level; the teacher may still change it.
    await page.goto("/create-game");
    const level = page.getByLabel(en["games.ai.level"], { exact: true });
    await expect.poll(() => level.inputValue()).toBe("3rd Class");
    await level.selectOption("");
    expect(await level.inputValue()).toBe("");

    // Start Session: the class chosen shows its names, read-only, in place of the paste box.
    await page.goto(`/start-session/${gameId}`);
    const classSelect = page.getByLabel(en["sessions.start.savedClass"], { exact: true });
    await classSelect.waitFor();
    expect(await classSelect.locator("option").allTextContents()).toEqual([
      en["sessions.start.noSavedClass"],
      option("3rd Class 2026 (Room 4)", 6, "pupils"),
    ]);
    expect(await page.getByLabel(en["sessions.start.classList"]).count()).toBe(1);
    await classSelect.selectOption({ label: option("3rd Class 2026 (Room 4)", 6, "pupils") });
    expect(await page.getByLabel(en["sessions.start.classList"]).count()).toBe(0);
    const names = page.getByRole("list", { name: "Pupils choose their name from 3rd Class 2026 (Room 4):" });
    expect(await names.getByRole("listitem").allTextContents()).toEqual(NAMES);
    expect(await page.getByRole("link", { name: "Edit 3rd Class 2026 (Room 4)" }).count()).toBe(1);
    await expectAxeClean(page, "Start Session with a class chosen");
    await atEverySize(page, SHOTS, "start-session-class");

    // The edit link comes back here after saving.
    await page.getByRole("link", { name: "Edit 3rd Class 2026 (Room 4)" }).click();
    await page.getByRole("link", { name: en["classes.backToStart"] }).click();
    await page.waitForURL(`**/start-session/${gameId}`);
    await page
      .getByLabel(en["sessions.start.savedClass"], { exact: true })
      .selectOption({ label: option("3rd Class 2026 (Room 4)", 6, "pupils") });
    await page.getByRole("button", { name: en["sessions.start.submit"] }).click();
    await page.waitForURL(/\/session-codes\//);
    const sessionId = page.url().split("/").pop()!;
    const detail = await pageApi<{ session: { groups: Array<{ joinCode: string }> } }>(
      page,
      `/api/sessions/${sessionId}`,
    );
    const code = detail.body.session.groups[0]!.joinCode;

    // A pupil on a phone sees the class's names on the join step and picks one.
    const pupil = await suite.newPage({ viewport: TEACHER_PAGE_SIZES.phone, hasTouch: true, allowed: [/EventSource/] });
    await pupil.goto(`/join?code=${code}`);
    await pupil.locator("#join-code").press("Enter");
    await pupil.locator(".class-list-picker").waitFor();
    expect(await pupil.locator(".class-name .name-text").allTextContents()).toEqual(IN_ORDER);
    await pupil.getByRole("radio", { name: "Niamh" }).tap();
    await pupil.getByRole("button", { name: en["pupil.join.joinButton"] }).click();
    await pupil.waitForURL(/\/play\//);
    await pupil.getByText(/^Question 1 of \d$/).waitFor();

    // Deleted after its confirmation; Cancel first leaves it.
    await page.goto("/classes");
    const saved = page.locator(".item-card", { hasText: "3rd Class 2026 (Room 4)" });
    await saved.getByRole("button", { name: "Delete 3rd Class 2026 (Room 4)" }).click();
    const dialog = page.getByRole("dialog", { name: en["classes.deleteDialog.title"] });
    await dialog
      .getByText("Delete “3rd Class 2026 (Room 4)” and its list of names for good?", { exact: false })
      .waitFor();
    await expectAxeClean(page, "the delete confirmation");
    await dialog.getByRole("button", { name: en["dashboard.cancel"] }).click();
    expect(await saved.count()).toBe(1);
    await saved.getByRole("button", { name: "Delete 3rd Class 2026 (Room 4)" }).click();
    await dialog.getByRole("button", { name: en["classes.delete"] }).click();
    await page.getByRole("status").filter({ hasText: "Deleted “3rd Class 2026 (Room 4)”." }).waitFor();
    expect(await saved.count()).toBe(0);
    await page.getByText(en["classes.none"]).waitFor();
    // The session keeps its own copy of the names: another pupil still picks from them.
    const lookup = await pageApi<{ classList: Array<{ name: string; taken: boolean }> | null }>(
      pupil,
      "/api/join/lookup",
      { code },
    );
    expect(lookup.body.classList?.map((entry) => entry.name).sort()).toEqual([...NAMES].sort());
    expect(suite.errors.flat()).toEqual([]);
  });

  it("in Irish: My classes, the form with a problem and Start Session with a class chosen, axe at 0", async () => {
    const { page, gameId } = await teacherPage("ga-IE");
    await page.goto("/classes");
    await page.getByRole("heading", { level: 1, name: ga["classes.title"] }).waitFor();
    const form = page.locator("form.class-form");
    await form.getByLabel(ga["classes.form.name"]).fill("Rang a 3 2026");
    await form.getByRole("button", { name: ga["classes.form.save"] }).click();
    await form.getByRole("alert").filter({ hasText: ga["classes.namesRequired"] }).waitFor();
    await expectAxeClean(page, "an fhoirm le fadhb");
    await atEverySize(page, SHOTS, "ga-classes-form-error");
    await form.getByLabel(ga["classes.form.names"]).fill(NAMES.join("\n"));
    await form.getByLabel(ga["classes.form.level"]).selectOption({ label: "Rang a 3" });
    await form.getByRole("button", { name: ga["classes.form.save"] }).click();
    await page.locator(".item-card", { hasText: "Rang a 3 2026" }).getByText("Rang a 3 · 6 dhalta").waitFor();
    await expectAxeClean(page, "Mo ranganna");
    await atEverySize(page, SHOTS, "ga-classes-list");

    await page.goto(`/start-session/${gameId}`);
    await page
      .getByLabel(ga["sessions.start.savedClass"], { exact: true })
      .selectOption({ label: option("Rang a 3 2026", 6, "dhalta") });
    await page.getByRole("list", { name: "Roghnaíonn na daltaí a n-ainm ó Rang a 3 2026:" }).waitFor();
    await expectAxeClean(page, "Tosaigh seisiún le rang");
    await atEverySize(page, SHOTS, "ga-start-session-class");
    expect(suite.errors.flat()).toEqual([]);
  });
});
