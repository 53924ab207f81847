import fs from "node:fs";
import { launchBrowser } from "../../tests/support/browser.ts";
import { cleanWebp } from "../../src/shared/webp.ts";
import { chunksOf } from "../../tests/support/webp-files.ts";

const browser = await launchBrowser();
const page = await browser.newPage();
await page.setContent("<html><body></body></html>");
// Pictures Chromium's canvas encodes: sizes, qualities, noise, gradients, flat areas, transparency.
const made: string[] = await page.evaluate(fs.readFileSync("scripts/dev-webp-check/vp8make.js", "utf8"));
let trimmedBytes = 0, files = 0, mismatches = 0, refused = 0;
for (const url of made) {
  const original = Buffer.from(url.split(",")[1]!, "base64");
  if (original.subarray(8, 12).toString() !== "WEBP") continue;
  const r = cleanWebp(original);
  if (!r.ok) { refused++; console.log("refused", r.problem, chunksOf(original).map((c) => c.fourCC).join(" ")); continue; }
  files++;
  const vp8 = (f: Buffer) => chunksOf(f).find((c) => c.fourCC === "VP8 ")?.payload.length ?? 0;
  trimmedBytes += vp8(original) - vp8(Buffer.from(r.bytes));
  // Decode both in Chromium and compare every pixel.
  const same = await page.evaluate(`${fs.readFileSync("scripts/dev-webp-check/vp8compare.js", "utf8")}(${JSON.stringify([original.toString("base64"), Buffer.from(r.bytes).toString("base64")])})`);
  if (same !== "same") { mismatches++; console.log(same, chunksOf(original).map((c) => `${c.fourCC}:${c.payload.length}`).join(" "), "->", chunksOf(Buffer.from(r.bytes)).map((c) => `${c.fourCC}:${c.payload.length}`).join(" "), "w", r.width, "h", r.height); }
}
console.log({ files, refused, mismatches, trimmedBytes });
// Bytes hidden in the VP8 chunk are cut.
await browser.close();
