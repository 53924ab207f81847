/**
 * Homework sessions in Chromium (decision 041): Start Session with "Keep open as homework
 * until", the codes page naming the closing time in words and copying each group's join link with a
 * line naming it (the clipboard read back), the dashboard's Active Sessions card saying when it
 * closes; in English and in Irish; axe at 0; screenshots at phone, tablet and laptop sizes
 * (/tmp/shots-homework) for a person to look at.
 */
import { describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { expectAxeClean } from "../support/axe.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { atEverySize } from "../support/layout-checks.ts";
import { sampleGame } from "../support/teachers.ts";

const SHOTS = "/tmp/shots-homework";

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);

/** Two days ahead at 15:00, as a datetime-local input takes it, with the words each language uses for it. */
function closingTime() {
  const at = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
  at.setHours(15, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, "0");
  const value = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T15:00`;
  const englishDay = `${at.toLocaleDateString("en-IE", { weekday: "long" })} ${at.getDate()} ${at.toLocaleDateString("en-IE", { month: "long" })}`;
  const irishWeekdays = [
    "Dé Domhnaigh",
    "Dé Luain",
    "Dé Máirt",
    "Dé Céadaoin",
    "Déardaoin",
    "Dé hAoine",
    "Dé Sathairn",
  ];
  const irishMonths = [
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
  const irishDay = `${irishWeekdays[at.getDay()]} ${at.getDate()} ${irishMonths[at.getMonth()]}`;
  return { value, en: { day: englishDay, time: "15:00" }, ga: { day: irishDay, time: "15:00" } };
}

describe.each([browserDatabaseKind("pglite")])("homework sessions in Chromium on %s", (db) => {
  const suite = useBrowserSuite({ db });
  let counter = 0;

  for (const [language, catalogue, locale] of [
    ["en", en, "en-IE"],
    ["ga", ga, "ga-IE"],
  ] as const) {
    it(`in ${language}: Start Session keeps it open as homework; the codes page names the time and copies the link; the dashboard says when it closes`, async () => {
      const page = await suite.newPage({
        locale,
        timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone,
        permissions: ["clipboard-read", "clipboard-write"],
        allowed: [/EventSource/],
      });
      await page.goto("/privacy");
      await signUpInPage(page, "Múinteoir Síle", {
        email: `homework-${Date.now()}-${++counter}@scoil.ie`,
        through: "api",
      });
      const game = await pageApi<{ id: string }>(page, "/api/games", sampleGame());
      expect(game.status).toBe(201);
      const closing = closingTime();
      const words = closing[language];

      await page.goto(`/start-session/${game.body.id}`);
      const input = page.getByLabel(catalogue["sessions.start.closesAt"], { exact: true });
      await input.waitFor();
      await page.getByText(catalogue["sessions.start.closesAtHint"]).waitFor();
      await page.getByLabel(catalogue["sessions.start.groupCount"]).selectOption("2");
      await input.fill(closing.value);
      await expectAxeClean(page, `Start Session with a closing time (${language})`);
      await atEverySize(page, SHOTS, `start-session-${language}`);
      await page.getByRole("button", { name: catalogue["sessions.start.submit"] }).click();
      await page.waitForURL("**/session-codes/**");

      const openUntil = fill(catalogue["sessions.codes.openUntil"], words);
      await page.getByText(openUntil, { exact: true }).waitFor();
      const copy = page.getByRole("button", { name: catalogue["sessions.codes.copyHomeworkLink"] });
      expect(await copy.count()).toBe(2);
      await expectAxeClean(page, `the codes page of a homework session (${language})`);
      await atEverySize(page, SHOTS, `codes-${language}`);

      // The second group's button copies its own join link (with the pupils' language) and the closing time.
      const second = page.locator(".code-card").nth(1);
      const code = (await second.locator(".join-code").textContent())!.replace(/\D/g, "");
      expect(code).toMatch(/^\d{6}$/);
      await second.getByRole("button", { name: catalogue["sessions.codes.copyHomeworkLink"] }).click();
      await second.getByRole("button", { name: catalogue["sessions.codes.homeworkLinkCopied"] }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const link = (await second.locator(".join-link a").getAttribute("href"))!;
      expect(link).toMatch(new RegExp(`/join\\?code=${code}&lang=(en|ga)$`));
      expect(copied).toContain(link);
      expect(copied).toContain(`${words.day} ${language === "en" ? "at" : "ag"} ${words.time}`);
      expect(copied).toBe(
        fill(catalogue["sessions.codes.homeworkText"], {
          group: (await second.locator(".group-badge").textContent())!.trim(),
          link,
          ...words,
        }),
      );

      await page.goto("/dashboard");
      await page.getByText(fill(catalogue["dashboard.closesAt"], words), { exact: true }).waitFor();
      await expectAxeClean(page, `the dashboard with a homework session (${language})`);
      await atEverySize(page, SHOTS, `dashboard-${language}`);
      expect(suite.errors.flat()).toEqual([]);
    });
  }
});
