/**
 * The audio cleaner's output still plays: each stored file (Chromium's own recordings, and each
 * container the builders make) served as the app will serve it (its type, nosniff) from a tiny
 * local server and loaded in Chromium's <audio> element: canplaythrough fires and its duration
 * is finite and close to the one the cleaner measured. No app server: the cleaner is pure.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanAudio } from "../../src/server/audio/clean-audio.ts";
import {
  CHROMIUM_MP4_5S,
  CHROMIUM_WEBM_5S,
  CHROMIUM_WEBM_20S,
  FFMPEG_M4A_5S,
  FFMPEG_OGG_5S,
  m4aFile,
  oggFile,
  wavFile,
  webmFile,
} from "../support/audio-files.ts";
import { launchBrowser, watchPageErrors } from "../support/browser.ts";

const FILES: Record<string, Uint8Array> = {
  "chromium-5s.webm": CHROMIUM_WEBM_5S,
  "chromium-20s.webm": CHROMIUM_WEBM_20S,
  "chromium-fragmented-5s.mp4": CHROMIUM_MP4_5S,
  "ffmpeg-voice-memo-5s.m4a": FFMPEG_M4A_5S,
  "ffmpeg-5s.ogg": FFMPEG_OGG_5S,
  "built.webm": webmFile({ seconds: 3 }),
  "built.ogg": oggFile({ seconds: 3 }),
  "built-aac.m4a": m4aFile({ seconds: 3 }),
  "built-fragmented-aac.m4a": m4aFile({ seconds: 3, fragmented: true }),
  "built-opus.m4a": m4aFile({ seconds: 3, codec: "opus" }),
  "built.wav": wavFile({ seconds: 3 }),
};

const stored = Object.fromEntries(
  Object.entries(FILES).map(([name, bytes]) => {
    const result = cleanAudio(bytes, { maxBytes: 1_000_000, maxMs: 20_000 });
    if (!result.ok) throw new Error(`${name}: ${result.problem}`);
    return [name, result];
  }),
);

let server: http.Server;
let origin: string;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const name = decodeURIComponent(request.url!.slice(1));
    const file = stored[name];
    if (!file)
      return response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>audio</title>");
    const headers = { "content-type": file.mimeType, "x-content-type-options": "nosniff", "accept-ranges": "bytes" };
    // Byte ranges, as the app's route must answer them: Chromium finds an Ogg file's duration by
    // reading its last page, and Safari plays no media from a server that does not answer ranges.
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? "");
    if (!range)
      return response.writeHead(200, { ...headers, "content-length": file.bytes.length }).end(Buffer.from(file.bytes));
    const size = file.bytes.length;
    const start = range[1] ? Number(range[1]) : size - Number(range[2]);
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    response.writeHead(206, {
      ...headers,
      "content-range": `bytes ${start}-${end}/${size}`,
      "content-length": end - start + 1,
    });
    response.end(Buffer.from(file.bytes.subarray(start, end + 1)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  page = await browser.newPage();
  errors = watchPageErrors(page);
  await page.goto(`${origin}/`);
});

afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe("stored recordings play in Chromium", () => {
  it.each(Object.keys(FILES))("%s: canplaythrough, and the duration the cleaner measured", async (name) => {
    const played = await page.evaluate(
      (src) =>
        new Promise<{ duration: number } | { error: string }>((resolve) => {
          const audio = new Audio();
          audio.preload = "auto";
          audio.oncanplaythrough = () => resolve({ duration: audio.duration });
          audio.onerror = () => resolve({ error: `${audio.error?.code} ${audio.error?.message}` });
          audio.src = src;
          audio.load();
        }),
      `${origin}/${encodeURIComponent(name)}`,
    );
    if ("error" in played) throw new Error(`${name} did not play: ${played.error}`);
    expect(Number.isFinite(played.duration)).toBe(true);
    // Within 0.1 s (an Opus decoder's pre-skip, AAC's priming frames and rounding).
    expect(Math.abs(played.duration * 1000 - stored[name]!.durationMs)).toBeLessThan(100);
    expect(errors).toEqual([]);
  });
});
