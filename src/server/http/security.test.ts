import Fastify from "fastify";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.ts";

// Counts helmet(options) calls: the headers are worked out once, not on every request.
const helmetCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock("helmet", async (importOriginal) => {
  const actual = await importOriginal<typeof import("helmet")>();
  const counted = (...args: Parameters<typeof actual.default>) => {
    helmetCalls.count++;
    return actual.default(...args);
  };
  return { ...actual, default: counted };
});

/** security.ts afresh, with nothing computed yet. */
async function freshSecurityModule() {
  vi.resetModules();
  return import("./security.ts");
}

const HTTP_APP_URL = "http://localhost:3000";
const HTTPS_APP_URL = "https://quiz.example.ie";

const cspDirectives = (csp: string) =>
  new Map(
    csp.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );

describe("security headers", () => {
  it("are helmet's, with our CSP: no inline script, no framing, no upgrade or HSTS over http", async () => {
    const { securityHeaders } = await freshSecurityModule();
    const { set, remove } = securityHeaders(HTTP_APP_URL);
    const headers = Object.fromEntries(set);
    const csp = cspDirectives(headers["content-security-policy"]!);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
    expect(headers["content-security-policy"]).not.toContain("unsafe-inline");
    // The whole set, so that a helmet upgrade changing a default is noticed here.
    expect(headers).toEqual({
      "content-security-policy":
        "default-src 'self';base-uri 'self';font-src 'self';form-action 'self';frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self';media-src 'self';connect-src 'self'",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-frame-options": "SAMEORIGIN",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
    });
    expect(remove).toEqual(["x-powered-by"]);
  });

  it("add HSTS when APP_URL is https, and nothing else changes", async () => {
    const { securityHeaders } = await freshSecurityModule();
    const http = Object.fromEntries(securityHeaders(HTTP_APP_URL).set);
    const https = Object.fromEntries(securityHeaders(HTTPS_APP_URL).set);
    expect(https).toEqual({ ...http, "strict-transport-security": "max-age=31536000; includeSubDomains" });
  });

  it("for routing errors are the same list", async () => {
    const { securityHeaders, routingErrorHeaders } = await freshSecurityModule();
    for (const appUrl of [HTTP_APP_URL, HTTPS_APP_URL]) {
      expect(routingErrorHeaders(appUrl)).toEqual(Object.fromEntries(securityHeaders(appUrl).set));
    }
  });

  it("are computed once per scheme at start-up and reused on every request", async () => {
    const { securityHeaders, routingErrorHeaders, registerSecurity } = await freshSecurityModule();
    const before = helmetCalls.count;
    const app = Fastify({ logger: false });
    await registerSecurity(app, loadConfig({ PORT: "3000", APP_URL: HTTP_APP_URL }));
    app.get("/ok", async () => ({ ok: true }));
    app.post("/write", async () => ({ ok: true }));
    expect(helmetCalls.count - before).toBe(1);

    const expected = Object.fromEntries(securityHeaders(HTTP_APP_URL).set);
    const responses = [
      await app.inject({ url: "/ok" }),
      await app.inject({ url: "/nothing-here" }),
      await app.inject({ url: "/ok", headers: { host: "evil.example" } }),
      await app.inject({ method: "POST", url: "/write", headers: { origin: "https://evil.example" }, payload: {} }),
      await app.inject({ url: "/%61ok" }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 404, 421, 403, 400]);
    for (const res of responses) {
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${res.statusCode} ${name}`).toBe(value);
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
    // No helmet call per request; the same arrays and object come back every time.
    expect(helmetCalls.count - before).toBe(1);
    expect(securityHeaders(HTTP_APP_URL)).toBe(securityHeaders(HTTP_APP_URL));
    expect(routingErrorHeaders(HTTP_APP_URL)).toBe(routingErrorHeaders(HTTP_APP_URL));
    expect(helmetCalls.count - before).toBe(1);
    // https is the one other set.
    securityHeaders(HTTPS_APP_URL);
    routingErrorHeaders(HTTPS_APP_URL);
    expect(helmetCalls.count - before).toBe(2);
    await app.close();
  });
});

describe("headers of a built script, stylesheet or font", () => {
  it("keep only what such a file acts on, HSTS too over https", async () => {
    const { securityHeaders, subresourceHeaders } = await freshSecurityModule();
    expect(Object.fromEntries(subresourceHeaders(securityHeaders(HTTP_APP_URL)).set)).toEqual({
      "cross-origin-resource-policy": "same-origin",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
    });
    expect(Object.keys(Object.fromEntries(subresourceHeaders(securityHeaders(HTTPS_APP_URL)).set))).toContain(
      "strict-transport-security",
    );
    expect(subresourceHeaders(securityHeaders(HTTP_APP_URL)).remove).toEqual(["x-powered-by"]);
  });

  it("are chosen by the address: scripts, stylesheets and fonts under /assets/ only", async () => {
    const { isSubresourceAsset } = await freshSecurityModule();
    for (const url of [
      "/assets/index-CWjTC_kt.js",
      "/assets/pupil-screens-ozDleZgI.css",
      "/assets/andika-latin-400-normal-BTFTIZb-.woff2",
      "/assets/a.woff",
      "/assets/a.js?v=1",
    ])
      expect(isSubresourceAsset(url), url).toBe(true);
    for (const url of [
      "/",
      "/join",
      "/assets/",
      "/assets/picture.svg",
      "/assets/page.html",
      "/assets/../api/me.js",
      "/api/images/x.js",
      "/assets/a.js/x",
      "/xassets/a.js",
      "/assets/%2e%2e/a.js",
    ])
      expect(isSubresourceAsset(url), url).toBe(false);
  });
});
