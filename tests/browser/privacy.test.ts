/**
 * Privacy in the browser: no page of the app asks any host but the app's own; the
 * account page's flows; the privacy page; the results page's deletion notice; axe on each new
 * screen, and screenshots at the four sizes for a person to look at.
 */
import fs from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { expectAxeClean } from "../support/axe.ts";
import { screenshot } from "../support/browser.ts";
import { pageApi as api, settled, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { threeQuestionGame } from "../support/classroom.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { layoutProblems } from "../support/layout-checks.ts";
import { CHROMIUM_WEBP } from "../support/webp-files.ts";

/** Every route of the web app, read from its route table, so that a page added later is loaded here too. */
const ROUTES = [
  ...fs
    .readFileSync(new URL("../../src/web/app/app-routes.tsx", import.meta.url), "utf8")
    .matchAll(/<Route path="([^"]+)"/g),
].map((m) => m[1]!);

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
  { name: "laptop", width: 1366, height: 768 },
  { name: "projector", width: 1920, height: 1080 },
] as const;

describe.each([browserDatabaseKind("pglite")])("privacy in the browser on %s", (db) => {
  const suite = useBrowserSuite({ db });
  const errors = suite.errors;
  /** Every request any page made, by URL. */
  const requested: string[] = [];
  let counter = 0;

  async function newContext(width = 1280, height = 900): Promise<BrowserContext> {
    const context = await suite.newContext({ viewport: { width, height } });
    context.on("request", (request) => requested.push(request.url()));
    return context;
  }

  async function newPage(context?: BrowserContext): Promise<Page> {
    return suite.newPage({ context: context ?? (await newContext()), allowed: [/EventSource|net::ERR_FAILED/] });
  }

  async function signedUpTeacherPage(context?: BrowserContext) {
    const page = await newPage(context);
    const email = `privacy-${Date.now()}-${++counter}@scoil.ie`;
    await signUpInPage(page, "Múinteoir Síle", { email });
    await page.getByRole("heading", { name: "Teacher Dashboard" }).waitFor();
    return { page, email };
  }

  /** A game, a session that was played by one pupil and then ended: the results page has a deletion date. */
  async function endedSession(page: Page) {
    const game = await api<{ id: string }>(page, "/api/games", threeQuestionGame);
    const session = await api<{ id: string }>(page, "/api/sessions", { gameId: game.body.id, groupCount: 1 });
    const detail = await api<{ session: { groups: Array<{ joinCode: string }> } }>(
      page,
      `/api/sessions/${session.body.id}`,
    );
    const pupil = await newPage();
    await pupil.goto("/");
    const code = detail.body.session.groups[0]!.joinCode;
    const found = await api<{ groupId: string }>(pupil, "/api/join/lookup", { code });
    const joined = await api<{ progressId: string }>(pupil, "/api/join", {
      code,
      groupId: found.body.groupId,
      name: "Clíona",
    });
    return { gameId: game.body.id, sessionId: session.body.id, pupil, progressId: joined.body.progressId };
  }

  it.each(["en-IE", "ga-IE"])(
    "loads every page of the route table (%s) without a single request to another host",
    async (locale) => {
      const seen: string[] = [];
      const context = async (width = 1280, height = 900) => {
        const c = await suite.newContext({ viewport: { width, height }, locale });
        c.on("request", (request) => seen.push(request.url()));
        c.on("page", (p) => p.on("websocket", (socket) => seen.push(socket.url())));
        return c;
      };
      const visitor = await newPage(await context());
      const teacher = await newPage(await context());
      const pupil = await newPage(await context(390, 844));

      // What the teacher pages show: a game with a picture, shared, and a session a pupil joined.
      await teacher.goto("/privacy");
      await signUpInPage(teacher, "Múinteoir Síle", {
        email: `routes-${Date.now()}-${++counter}@scoil.ie`,
        through: "api",
      });
      const picture = await teacher.evaluate(
        async (bytes) => {
          const res = await fetch("/api/images", {
            method: "POST",
            headers: { "content-type": "image/webp" },
            body: new Uint8Array(bytes),
          });
          return (await res.json()) as { id: string };
        },
        [...CHROMIUM_WEBP],
      );
      const questions = threeQuestionGame.questions.map((q, i) =>
        i === 0 ? { ...q, imageId: picture.id, imageAlt: "Úll dearg" } : q,
      );
      const game = await api<{ id: string }>(teacher, "/api/games", { ...threeQuestionGame, questions });
      const share = await teacher.evaluate(
        async (id) =>
          (await (await fetch(`/api/games/${id}/share`, { method: "PUT" })).json()) as { sharePath: string },
        game.body.id,
      );
      const session = await api<{ id: string }>(teacher, "/api/sessions", { gameId: game.body.id, groupCount: 1 });
      const detail = await api<{ session: { groups: Array<{ joinCode: string }> } }>(
        teacher,
        `/api/sessions/${session.body.id}`,
      );
      const code = detail.body.session.groups[0]!.joinCode;
      const cards = await api<{ cards: Array<{ token: string }> }>(teacher, `/api/games/${game.body.id}/station-cards`);
      // A saved class: My classes and its edit page.
      const savedClass = await api<{ class: { id: string } }>(teacher, "/api/classes", {
        name: "Rang a 3",
        names: "Clíona\nSeán",
      });
      expect(savedClass.status).toBe(201);
      await pupil.goto("/privacy");
      const found = await api<{ groupId: string }>(pupil, "/api/join/lookup", { code });
      const joined = await api<{ progressId: string }>(pupil, "/api/join", {
        code,
        groupId: found.body.groupId,
        name: "Clíona",
      });
      expect(joined.status).toBe(201);

      // A starter hunt's preview (issue 45): the first of the server's starter library, if it has one.
      const starterId = await teacher.evaluate(async () => {
        const list = (await (await fetch("/api/starter-hunts")).json()) as { hunts?: Array<{ id: string }> };
        return list.hunts?.[0]?.id ?? "no-such-hunt";
      });

      const visits: Record<string, [Page, string]> = {
        "/": [visitor, "/"],
        "/login": [visitor, "/login"],
        "/signup": [visitor, "/signup"],
        "/forgot-password": [visitor, "/forgot-password"],
        "/reset-password": [visitor, "/reset-password?token=not-a-real-token"],
        "/join": [visitor, `/join?code=${code}`],
        "/play/:progressId": [pupil, `/play/${joined.body.progressId}`],
        "/s/:token": [visitor, `/s/${cards.body.cards[0]!.token}`],
        "/dashboard": [teacher, "/dashboard"],
        "/create-game": [teacher, "/create-game"],
        "/edit-game/:gameId": [teacher, `/edit-game/${game.body.id}`],
        "/preview-game/:gameId": [teacher, `/preview-game/${game.body.id}`],
        "/starter-hunts/:starterId/preview": [teacher, `/starter-hunts/${starterId}/preview`],
        "/games/:gameId/station-cards": [teacher, `/games/${game.body.id}/station-cards`],
        "/start-session/:gameId": [teacher, `/start-session/${game.body.id}`],
        "/session-codes/:sessionId": [teacher, `/session-codes/${session.body.id}`],
        "/results/:sessionId": [teacher, `/results/${session.body.id}`],
        "/results/:sessionId/discuss": [teacher, `/results/${session.body.id}/discuss`],
        "/classes": [teacher, "/classes"],
        "/classes/:classId": [teacher, `/classes/${savedClass.body.class.id}`],
        "/classes/:classId/progress": [teacher, `/classes/${savedClass.body.class.id}/progress`],
        "/account": [teacher, "/account"],
        "/confirm-email": [visitor, "/confirm-email?token=not-a-real-token"],
        "/undo-email-change": [visitor, "/undo-email-change?token=not-a-real-token"],
        "/privacy": [visitor, "/privacy"],
        "/shared/:shareLinkId": [teacher, share.sharePath],
        "/404": [visitor, "/404"],
        "*": [visitor, "/no-such-page"],
      };
      expect(
        ROUTES.filter((route) => !(route in visits)),
        "routes of app-routes.tsx this test does not load",
      ).toEqual([]);
      expect(ROUTES.length).toBeGreaterThan(15);
      for (const [route, [page, url]] of Object.entries(visits)) {
        const before = seen.length;
        await page.goto(url);
        await page.locator("main, [role=main], h1").first().waitFor({ state: "attached" });
        // Everything the page asks for has been asked for and answered (its live stream stays open).
        // A page's requests follow one another within milliseconds (a chunk, then its data), so a
        // quarter of a second with none open means it has finished; every later page is watched too.
        await settled(page, 250);
        expect(seen.length, `${route} loaded something`).toBeGreaterThan(before);
        if (route === "/session-codes/:sessionId") {
          await page
            .getByRole("button", { name: (locale === "ga-IE" ? ga : en)["sessions.codes.projectorView"] })
            .click();
          await settled(page, 250);
        }
      }
      // The picture was asked for, from the app itself.
      expect(
        seen.some((url) => url.includes(`/api/images/${picture.id}`)),
        "the question's picture was loaded",
      ).toBe(true);

      const origin = new URL(suite.server.url).origin;
      const elsewhere = seen.filter(
        (url) => !url.startsWith(`${origin}/`) && !url.startsWith("data:") && !url.startsWith("blob:"),
      );
      expect(seen.length, "the pages were loaded").toBeGreaterThan(40);
      expect(elsewhere, "requests to hosts other than the app's own").toEqual([]);
      expect(errors.flat()).toEqual([]);
    },
  );

  it("the privacy page is reached from the landing and join pages, reads plainly and passes axe", async () => {
    const page = await newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "Privacy" }).click();
    await page.getByRole("heading", { name: "Privacy: what Cluehunt keeps about children" }).waitFor();
    await page.goto("/join");
    await page.getByRole("link", { name: "For grown-ups: what we keep" }).click();
    await page.getByRole("heading", { name: "Privacy: what Cluehunt keeps about children" }).waitFor();
    await page.getByText("deleted automatically 30 days after the game ends").waitFor();
    for (const claim of [
      "no tracking, no advertising, and no requests to other companies",
      "deleted automatically 30 days after the game ends",
      "Only the teacher who ran the game",
      "its first names are kept with it until the teacher deletes the class or their account",
    ]) {
      await expect(page.getByText(claim, { exact: false }).count()).resolves.toBeGreaterThan(0);
    }
    await expectAxeClean(page, "privacy");
    for (const size of SIZES) {
      await page.setViewportSize(size);
      expect(await layoutProblems(page), `privacy at ${size.name}`).toEqual([]);
      await screenshot(page, `${db}-privacy-${size.name}`);
    }
    expect(errors.flat()).toEqual([]);
  });

  it("the privacy page in Irish: reached from the Irish join and landing pages, every sentence in Irish, passes axe", async () => {
    const page = await newPage(await suite.newContext({ locale: "ga-IE", viewport: { width: 390, height: 844 } }));
    await page.goto("/");
    await page.getByRole("link", { name: ga["common.footer.privacy"] }).click();
    await page.getByRole("heading", { name: ga["privacy.title"] }).waitFor();
    await page.goto("/join");
    await page.getByRole("link", { name: ga["pupil.join.privacyLink"] }).click();
    await page.getByRole("heading", { name: ga["privacy.title"] }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ga-IE");
    await page.getByText("go huathoibríoch 30 lá tar éis don chluiche críochnú").waitFor();
    const text = await page.locator("main").innerText();
    const keys = Object.keys(en).filter((key) => key.startsWith("privacy.")) as Array<
      keyof typeof en & keyof typeof ga
    >;
    expect(keys.length).toBeGreaterThan(20);
    for (const key of keys) {
      const english = en[key].split(/\{[^}]*\}/)[0]!.trim();
      const irish = ga[key].split(/\{[^}]*\}/)[0]!.trim();
      if (english.length > 8) expect(text, `English left: ${key}`).not.toContain(english);
      // The period is stated with its number once the server has said it (the set-time wording is only for while it loads).
      if (!ga[key].includes("plural") && key !== "privacy.howLong.deletedSetTime" && irish.length > 8)
        expect(text, `Irish missing: ${key}`).toContain(irish);
    }
    expect(text).toContain(`“${ga["pupil.play.askHelp"]}”`);
    await expectAxeClean(page, "privacy in Irish");
    for (const size of SIZES) {
      await page.setViewportSize(size);
      expect(await layoutProblems(page), `privacy in Irish at ${size.name}`).toEqual([]);
      await screenshot(page, `${db}-privacy-ga-${size.name}`);
    }
    expect(errors.flat()).toEqual([]);
  });

  it("a teacher signed out elsewhere: the live results and codes pages go to the login page by themselves", async () => {
    const { page, email } = await signedUpTeacherPage();
    const game = await api<{ id: string }>(page, "/api/games", threeQuestionGame);
    const session = await api<{ id: string }>(page, "/api/sessions", { gameId: game.body.id, groupCount: 1 });
    const codes = await newPage(page.context());
    await codes.goto(`/session-codes/${session.body.id}`);
    await codes.getByRole("button", { name: "Projector view" }).waitFor();
    await page.goto(`/results/${session.body.id}`);
    await page.getByRole("heading", { name: "Session Results" }).waitFor();
    // Another browser of the same teacher signs out everywhere.
    const other = await newPage();
    await other.goto("/privacy");
    expect((await api(other, "/api/auth/login", { email, password: "password-123" })).status).toBe(200);
    expect((await api(other, "/api/account/sign-out-everywhere", {})).status).toBe(200);
    for (const signedOut of [page, codes]) {
      await signedOut.waitForURL(/\/login$/, { timeout: 20_000 });
      await signedOut.getByRole("heading", { name: "Teacher Login" }).waitFor();
    }
    expect(errors.flat()).toEqual([]);
  });

  it("the results page says when the results will be deleted", async () => {
    const { page } = await signedUpTeacherPage();
    const played = await endedSession(page);
    await api(page, `/api/sessions/${played.sessionId}/end`, {});
    await page.goto(`/results/${played.sessionId}`);
    const notice = page.getByText(/These results will be deleted on \d{1,2} \w+ \d{4}\./);
    await notice.waitFor();
    const results = await api<{ retention: { deletesAt: string } }>(page, `/api/sessions/${played.sessionId}/results`);
    const expected = new Date(results.body.retention.deletesAt).toLocaleDateString("en-IE", {
      day: "numeric",
      month: "long",
      year: "numeric",
    });
    await expect(notice.textContent()).resolves.toContain(`deleted on ${expected}.`);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `${db}-results-retention-${size.name}`);
    }
    await expectAxeClean(page, "results with deletion notice");
  });

  it("account page: reached from the dashboard; change name; a wrong password refused beside its form, nothing typed lost; delete only with the email typed and the password", async () => {
    const { page, email } = await signedUpTeacherPage();
    await page.getByRole("link", { name: "My Account" }).click();
    await page.getByRole("heading", { name: "My Account", exact: true }).waitFor();
    await expectAxeClean(page, "account");
    for (const size of SIZES) {
      await page.setViewportSize(size);
      expect(await layoutProblems(page), `account at ${size.name}`).toEqual([]);
      await screenshot(page, `${db}-account-${size.name}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    /** Each form is a region named by its heading; three of them ask for the current password. */
    const form = (title: string) => page.getByRole("region", { name: title, exact: true });

    await page.getByLabel("Display name").fill("Síle Ní Néill");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByText("Your name has been changed.").waitFor();

    await form("Password").getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password").fill("new-password-789");
    await page.getByRole("button", { name: "Change password" }).click();
    await form("Password").getByText("Your current password is not correct.").waitFor();
    await expectAxeClean(page, "account with an error");

    // The email: without the password, then with a wrong one; the new address stays as typed.
    const moved = `not-moved-${Date.now()}@scoil.ie`;
    await page.getByLabel("New email address").fill(moved);
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await form("Email address").getByText("Enter your current password.").waitFor();
    await form("Email address").getByLabel("Current password").fill("not-my-password");
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await form("Email address").getByText("Your current password is not correct.").waitFor();
    await expect(page.getByLabel("New email address").inputValue()).resolves.toBe(moved);
    for (const size of [SIZES[0], SIZES[1], SIZES[2]]) {
      await page.setViewportSize(size);
      expect(await layoutProblems(page), `account with errors at ${size.name}`).toEqual([]);
      await screenshot(page, `${db}-account-errors-${size.name}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download all my data" }).click();
    expect((await download).suggestedFilename()).toMatch(/^cluehunt-account-\d{4}-\d{2}-\d{2}\.json$/);

    const deletion = form("Delete my account");
    await page.getByLabel("Type your email address").fill("delete");
    await deletion.getByLabel("Current password").fill("password-123");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByText("Type your email address exactly as shown to delete your account.").waitFor();
    await page.getByLabel("Type your email address").fill(email);
    await deletion.getByLabel("Current password").fill("not-my-password");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await deletion.getByText("Your current password is not correct.").waitFor();
    await expect(page.getByLabel("Type your email address").inputValue()).resolves.toBe(email);
    expect((await api(page, "/api/me")).body.user.email).toBe(email);
    await deletion.getByLabel("Current password").fill("password-123");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("heading", { name: "Cluehunt" }).waitFor();
    expect(await api(page, "/api/me").then((r) => (r.body as { user: unknown }).user)).toBeNull();
    expect(errors.flat()).toEqual([]);
  });

  it("email change: the link from the email confirms the new address once, in a browser not signed in; a used or broken link says so; the old address's link undoes it; axe and screenshots", async () => {
    const { page, email } = await signedUpTeacherPage();
    const newEmail = `moved-${Date.now()}-${++counter}@scoil.ie`;
    await page.goto("/account");
    await page.getByLabel("New email address").fill(newEmail);
    await page
      .getByRole("region", { name: "Email address", exact: true })
      .getByLabel("Current password")
      .fill("password-123");
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await page.getByText(/We sent a link to the new address/).waitFor();
    // No SMTP_URL: the server prints its emails; the one to the new address holds the link.
    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      link = suite.server.printed
        .map((text) => (text.includes(newEmail) ? /\/confirm-email\?token=[A-Za-z0-9%_-]+/.exec(text)?.[0] : undefined))
        .find(Boolean);
      if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(link, "the confirmation link was sent").toBeDefined();
    const elsewhere = await newPage(await newContext(390, 844));
    await elsewhere.goto(link!);
    await elsewhere.getByText("Your email address has been changed.").waitFor();
    await expectAxeClean(elsewhere, "confirm email: changed");
    for (const size of [SIZES[0], SIZES[2]]) {
      await elsewhere.setViewportSize(size);
      expect(await layoutProblems(elsewhere), `confirm email at ${size.name}`).toEqual([]);
      await screenshot(elsewhere, `${db}-confirm-email-${size.name}`);
    }
    await elsewhere.reload();
    await elsewhere.getByText(/invalid or has expired/).waitFor();
    await expectAxeClean(elsewhere, "confirm email: used link");
    expect((await api<{ user: { email: string } }>(page, "/api/me")).body.user.email).toBe(newEmail);
    expect(email).not.toBe(newEmail);

    // "This wasn't me" (decision 030): the notice to the old address undoes the change, once.
    const undo = suite.server.printed
      .map((text: string) =>
        text.includes(`To: ${email}`) ? /\/undo-email-change\?token=[A-Za-z0-9%_-]+/.exec(text)?.[0] : undefined,
      )
      .find(Boolean);
    expect(undo, "the notice to the old address holds the undo link").toBeDefined();
    const oldMailbox = await newPage(await newContext(390, 844));
    await oldMailbox.goto(undo!);
    const undoButton = oldMailbox.getByRole("button", { name: "Undo the change and sign everyone out" });
    await undoButton.waitFor();
    await expectAxeClean(oldMailbox, "undo email change");
    for (const size of [SIZES[0], SIZES[1], SIZES[2]]) {
      await oldMailbox.setViewportSize(size);
      expect(await layoutProblems(oldMailbox), `undo email change at ${size.name}`).toEqual([]);
      await screenshot(oldMailbox, `${db}-undo-email-change-${size.name}`);
    }
    await undoButton.click();
    await oldMailbox.getByText(/^Your account is back at this email address/).waitFor();
    await expectAxeClean(oldMailbox, "undo email change: done");
    await screenshot(oldMailbox, `${db}-undo-email-change-done-${SIZES[2].name}`);
    expect((await api<{ user: unknown }>(page, "/api/me")).body.user).toBeNull();
    await oldMailbox.reload();
    await oldMailbox.getByRole("button", { name: "Undo the change and sign everyone out" }).click();
    await oldMailbox
      .getByRole("alert")
      .filter({ hasText: "This link is invalid, has expired or was already used." })
      .waitFor();
    expect(errors.flat()).toEqual([]);
  });

  it("class list: the teacher pastes it on Start Session; a pupil chooses their name, taken names greyed out", async () => {
    const { page } = await signedUpTeacherPage();
    const game = await api<{ id: string }>(page, "/api/games", threeQuestionGame);
    await page.goto(`/start-session/${game.body.id}`);
    await page.getByLabel("Class list (optional)").fill("Aoife\nSeán\nOisín\nBríd\nCaoimhe\nTadhg");
    await expectAxeClean(page, "start session with a class list");
    await page.getByRole("button", { name: "Start Session Now" }).click();
    await page.waitForURL(/\/session-codes\//);
    const sessionId = page.url().split("/").pop()!;
    const detail = await api<{ session: { groups: Array<{ joinCode: string }> } }>(page, `/api/sessions/${sessionId}`);
    const code = detail.body.session.groups[0]!.joinCode;

    // Seán's device joined already.
    const first = await newPage();
    await first.goto("/");
    const found = await api<{ groupId: string }>(first, "/api/join/lookup", { code });
    expect((await api(first, "/api/join", { code, groupId: found.body.groupId, name: "Seán" })).status).toBe(201);

    const child = await newPage(await newContext(390, 844));
    await child.goto(`/join?code=${code}`);
    await child.getByRole("button", { name: "Continue" }).click();
    await child.getByRole("group", { name: "Choose your name" }).waitFor();
    await expect(child.getByLabel("Your Name").count()).resolves.toBe(0);
    await expect(child.getByRole("radio", { name: /Seán/ }).isDisabled()).resolves.toBe(true);
    await expectAxeClean(child, "class-list picker");
    for (const size of SIZES) {
      await child.setViewportSize(size);
      expect(await layoutProblems(child), `picker at ${size.name}`).toEqual([]);
      await screenshot(child, `${db}-class-list-picker-${size.name}`);
    }
    await child.getByRole("button", { name: "Join Game" }).click();
    await child.getByText("Please choose your name from the list.").waitFor();
    await child.getByRole("radio", { name: "Oisín" }).check();
    await child.getByRole("button", { name: "Join Game" }).click();
    await child.waitForURL(/\/play\//);
    await child.getByText("Cad é 'apple'?").first().waitFor();
    expect(errors.flat()).toEqual([]);
  });
});
