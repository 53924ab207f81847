/**
 * How the web app travels to a tablet on school Wi-Fi: hashed assets compressed
 * (brotli, else gzip) from the files the build writes and cached for a year; index.html
 * compressed, never used without asking again, and a 304 when unchanged; robots.txt as text;
 * an unknown asset a 404; large API answers compressed, small ones and live channels not.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressFile } from "../../scripts/build/precompress.ts";
import { COMPRESS_MIN_BYTES } from "../../src/server/http/content-encoding.ts";
import { joinedStudent, teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const INDEX_HTML = `<!doctype html><html lang="en-IE"><head><title>Cluehunt</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id=root></div>${" ".repeat(10)}</body></html>`;
// Repetitive like real JavaScript, so it compresses well.
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export function step${i}(value) { return value + ${i}; }`).join(
  "\n",
);

/** A GET whose body is returned as raw bytes, as they crossed the network. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

describe.each(testDatabaseKinds())("web delivery on %s", (db) => {
  let server: TestServer;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-delivery-"));
    fs.writeFileSync(path.join(webDir, "index.html"), INDEX_HTML);
    fs.mkdirSync(path.join(webDir, "assets"));
    fs.writeFileSync(path.join(webDir, "assets", "index-abc123.js"), SCRIPT);
    compressFile(path.join(webDir, "assets", "index-abc123.js"));
    server = await startTestServer({ db, webDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const asset = `/assets/index-abc123.js`;

  it("writes brotli and gzip twins of an asset at build time, each smaller than the file", () => {
    const size = fs.statSync(path.join(webDir, "assets", "index-abc123.js")).size;
    for (const ext of ["br", "gz"])
      expect(fs.statSync(path.join(webDir, "assets", `index-abc123.js.${ext}`)).size).toBeLessThan(size / 4);
  });

  it("sends an asset brotli-compressed when accepted, else gzip, else as is; cached for a year as immutable", async () => {
    const br = await rawGet(`${server.url}${asset}`, { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.bytes).toString()).toBe(SCRIPT);
    expect(br.headers["content-type"]).toMatch(/^application\/javascript/);

    const gzip = await rawGet(`${server.url}${asset}`, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.bytes).toString()).toBe(SCRIPT);

    const plain = await rawGet(`${server.url}${asset}`, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.toString()).toBe(SCRIPT);

    for (const res of [br, gzip, plain]) {
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it("answers an unknown asset with a 404, not the app's HTML", async () => {
    const res = await rawGet(`${server.url}/assets/index-gone999.js`, { "accept-encoding": "br" });
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).not.toMatch(/text\/html/);
  });

  it("sends index.html for every page compressed, never cached without asking, and a 304 when unchanged", async () => {
    for (const route of ["/", "/join", "/play/5f0e8e62-0000-4000-8000-000000000000", "/dashboard"]) {
      const res = await rawGet(`${server.url}${route}`, { "accept-encoding": "br, gzip", accept: "text/html" });
      expect(res.status, route).toBe(200);
      expect(res.headers["content-type"], route).toMatch(/^text\/html/);
      expect(res.headers["content-encoding"], route).toBe("br");
      expect(zlib.brotliDecompressSync(res.bytes).toString(), route).toBe(INDEX_HTML);
      expect(res.headers["cache-control"], route).toBe("no-cache");
      expect(res.headers.vary, route).toMatch(/accept-encoding/i);
      expect(res.headers.vary, route).toMatch(/accept-language/i);
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await rawGet(`${server.url}${route}`, { "accept-encoding": "br, gzip", "if-none-match": etag });
      expect(again.status, route).toBe(304);
      expect(again.bytes.length, route).toBe(0);
    }
    const gzip = await rawGet(`${server.url}/join`, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.bytes).toString()).toBe(INDEX_HTML);
    const plain = await rawGet(`${server.url}/join`, { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.toString()).toBe(INDEX_HTML);
    // Another variant's tag is not this one: the browser gets the page, not a 304.
    const changed = await rawGet(`${server.url}/join`, {
      "accept-encoding": "br",
      "if-none-match": String(gzip.headers.etag),
    });
    expect(changed.status).toBe(200);
  });

  it("serves robots.txt as text: the landing page open to crawlers, the class's and teachers' pages closed", async () => {
    const res = await new HttpClient(server.url).get("/robots.txt", { accept: "*/*" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^User-agent: \*$/m);
    for (const closed of ["/join", "/play/", "/s/", "/dashboard", "/session-codes/", "/results/", "/api/"])
      expect(res.text).toContain(`Disallow: ${closed}\n`);
    expect(res.text).not.toMatch(/^Disallow: \/$/m);
    expect(res.text).not.toContain("<html");
  });

  it("compresses a large API answer when accepted, and leaves small ones and the live channel alone", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(server.url, 6);
    for (const [i, group] of session.groups.entries())
      for (const name of ["Aoife", "Brian", "Cian"]) await joinedStudent(server.url, group.joinCode, `${name} ${i}`);
    const cookie = [...teacher.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const uncompressed = await teacher.client.get(`/api/sessions/${sessionId}/results`);
    expect(uncompressed.text.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const results = await rawGet(`${server.url}/api/sessions/${sessionId}/results`, {
      cookie,
      "accept-encoding": "gzip, br",
      accept: "application/json",
    });
    expect(results.status).toBe(200);
    expect(results.headers["content-encoding"]).toBe("br");
    expect(results.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(results.bytes).toString())).toEqual(uncompressed.body);
    const csv = await rawGet(`${server.url}/api/sessions/${sessionId}/results.csv`, {
      cookie,
      "accept-encoding": "gzip",
    });
    expect(csv.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(csv.bytes).toString()).toContain("Aoife 0");

    const small = await rawGet(`${server.url}/api/health`, { "accept-encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.bytes.toString())).toMatchObject({ ok: true });

    // The live channel streams as events happen: never compressed (a compressor would hold them back).
    const events = await new Promise<{ headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const req = http.get(
        `${server.url}/api/sessions/${sessionId}/events`,
        { headers: { cookie, "accept-encoding": "br, gzip", accept: "text/event-stream" }, agent: false },
        (res) => {
          resolve({ headers: res.headers });
          req.destroy();
        },
      );
      req.on("error", reject);
    });
    expect(events.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(events.headers["content-encoding"]).toBeUndefined();
  });
});

