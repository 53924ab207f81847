/**
 * A small run of the benchmark's load generator, so `npm run bench` keeps working: it must
 * drive the real server through joins, answers and the teacher's live channel without errors.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/server/project-root.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

/** Runs a script of scripts/bench with its JSON options; it must exit 0. Its last line of output, parsed. */
async function runBenchScript(script: string, options: object) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(projectRoot, "scripts/bench", script), JSON.stringify(options)],
    { cwd: projectRoot },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => (err += c));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  expect(code, err).toBe(0);
  return JSON.parse(out.trim().split("\n").at(-1)!);
}

describe("benchmark load generator (smoke run)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: "pglite" });
  });
  afterAll(() => server?.close());

  it("joins, answers and hears the live channel without errors", async () => {
    const options = {
      url: `http://127.0.0.1:${server.port}`,
      students: 6,
      sessions: 2,
      intervalMs: 400,
      durationMs: 2000,
      questions: 10,
      addressSeed: 200,
    };
    const result = await runBenchScript("load-generator.ts", options);
    expect(result.errors).toEqual({});
    expect(result.students).toBe(6);
    expect(result.join.count).toBe(6);
    expect(result.answers).toBeGreaterThan(10);
    expect(result.answer.p99).toBeGreaterThan(0);
    expect(result.live.count).toBeGreaterThan(0);
    expect(result.results.count).toBeGreaterThan(0);
  });
});

describe("benchmark burst generator (smoke run)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: "pglite" });
  });
  afterAll(() => server?.close());

  it.each([false, true])(
    "joins a class at once, answers two rounds and hears them live, without errors (one address: %s)",
    async (sameAddress) => {
      const options = {
        url: `http://127.0.0.1:${server.port}`,
        students: 8,
        sameAddress,
        roundMs: 1200,
        addressSeed: sameAddress ? 202 : 201,
      };
      const result = await runBenchScript("burst-generator.ts", options);
      expect(result.errors).toEqual({});
      expect(result.joined).toBe(8);
      expect(result.join.count).toBe(8);
      expect(result.answer.count).toBe(16);
      expect(result.live.count).toBe(16);
    },
  );
});

describe("benchmark floor (smoke run)", () => {
  it("the burst generator joins a bare node:http server with the same requests, without errors; its page for Lighthouse fetches nothing", async () => {
    const { startServer } = await import("../../scripts/bench/server-process.ts");
    const floor = await startServer(projectRoot, {}, [], "scripts/bench/http-floor-server.ts");
    try {
      const options = { url: floor.url, students: 8, sameAddress: false, floor: true, addressSeed: 203 };
      const result = await runBenchScript("burst-generator.ts", options);
      expect(result.errors).toEqual({});
      expect(result.joined).toBe(8);
      expect(result.join.count).toBe(8);
      expect(result.answer.count).toBe(0);
      // Lighthouse's floor page: a document with nothing to fetch.
      const page = await fetch(`${floor.url}/`);
      expect(page.headers.get("content-type")).toContain("text/html");
      const html = await page.text();
      expect(html).toContain("<h1>Enter Join Code</h1>");
      expect(html).not.toMatch(/<script|<link/);
    } finally {
      await floor.stop();
    }
  });
});
