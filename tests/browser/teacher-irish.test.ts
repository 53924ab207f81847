/**
 * A Gaelscoil teacher's own screens in Irish: sign up on a page switched to Irish,
 * the dashboard (games, filters with Irish subject and class names, sessions with Irish dates,
 * the share panel, the delete dialog), the account page, the privacy page and a colleague's
 * shared game; every text from the Irish catalogue, `<html lang="ga-IE">`, no catalogue key
 * showing, axe clean. The account keeps the language: on a new device set to English the page
 * turns Irish as the teacher signs in, and the switch pressed there is saved for the next one.
 * Screenshots at phone and laptop size, to look at.
 */

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { watchPageErrors } from "../support/browser.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";
import { checkIrishScreen, IRISH_SCREEN_SIZES, lead } from "../support/irish-screens.ts";
import { sampleGame, signedUpTeacher } from "../support/teachers.ts";

const IRISH_MONTHS = [
  "Eanáir",
  "Feabhra",
  "Márta",
  "Aibreán",
  "Bealtaine",
  "Meitheamh",
  "Iúil",
  "Lúnasa",
  "Meán Fómhair",
  "Deireadh Fómhair",
  "Samhain",
  "Nollaig",
];

describe("a teacher's screens in Irish", () => {
  const suite = useBrowserSuite({ db: "pglite" });
  const errors: string[][] = [];
  const teacher = {
    displayName: "Múinteoir Siobhán",
    email: `siobhan-${Date.now()}@gaelscoil.ie`,
    password: "Pasfhocal-láidir-1",
  };
  let sharedLink = "";

  beforeAll(async () => {
    // A colleague in another school shares an Irish game (subject Irish: its questions are in Irish).
    const colleague = await signedUpTeacher(suite.server.url, { displayName: "Máistir Ó Conaill" });
    const game = await colleague.client.post(
      "/api/games",
      sampleGame({
        title: "Gaeilge - Rang a 4 - An Fómhar",
        description: "Focail an fhómhair",
        aiLastUsedSubject: "Irish",
        aiLastUsedLevel: "4th Class",
        questions: [
          {
            questionText: "Cén dath a bhíonn ar na duilleoga san fhómhar?",
            options: ["gorm", "donn", "bándearg", "corcra"],
            correctAnswer: 1,
            clue: "Smaoinigh ar an talamh faoi na crainn.",
          },
          {
            questionText: "Cén mhí a thagann roimh Shamhain?",
            options: ["Deireadh Fómhair", "Nollaig", "Márta", "Iúil"],
            correctAnswer: 0,
          },
        ],
      }),
    );
    expect(game.status).toBe(201);
    const on = await colleague.client.request("PUT", `/api/games/${game.body.id}/share`);
    expect(on.status).toBe(200);
    sharedLink = on.body.sharePath as string;
  });
  afterAll(async () => {
    expect(errors.flat()).toEqual([]);
  });

  async function newDevice(
    locale: string,
    size: { width: number; height: number } = IRISH_SCREEN_SIZES.find((s) => s.name === "laptop")!,
  ): Promise<Page> {
    const context = await suite.browser.newContext({
      baseURL: suite.server.url,
      locale,
      viewport: { width: size.width, height: size.height },
    });
    const page = await context.newPage();
    errors.push(watchPageErrors(page, [/EventSource|net::ERR_FAILED/]));
    return page;
  }

  /** In Irish, no key showing, axe clean, laid out; then a screenshot at each size. */
  const checkScreen = (page: Page, name: string, ready: () => Promise<unknown>) =>
    checkIrishScreen(page, `teacher-irish-${name}`, ready);

  /** A request from the signed-in page, as the page's own code would send it. */
  const fromPage = (page: Page, method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ({ method, path, body }) => {
        const res = await fetch(path, {
          method,
          headers: body === undefined ? {} : { "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: await res.json() };
      },
      { method, path, body },
    );

  it("signs up in Irish, and the dashboard, account, privacy and shared game pages are in Irish", async () => {
    const page = await newDevice("en-IE");
    await page.goto("/signup");
    await page.getByRole("heading", { name: en["auth.signup.title"] }).waitFor();
    await page.getByRole("button", { name: "Gaeilge", exact: true }).click();
    await page.getByRole("heading", { name: ga["auth.signup.title"] }).waitFor();
    // The form's own refusal, in Irish, before anything is sent.
    await page.getByRole("button", { name: ga["auth.signup.submit"] }).click();
    await page.getByText(ga["auth.displayNameRequired"]).first().waitFor();
    await checkScreen(page, "signup", () => page.getByRole("heading", { name: ga["auth.signup.title"] }).waitFor());

    await page.getByLabel(ga["auth.field.displayName"]).fill(teacher.displayName);
    await page.getByLabel(ga["auth.field.email"]).fill(teacher.email);
    await page.getByLabel(ga["auth.field.password"], { exact: true }).fill(teacher.password);
    await page.getByRole("button", { name: ga["auth.signup.submit"] }).click();
    await page.getByRole("heading", { name: ga["dashboard.title"] }).waitFor();
    await page.getByText(ga["dashboard.noGames"]).waitFor();
    // Signed up in Irish: the account keeps Irish (saved as the teacher arrived, with no choice of their own yet).
    await expect.poll(async () => (await fromPage(page, "GET", "/api/me")).body.user.preferredLanguage).toBe("ga");

    // Seven games (past the six that bring the filters), Irish and English subjects, and sessions.
    const subjects = [
      ["Irish", "4th Class", "Gaeilge"],
      ["Geography", "3rd Class", "Tíreolaíocht"],
      ["Mathematics", "Junior Infants", "Mata"],
      ["Science", "6th Class", "Eolaíocht"],
      ["History", "5th Class", "Stair"],
      ["Music", "Senior Infants", "Ceol"],
      ["SPHE", "2nd Class", "OSPS"],
    ] as const;
    const ids: string[] = [];
    for (const [i, [subject, level, irish]] of subjects.entries()) {
      const made = await fromPage(
        page,
        "POST",
        "/api/games",
        sampleGame({
          title: `Cluiche ${i + 1}: ${irish}`,
          description: "",
          aiLastUsedSubject: subject,
          aiLastUsedLevel: level,
          language: "ga",
        }),
      );
      expect(made.status).toBe(201);
      ids.push(made.body.id as string);
    }
    const active = await fromPage(page, "POST", "/api/sessions", { gameId: ids[0], groupCount: 2 });
    const ended = await fromPage(page, "POST", "/api/sessions", { gameId: ids[1], groupCount: 2 });
    expect([active.status, ended.status]).toEqual([201, 201]);
    expect((await fromPage(page, "POST", `/api/sessions/${ended.body.id}/end`, {})).status).toBe(200);

    await page.reload();
    await page.getByRole("heading", { name: ga["dashboard.yourGames"] }).waitFor();
    // Subject and class names in the filters are Irish; the values stay the stored English.
    // The teacher's own games' filters (the starter hunts have theirs too).
    const ownGames = page.getByRole("region", { name: ga["dashboard.yourGames"] });
    const subjectFilter = ownGames.getByLabel(ga["dashboard.filters.subject"]);
    // The heading comes before the games: the filters appear with them.
    await expect
      .poll(() => subjectFilter.locator("option").allTextContents())
      .toEqual(
        expect.arrayContaining([
          ga["dashboard.filters.allSubjects"],
          ga["catalogue.subject.Irish"],
          ga["catalogue.subject.Geography"],
          ga["catalogue.subject.Mathematics"],
        ]),
      );
    await subjectFilter.selectOption({ label: ga["catalogue.subject.Geography"] });
    // Seven takes the eclipsed noun: "7 gcluiche" (docs/GLOSSARY-GA.md, numbers).
    await page.getByText("1 as 7 gcluiche á dtaispeáint").waitFor();
    await ownGames
      .getByLabel(ga["dashboard.filters.level"])
      .selectOption({ label: ga["catalogue.level.JuniorInfants"] });
    await page.getByText(ga["library.noMatches"]).waitFor();
    await subjectFilter.selectOption({ label: ga["dashboard.filters.allSubjects"] });
    await ownGames.getByLabel(ga["dashboard.filters.level"]).selectOption({ label: ga["dashboard.filters.allLevels"] });
    // Dates in Irish: the month's Irish name, in the active and the past session.
    const now = new Date();
    for (const key of ["dashboard.startedAt", "dashboard.endedAt"] as const) {
      const line = await page.getByText(lead(ga[key])).first().textContent();
      expect(line).toContain(`${now.getDate()} ${IRISH_MONTHS[now.getMonth()]} ${now.getFullYear()}`);
    }
    await checkScreen(page, "dashboard", () =>
      page.getByRole("heading", { name: ga["dashboard.yourGames"] }).waitFor(),
    );

    // The share panel of the newest game (first in the list), and the delete dialog.
    const card = page.locator(".game-card", { hasText: "Cluiche 7:" });
    await card.getByRole("button", { name: ga["sharing.share"] }).click();
    await card.getByText(ga["sharing.linkOffState"]).waitFor();
    await card.getByRole("button", { name: ga["sharing.turnOn"] }).click();
    await card.getByText(ga["sharing.linkOn"]).waitFor();
    expect(
      await card
        .getByRole("button", { name: ga["sharing.downloadLabel"].replace("{title}", "Cluiche 7: OSPS") })
        .count(),
    ).toBe(1);
    await checkScreen(page, "dashboard-share", () =>
      card.getByRole("button", { name: ga["sharing.turnOff"] }).waitFor(),
    );
    await card.getByRole("button", { name: ga["dashboard.delete"] }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: ga["dashboard.deleteDialog.deleteTitle"] }).waitFor();
    await checkScreen(page, "dashboard-delete-dialog", () =>
      dialog.getByRole("button", { name: ga["dashboard.deleteDialog.deleteButton"] }).waitFor(),
    );
    await dialog.getByRole("button", { name: ga["dashboard.cancel"] }).click();

    // A game file that is not one, refused in Irish.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "liosta.json", mimeType: "application/json", buffer: Buffer.from('{"title":"x"}') });
    await page
      .getByRole("alert")
      .filter({ hasText: lead(ga["games.file.notAGameFile"]) })
      .waitFor();

    await page.getByRole("link", { name: ga["dashboard.myAccount"] }).click();
    await page.getByRole("heading", { name: ga["account.title"], exact: true }).waitFor();
    await page.getByRole("button", { name: ga["account.name.submit"] }).waitFor();
    // A server refusal by key, shown in Irish.
    // Three forms ask for the current password (decision 030): this is the password form's.
    await page
      .getByRole("region", { name: ga["account.password.title"], exact: true })
      .getByLabel(ga["account.field.currentPassword"])
      .fill("ní-é-seo-é");
    await page.getByLabel(ga["account.field.newPassword"]).fill("Pasfhocal-nua-2");
    await page.getByRole("button", { name: ga["account.password.submit"] }).click();
    await page.getByText(ga["account.wrongPassword"]).waitFor();
    await checkScreen(page, "account", () =>
      page.getByRole("heading", { name: ga["account.title"], exact: true }).waitFor(),
    );

    await page.goto("/privacy");
    await page.getByRole("heading", { name: ga["privacy.title"], level: 1 }).waitFor();
    await checkScreen(page, "privacy", () =>
      page.getByRole("heading", { name: ga["privacy.title"], level: 1 }).waitFor(),
    );

    await page.goto(sharedLink);
    await page.getByRole("heading", { name: "Gaeilge - Rang a 4 - An Fómhar" }).waitFor();
    await page.getByText(ga["sharing.page.readOnly"]).waitFor();
    // The colleague's subject and class in Irish; the questions marked as Irish.
    const facts = await page.locator(".shared-game .meta").textContent();
    expect(facts).toBe(
      `${ga["sharing.page.sharedBy"].replace("{name}", "Máistir Ó Conaill")} · ${ga["catalogue.subject.Irish"]} · ${ga["catalogue.level.4thClass"]} · 2 cheist`,
    );
    expect(await page.locator(".shared-question h3 span").first().getAttribute("lang")).toBe("ga-IE");
    await page.getByText(`${lead(ga["sharing.page.clue"])} Smaoinigh ar an talamh faoi na crainn.`).waitFor();
    await checkScreen(page, "shared-game", () =>
      page.getByRole("button", { name: ga["sharing.page.addCopy"] }).waitFor(),
    );
    await page.getByRole("button", { name: ga["sharing.page.addCopy"] }).click();
    await page.getByText(ga["sharing.copied"].replace("{title}", "Gaeilge - Rang a 4 - An Fómhar")).waitFor();
    await page.context().close();
  });

  it("follows the teacher to a new device: Irish as they sign in, and the switch there is saved", async () => {
    const page = await newDevice("en-IE", IRISH_SCREEN_SIZES[0]);
    await page.goto("/login");
    await page.getByRole("heading", { name: en["auth.login.title"] }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en-IE");
    await page.getByLabel(en["auth.field.email"]).fill(teacher.email);
    await page.getByLabel(en["auth.field.password"]).fill(teacher.password);
    await page.getByRole("button", { name: en["auth.login.submit"], exact: true }).click();
    await page.getByRole("heading", { name: ga["dashboard.title"] }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ga-IE");
    expect(await page.getByRole("button", { name: "Gaeilge", exact: true }).getAttribute("aria-pressed")).toBe("true");
    // The device now remembers Irish too: a reload stays Irish.
    await page.reload();
    await page.getByRole("heading", { name: ga["dashboard.title"] }).waitFor();

    // English on this device, saved on the account: the next device opens in English.
    await page.getByRole("button", { name: "English", exact: true }).click();
    await page.getByRole("heading", { name: en["dashboard.title"] }).waitFor();
    await expect.poll(async () => (await fromPage(page, "GET", "/api/me")).body.user.preferredLanguage).toBe("en");
    const third = await newDevice("ga-IE", IRISH_SCREEN_SIZES[0]);
    await third.goto("/login");
    await third.getByRole("heading", { name: ga["auth.login.title"] }).waitFor();
    await third.getByLabel(ga["auth.field.email"]).fill(teacher.email);
    await third.getByLabel(ga["auth.field.password"]).fill(teacher.password);
    await third.getByRole("button", { name: ga["auth.login.submit"], exact: true }).click();
    await third.getByRole("heading", { name: en["dashboard.title"] }).waitFor();
    expect(await third.locator("html").getAttribute("lang")).toBe("en-IE");

    // And back to Irish for the login screens' pictures.
    await page.getByRole("button", { name: "Gaeilge", exact: true }).click();
    await page.getByRole("heading", { name: ga["dashboard.title"] }).waitFor();
    await page.getByRole("button", { name: ga["common.auth.logout"] }).click();
    await page.getByRole("heading", { name: ga["auth.login.title"] }).waitFor();
    await checkScreen(page, "login", () => page.getByRole("heading", { name: ga["auth.login.title"] }).waitFor());
    await page.getByRole("link", { name: ga["auth.login.forgotLink"] }).click();
    await page.getByRole("heading", { name: ga["auth.forgot.title"] }).waitFor();
    await checkScreen(page, "forgot-password", () =>
      page.getByRole("heading", { name: ga["auth.forgot.title"] }).waitFor(),
    );
    // A reset link that is no longer good: the server's refusal, by key, in Irish.
    await page.goto("/reset-password?token=seannasc");
    await page.getByRole("heading", { name: ga["auth.reset.title"] }).waitFor();
    await page.getByLabel(ga["auth.field.newPassword"]).fill("Pasfhocal-nua-3");
    await page.getByRole("button", { name: ga["auth.reset.submit"] }).click();
    await page.getByRole("alert").filter({ hasText: ga["auth.resetLinkInvalid"] }).waitFor();
    await checkScreen(page, "reset-password", () =>
      page.getByRole("alert").filter({ hasText: ga["auth.resetLinkInvalid"] }).waitFor(),
    );
    // And an email-change link that is no longer good.
    await page.goto("/confirm-email?token=seannasc");
    await page.getByRole("heading", { name: ga["account.confirm.title"] }).waitFor();
    await checkScreen(page, "confirm-email", () =>
      page.getByRole("alert").filter({ hasText: ga["account.emailLinkInvalid"] }).waitFor(),
    );
    // And the old address's undo link (decision 030), spent already: its page and refusal in Irish.
    await page.goto("/undo-email-change?token=seannasc");
    await page.getByRole("heading", { name: ga["account.undo.title"] }).waitFor();
    await checkScreen(page, "undo-email-change", () =>
      page.getByRole("button", { name: ga["account.undo.submit"] }).waitFor(),
    );
    await page.getByRole("button", { name: ga["account.undo.submit"] }).click();
    await checkScreen(page, "undo-email-change-refused", () =>
      page.getByRole("alert").filter({ hasText: ga["account.undo.linkInvalid"] }).waitFor(),
    );
    await page.context().close();
    await third.context().close();
  });
});
