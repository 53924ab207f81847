/**
 * A teacher in Chromium: sign up, dashboard, log out, log in, come back to a guarded page,
 * reset a forgotten password through the emailed link, and the 404 page — on PostgreSQL when
 * the run has it (the API tests prove both databases).
 */

import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GREEN, RED, rgbOf, screenshot, watchPageErrors } from "../support/browser.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { resetLinkIn, startSmtpSink } from "../support/smtp-sink.ts";

describe.each([browserDatabaseKind("postgres")])("teacher auth in Chromium on %s", (db) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  // Started first: the server is told its address.
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  const suite = useBrowserSuite({ db, env: () => ({ SMTP_URL: smtp.url }) });
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  const email = `aoife-${db}-${Date.now()}@scoil.ie`;
  const password = "Múinteoir-2026";
  const shot = (name: string) => screenshot(page, `${db}-${name}`);

  beforeAll(async () => {
    context = await suite.browser.newContext({ baseURL: suite.server.url });
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const heading = () => page.getByRole("heading", { level: 1 });

  it("shows the landing page as the spec says", async () => {
    await page.goto("/");
    await expect.poll(() => heading().textContent()).toBe("Cluehunt");
    await page.getByText("interactive learning, instantly").waitFor();
    await page.getByText("Teachers build a quiz and share the code. Students enter the code and play.").waitFor();
    const buttons = page.getByRole("navigation", { name: "Get started" }).getByRole("link");
    expect(await buttons.allTextContents()).toEqual([
      "Teacher Login",
      "Teacher Signup",
      "Student Join Game",
      "Go to Dashboard (Teacher)",
    ]);
    expect(await buttons.evaluateAll((links) => links.map((l) => l.getAttribute("href")))).toEqual([
      "/login",
      "/signup",
      "/join",
      "/dashboard",
    ]);
    expect(await page.locator("footer .app-footer-copyright").textContent()).toBe(
      `© ${new Date().getFullYear()} Cluehunt`,
    );
    expect(await page.locator("footer").getByRole("link", { name: "Privacy" }).getAttribute("href")).toBe("/privacy");
    await shot("landing");
  });

  it("shows signup errors in red and signs a new teacher up to the dashboard", async () => {
    await page.getByRole("link", { name: "Teacher Signup" }).click();
    await expect.poll(() => heading().textContent()).toBe("Teacher Signup");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByRole("alert").filter({ hasText: "Display name is required." }).waitFor();
    expect(await rgbOf(page, ".error")).toBe(RED);

    await page.getByLabel("Display Name").fill("Aoife Ní Mhurchú");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText("Password is too short: use at least 8 characters.").waitFor();
    await shot("signup-error");

    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL("**/dashboard");
    await expect.poll(() => heading().textContent()).toBe("Teacher Dashboard");
    await page.getByRole("link", { name: "Create New Game" }).waitFor();
    await page.getByText("Aoife Ní Mhurchú").waitFor();
    await shot("dashboard");
  });

  it("sends a signed-in teacher from the landing page to the dashboard", async () => {
    await page.goto("/");
    await page.waitForURL("**/dashboard");
  });

  it("says so when the email already has an account", async () => {
    const other = await suite.browser.newContext({ baseURL: suite.server.url });
    const p = await other.newPage();
    await p.goto("/signup");
    await p.getByLabel("Display Name").fill("Someone Else");
    await p.getByLabel("Email").fill(email.toUpperCase());
    await p.getByLabel("Password").fill("another-password");
    await p.getByRole("button", { name: "Sign Up" }).click();
    await p.getByRole("alert").filter({ hasText: "An account with this email already exists" }).waitFor();
    await other.close();
  });

  it("logs out from the dashboard header to the login page", async () => {
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/login");
    await expect.poll(() => heading().textContent()).toBe("Teacher Login");
    await shot("login");
  });

  it("sends a logged-out visitor of /dashboard to login, and back to the dashboard after logging in", async () => {
    await page.goto("/dashboard");
    await page.waitForURL("**/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    expect(await rgbOf(page, "[role=alert].error")).toBe(RED);
    await shot("login-error");

    // Hold the answer back to see the busy state.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/auth/login", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("button", { name: "Logging in..." }).waitFor();
    expect(await page.getByRole("button", { name: "Logging in..." }).isDisabled()).toBe(true);
    release();
    await page.waitForURL("**/dashboard");
    await page.unroute("**/api/auth/login");
    await expect.poll(() => heading().textContent()).toBe("Teacher Dashboard");
  });

  it("resets a forgotten password through the emailed link, which then signs the teacher in", async () => {
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/login");
    await page.getByRole("link", { name: "Reset it here" }).click();
    await expect.poll(() => heading().textContent()).toBe("Reset Password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Email" }).click();
    await page.getByText("Password reset email sent. Check your inbox.").waitFor();
    expect(await rgbOf(page, ".success")).toBe(GREEN);
    await shot("forgot-password-sent");

    const link = resetLinkIn(await smtp.waitFor(email));
    await page.goto(link);
    await expect.poll(() => heading().textContent()).toBe("Choose a New Password");
    await page.getByLabel("New Password").fill("a-brand-new-password");
    await shot("reset-password");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.waitForURL("**/dashboard");

    // The link worked once; the new password works, the old one does not.
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/login");
    await page.goto(link);
    await page.getByLabel("New Password").fill("yet-another-password");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.getByText("This password reset link is invalid or has expired. Please request a new one.").waitFor();
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a-brand-new-password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/dashboard");
  });

  it("shows the 404 page for an unknown path", async () => {
    await page.goto("/no/such/page");
    await page.waitForURL("**/404");
    await expect.poll(() => heading().textContent()).toBe("404 - Page Not Found");
    await shot("not-found");
  });

  it("logged no errors on the way", () => {
    expect(pageErrors).toEqual([]);
  });
});
