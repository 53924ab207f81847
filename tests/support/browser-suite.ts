/**
 * One server and one Chromium for a browser test file (or for each database's describe block):
 * started before its first test, closed after its last. Pages are opened each in a context of
 * their own (a device of its own), and every error they log is kept for the file's last check.
 * Also the pieces every browser file needs: a same-origin API call made from the page, and a
 * teacher signing up through the page.
 */

import type { Browser, BrowserContext, BrowserContextOptions, Page, Request } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { webDistDir } from "../../src/server/web-build.ts";
import type { Language } from "../../src/shared/i18n/languages.ts";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { launchBrowser, watchPageErrors } from "./browser.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

export type BrowserSuite = {
  /** The server under test (set once the suite's beforeAll has run). */
  readonly server: TestServer;
  readonly browser: Browser;
  /** What each page opened through `newPage` logged as an error (watchPageErrors); a test expects `errors.flat()` to be empty. */
  readonly errors: string[][];
  /** A fresh context at the server's address (1280×900 unless told), without a page. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * A page in `context`, or in a fresh context made with `options`; its errors are watched,
   * except those matching `allowed`.
   */
  newPage(options?: { context?: BrowserContext; allowed?: RegExp[] } & BrowserContextOptions): Promise<Page>;
};

/**
 * Registers the beforeAll and afterAll of a browser suite in the block it is called from.
 * `server`: what startTestServer takes (the production web build is served unless `webDir`
 * says otherwise; `webDir: null` serves none); `env` may be a function, read when the server starts
 * (e.g. the address of a fake AI service started in an earlier beforeAll).
 */
export function useBrowserSuite(
  options: Omit<Parameters<typeof startTestServer>[0], "webDir" | "env"> & {
    webDir?: string | null;
    env?: Record<string, string> | (() => Record<string, string>);
    /** Chromium flags of this file's own (a fake microphone), read when Chromium starts. */
    browserArgs?: readonly string[] | (() => readonly string[]);
  },
): BrowserSuite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const errors: string[][] = [];
  const started = <T>(value: T | undefined, what: string): T => {
    if (!value)
      throw new Error(`The browser suite's ${what} is not started yet (use it inside a test or a later beforeAll)`);
    return value;
  };
  beforeAll(async () => {
    const { webDir, env, browserArgs, ...rest } = options;
    // Server and Chromium start side by side: neither waits for the other.
    [server, browser] = await Promise.all([
      startTestServer({
        ...rest,
        webDir: webDir === null ? undefined : (webDir ?? webDistDir),
        env: typeof env === "function" ? env() : env,
      }),
      launchBrowser(typeof browserArgs === "function" ? browserArgs() : browserArgs),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const suite: BrowserSuite = {
    get server() {
      return started(server, "server");
    },
    get browser() {
      return started(browser, "Chromium");
    },
    errors,
    newContext(contextOptions = {}) {
      return suite.browser.newContext({
        baseURL: suite.server.url,
        viewport: { width: 1280, height: 900 },
        // Pages stay open to the end of their file: a looping animation would keep the renderer
        // drawing frames all that time. A test of motion itself says reducedMotion: "no-preference".
        reducedMotion: "reduce",
        ...contextOptions,
      });
    },
    async newPage({ context, allowed, ...contextOptions } = {}) {
      const page = await (context ?? (await suite.newContext(contextOptions))).newPage();
      errors.push(watchPageErrors(page, allowed));
      trackRequests(page);
      return page;
    },
  };
  return suite;
}

/**
 * A same-origin request from the page, as the app makes them (the page's cookies and Origin
 * included): GET without a body, POST with a JSON body unless `method` says otherwise. The
 * answer's body is its JSON, or null when it has none.
 */
export function pageApi<T = any>(
  page: Page,
  path: string,
  body?: unknown,
  method?: string,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, body, method }) => {
      const init: RequestInit =
        body === undefined
          ? { method: method ?? "GET" }
          : { method: method ?? "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
      const res = await fetch(path, init);
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { path, body, method },
  );
}

/** Each page's requests still waiting for their answer, live event streams left out (they stay open). */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page) {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on("request", (request) => {
    if (request.resourceType() !== "eventsource") open.add(request);
  });
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
}

/**
 * Waits until a page opened by a suite has had no request open for `quietMs`, not counting its
 * live event stream: what Playwright's "networkidle" means, for pages whose stream never
 * closes (a live page never reaches "networkidle", so a test would wait out its timeout).
 */
export async function settled(page: Page, quietMs = 500, timeoutMs = 15_000) {
  const open = inFlight.get(page);
  if (!open) throw new Error("settled() needs a page opened by a browser suite's newPage");
  const deadline = Date.now() + timeoutMs;
  let quietSince = open.size === 0 ? Date.now() : Infinity;
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline)
      throw new Error(`The page still waits for ${[...open].map((r) => r.url()).join(", ")} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (open.size > 0) quietSince = Infinity;
    else if (quietSince === Infinity) quietSince = Date.now();
  }
}

let signedUp = 0;

/**
 * The one way a test that is not about signing up gets a signed-in teacher: the page's Sign Up
 * form filled in (labels in the page's `language`, English unless told) until the dashboard, or,
 * `through: "api"`, the form's request sent from the page (which must already be on the server's
 * origin), its cookie kept by the page. Returns what was typed. A test of the sign-up form itself
 * fills the form by hand.
 */
export async function signUpInPage(
  page: Page,
  displayName: string,
  options: { email?: string; password?: string; language?: Language; through?: "form" | "api" } = {},
): Promise<{ email: string; password: string }> {
  const email = options.email ?? `teacher-${Date.now()}-${++signedUp}@scoil.ie`;
  const password = options.password ?? "password-123";
  if (options.through === "api") {
    const signup = await pageApi(page, "/api/auth/signup", { displayName, email, password });
    expect(signup.status).toBe(201);
    return { email, password };
  }
  const texts = options.language === "ga" ? ga : en;
  await page.goto("/signup");
  await page.getByLabel(texts["auth.field.displayName"]).fill(displayName);
  await page.getByLabel(texts["auth.field.email"]).fill(email);
  await page.getByLabel(texts["auth.field.password"], { exact: true }).fill(password);
  await page.getByRole("button", { name: texts["auth.signup.submit"] }).click();
  await page.waitForURL("**/dashboard");
  return { email, password };
}