describe("the join page's first screen, drawn at build time (decision 028)", () => {
  let server: TestServer;
  let webDir: string;
  const PAGE = `<!doctype html><html lang="en-IE"><head><title>Cluehunt</title></head><body><div id="root"></div></body></html>`;
  const screen = (language: string) =>
    `<div class="server-drawn" inert><main><h1>${language} heading</h1></main></div>`;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-prerendered-"));
    fs.writeFileSync(path.join(webDir, "index.html"), PAGE);
    fs.mkdirSync(path.join(webDir, "assets"));
    fs.mkdirSync(path.join(webDir, "prerendered"));
    for (const language of ["en", "ga"])
      fs.writeFileSync(path.join(webDir, "prerendered", `join.${language}.html`), screen(language));
    server = await startTestServer({ db: "pglite", webDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = async (route: string, headers: Record<string, string>) => {
    const res = await rawGet(`${server.url}${route}`, { "accept-encoding": "identity", ...headers });
    return { ...res, text: res.bytes.toString() };
  };

  it("sends /join with its screen in the root, in the language Accept-Language names, and <html lang> to match", async () => {
    const english = await get("/join?code=123456", { "accept-language": "en-IE,en;q=0.9" });
    expect(english.text).toBe(PAGE.replace('<div id="root"></div>', `<div id="root">${screen("en")}</div>`));
    const irish = await get("/join", { "accept-language": "ga-IE,ga;q=0.9,en;q=0.5" });
    expect(irish.text).toBe(
      PAGE.replace('lang="en-IE"', 'lang="ga-IE"').replace(
        '<div id="root"></div>',
        `<div id="root">${screen("ga")}</div>`,
      ),
    );
    // Each language is its own variant: a browser holding the other one's tag gets the page again.
    expect(irish.headers.etag).not.toBe(english.headers.etag);
    expect(
      (await get("/join", { "accept-language": "ga-IE", "if-none-match": String(english.headers.etag) })).status,
    ).toBe(200);
    expect(
      (await get("/join", { "accept-language": "ga-IE", "if-none-match": String(irish.headers.etag) })).status,
    ).toBe(304);
    expect(irish.headers.vary).toMatch(/accept-language/i);
  });

  it("sends /join in the language its join link names, over Accept-Language, as the same two variants (decision 029)", async () => {
    const byHeader = {
      en: await get("/join", { "accept-language": "en-IE" }),
      ga: await get("/join", { "accept-language": "ga-IE" }),
    };
    // An Irish session's link opened on an English tablet: the Irish screen, nothing looked up.
    const linked = await get("/join?code=123456&lang=ga", { "accept-language": "en-IE,en;q=0.9" });
    expect(linked.text).toBe(byHeader.ga.text);
    expect(linked.headers.etag).toBe(byHeader.ga.headers.etag);
    expect((await get("/join?lang=en&code=123456", { "accept-language": "ga-IE" })).text).toBe(byHeader.en.text);
    // A code that may not exist changes nothing: the page says nothing about it.
    expect((await get("/join?code=000000&lang=ga", { "accept-language": "en-IE" })).text).toBe(byHeader.ga.text);
    // A language we do not have, or none: the browser's.
    for (const route of ["/join?code=123456&lang=fr", "/join?code=123456&lang=", "/join?code=123456&lang=GA"]) {
      expect((await get(route, { "accept-language": "en-IE" })).text, route).toBe(byHeader.en.text);
      expect((await get(route, { "accept-language": "ga-IE" })).text, route).toBe(byHeader.ga.text);
    }
    // Only the join page takes a language from its address.
    expect((await get("/?lang=ga", { "accept-language": "en-IE" })).text).toBe(PAGE);
  });

  it("sends every other page empty, for the app to draw", async () => {
    for (const route of ["/", "/join/", "/play/5f0e8e62-0000-4000-8000-000000000000", "/dashboard"]) {
      expect((await get(route, { "accept-language": "ga-IE" })).text, route).toBe(PAGE);
    }
  });
});
