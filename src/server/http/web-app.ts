/**
 * Serves the built React app: hashed assets cached for a year, and index.html for every
 * other path that is not an API route, so the browser's router decides (unknown → /404).
 */
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { notFound } from "./errors.ts";

export async function registerWebApp(app: FastifyInstance, webDir: string) {
  const indexHtml = fs.readFileSync(path.join(webDir, "index.html"));

  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader("cache-control", "public, max-age=31536000, immutable");
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api") throw notFound(`No API route ${request.method} ${request.url.split("?")[0]}`);
    if (request.method !== "GET" && request.method !== "HEAD") throw notFound("Not found.");
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(indexHtml);
  });
}
