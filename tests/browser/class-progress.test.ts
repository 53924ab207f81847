/**
 * A class's progress in Chromium: a teacher's class, two sessions started with it (two
 * games), two pupils pick their names and play; the class's progress page, reached from My classes,
 * shows each child's two sessions and what needs another look: what they got wrong at the first
 * try, with that first answer (a typed one as typed), the note of the option chosen, right later or not. axe at 0; the same page in Irish; screenshots at phone, tablet and laptop sizes (/tmp/shots-class-progress), for a person to look at.
 */
import { describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { expectAxeClean } from "../support/axe.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { attemptId, joinedStudent, threeQuestionGame } from "../support/classroom.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { atEverySize } from "../support/layout-checks.ts";
import { withOptionNotes } from "../support/option-notes.ts";

const SHOTS = "/tmp/shots-class-progress";
const MILK_NOTE = "mixes up the words for the things on the breakfast table";

const numbersGame = {
  title: "Mata - 3rd Class - Suimeanna",
  description: "Sums",
  questions: [
    { questionText: "2 + 2?", options: ["4", "5", "6", "3"], correctAnswer: 0 },
    // Typed (decision 050): what the child typed is what the page says they answered.
    { kind: "typed", questionText: "5 + 4?", options: ["9", "nine"], clue: "Count on from 5." },
  ],
};

describe.each([browserDatabaseKind("pglite")])("a class's progress in Chromium on %s", (db) => {
  const suite = useBrowserSuite({ db });

  it("shows each child's two sessions started with the class, and what needs another look, in English and Irish", async () => {
    const page = await suite.newPage({ locale: "en-IE" });
    await page.goto("/privacy");
    await signUpInPage(page, "Múinteoir Síle", { email: `progress-${Date.now()}@scoil.ie`, through: "api" });
    const food = (
      await pageApi<{ id: string }>(
        page,
        "/api/games",
        withOptionNotes(threeQuestionGame, { 1: [MILK_NOTE, null, null, null] }),
      )
    ).body.id;
    const numbers = (await pageApi<{ id: string }>(page, "/api/games", numbersGame)).body.id;
    const saved = await pageApi<{ class: { id: string } }>(page, "/api/classes", {
      name: "3rd Class 2026",
      names: "Áine\nSeán\nOisín",
    });
    expect(saved.status).toBe(201);
    const classId = saved.body.class.id;
    const codeOf = async (gameId: string) => {
      const started = await pageApi<{ id: string }>(page, "/api/sessions", { gameId, groupCount: 1, classId });
      expect(started.status).toBe(201);
      const detail = await pageApi<{ session: { groups: { joinCode: string }[] } }>(
        page,
        `/api/sessions/${started.body.id}`,
      );
      return detail.body.session.groups[0]!.joinCode;
    };

    // Two sessions with the class, two games; Áine and Seán pick their names and play.
    const first = await codeOf(food);
    const aine = await joinedStudent(suite.server.url, first, "Áine");
    await aine.answer(0, 0); // wrong at the first try, right later
    await aine.answer(0, 1);
    await aine.answer(1, 0); // still wrong, an option with a note
    await aine.client.post(`/api/play/${aine.progressId}/help`, { requested: true });
    const sean = await joinedStudent(suite.server.url, first, "Seán");
    await sean.answer(0, 1);
    await sean.answer(1, 2);
    await sean.answer(2, 0);
    const second = await codeOf(numbers);
    const aine2 = await joinedStudent(suite.server.url, second, "Áine");
    await aine2.answer(0, 0);
    const typed = await aine2.client.post(`/api/play/${aine2.progressId}/answers`, {
      questionIndex: 1,
      typedAnswer: "eight",
      attemptId: attemptId(),
    });
    expect(typed.body.isCorrect).toBe(false); // wrong: the clue is shown
    const sean2 = await joinedStudent(suite.server.url, second, "Seán");
    await sean2.answer(0, 0);

    // From My classes, the class's Progress.
    await page.goto("/classes");
    await page.getByRole("link", { name: "Progress of 3rd Class 2026" }).click();
    await page.getByRole("heading", { level: 1, name: "Progress: 3rd Class 2026" }).waitFor();

    const pupil = (name: string) => page.getByRole("region", { name, exact: true });
    const rows = async (name: string) =>
      (await pupil(name).getByRole("row").allInnerTexts()).slice(1).map((r) => r.split(/\s*\t\s*|\n/).filter(Boolean));
    const aineRows = await rows("Áine");
    expect(aineRows).toHaveLength(2);
    expect(aineRows[0]).toEqual(expect.arrayContaining([threeQuestionGame.title, "1 of 3", "Yes"]));
    expect(aineRows[1]).toEqual(expect.arrayContaining([numbersGame.title, "1 of 2", "No"]));
    const seanRows = await rows("Seán");
    expect(seanRows).toHaveLength(2);
    expect(seanRows[0]).toEqual(expect.arrayContaining([threeQuestionGame.title, "3 of 3"]));
    expect(seanRows[1]).toEqual(expect.arrayContaining([numbersGame.title, "1 of 2"]));
    await pupil("Áine").getByText(en["classes.progress.needsLook"]).waitFor();
    // Grouped by session: each game's title (and date) once.
    expect(await pupil("Áine").locator(".needs-look-session > p").allInnerTexts()).toEqual([
      expect.stringContaining(`${threeQuestionGame.title} · `),
      expect.stringContaining(`${numbersGame.title} · `),
    ]);
    expect(await pupil("Áine").getByRole("listitem").allInnerTexts()).toEqual([
      "Cad é 'apple'? · first answer: oráiste · right later",
      `Cad é 'bread'? · first answer: bainne — ${MILK_NOTE} · still wrong`,
      "5 + 4? · first answer: eight · still wrong",
    ]);
    expect(await pupil("Seán").getByText(en["classes.progress.needsLook"]).count()).toBe(0);
    expect(await pupil("Oisín").getByText(en["classes.progress.pupilNone"]).count()).toBe(1);
    await expectAxeClean(page, "class progress");
    await atEverySize(page, SHOTS, "class-progress");

    // The same page in Irish.
    await page.getByRole("button", { name: "Gaeilge", exact: true }).click();
    const irish = page;
    await irish.getByRole("heading", { level: 1, name: "Dul chun cinn: 3rd Class 2026" }).waitFor();
    await irish.getByRole("columnheader", { name: ga["classes.progress.firstTry"] }).first().waitFor();
    await irish.getByText("1 as 3").waitFor();
    await irish.getByText(`${ga["classes.progress.firstAnswer"].replace("{answer}", "eight")}`).waitFor();
    await expectAxeClean(irish, "class progress in Irish");
    await atEverySize(irish, SHOTS, "class-progress-ga");
    await irish.getByRole("button", { name: "English", exact: true }).click();
    expect(suite.errors.flat()).toEqual([]);
  });
});
