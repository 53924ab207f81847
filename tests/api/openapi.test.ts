/**
 * The OpenAPI document (decision 045), checked against the app's own route table: every /api route
 * the app registers is in it with its method, and nothing else is. It is made from the contracts
 * the routes are registered from, served to anyone, cached, and names nothing a pupil must not see.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiPath } from "../../src/server/http/openapi.ts";
import { registeredRoutes } from "../../src/server/http/route-table.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

type Document = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
  >;
};

describe.each(testDatabaseKinds())("the OpenAPI document on %s", (db) => {
  let server: TestServer;
  let doc: Document;
  let etag: string;
  beforeAll(async () => {
    server = await startTestServer({ db });
    const res = await new HttpClient(server.url).get<Document>("/api/docs.json");
    expect(res.status).toBe(200);
    doc = res.body;
    etag = String(res.headers.etag);
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
  });
  afterAll(() => server?.close());

  it("is OpenAPI 3.1, answered to anyone, and again as 304 for the copy a browser or proxy keeps", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const again = await new HttpClient(server.url).get("/api/docs.json", { "if-none-match": etag });
    expect(again.status).toBe(304);
  });

  it("lists every /api route the app registers, with its method, and nothing else", () => {
    const registered = registeredRoutes(server.app)
      .filter((r) => r.url.startsWith("/api/") && r.method !== "HEAD" && r.method !== "OPTIONS")
      .map((r) => `${r.method} ${openApiPath(r.url)}`)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(registered.length).toBeGreaterThan(60);
    expect(documented).toEqual(registered);
  });

  it("describes the pupil's play state without a correct answer, and the host's results with one", () => {
    const json = (path: string, method: string) =>
      JSON.stringify(doc.paths[path]![method]!.responses["200"]!.content!["application/json"]!.schema);
    expect(json("/api/play/{progressId}", "get")).toContain('"questionText"');
    expect(json("/api/play/{progressId}", "get")).not.toContain("correctAnswer");
    expect(json("/api/play/{progressId}/answers", "post")).not.toContain("correctAnswer");
    expect(json("/api/sessions/{sessionId}/results", "get")).toContain('"correctAnswer"');
  });
});
