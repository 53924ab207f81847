/**
 * By hand, not in CI (it takes a minute of Chromium): every lossy picture Chromium's canvas
 * encodes here (sizes 1×1 to 1280×1280, qualities 0.05 to 0.92, with and without transparency),
 * the tests' own pictures (tests/support/vp8-writer.ts), and each with bytes hidden inside its
 * `VP8 ` chunk, decode in Chromium to the same pixels once cleanWebp has trimmed them.
 * Run from the repository root: npx tsx scripts/dev-webp-check/check.mts
 */
import fs from "node:fs";
import { cleanWebp } from "../../src/server/images/webp.ts";
import { launchBrowser } from "../../tests/support/browser.ts";
import { chunksOf, webpOfSize, webpPicture, withHiddenBytes } from "../../tests/support/webp-files.ts";

const browser = await launchBrowser();
const page = await browser.newPage();
await page.setContent("<html><body></body></html>");
// Pictures Chromium's canvas encodes: sizes, qualities, noise, gradients, flat areas, transparency.
const made: string[] = await page.evaluate(fs.readFileSync("scripts/dev-webp-check/vp8make.js", "utf8"));
const ours = [
  webpPicture(1, 1),
  webpPicture(40, 30, 9),
  webpPicture(1280, 853, 300),
  webpOfSize(20_000, 1),
  webpOfSize(400 * 1024, 2),
];
const files = [...made.map((url) => Buffer.from(url.split(",")[1]!, "base64")), ...ours];
let checked = 0,
  mismatches = 0,
  refused = 0,
  lossless = 0,
  trimmedBytes = 0;
const vp8 = (f: Buffer) => chunksOf(f).find((c) => c.fourCC === "VP8 ")?.payload.length ?? 0;
for (const original of files) {
  if (original.subarray(8, 12).toString() !== "WEBP") continue;
  if (!vp8(original)) {
    lossless++;
    continue;
  }
  for (const sent of [original, withHiddenBytes(original)]) {
    const r = cleanWebp(sent);
    if (!r.ok) {
      refused++;
      console.log(
        "refused",
        r.problem,
        chunksOf(sent)
          .map((c) => c.fourCC)
          .join(" "),
      );
      continue;
    }
    checked++;
    const kept = Buffer.from(r.bytes);
    if (sent === original) trimmedBytes += vp8(original) - vp8(kept);
    if (kept.includes("<script>")) {
      mismatches++;
      console.log("hidden bytes kept");
    }
    // Decode both in Chromium and compare every pixel.
    const same = await page.evaluate(
      `${fs.readFileSync("scripts/dev-webp-check/vp8compare.js", "utf8")}(${JSON.stringify([original.toString("base64"), kept.toString("base64")])})`,
    );
    if (same !== "same") {
      mismatches++;
      console.log(
        same,
        chunksOf(original)
          .map((c) => `${c.fourCC}:${c.payload.length}`)
          .join(" "),
        "->",
        chunksOf(kept)
          .map((c) => `${c.fourCC}:${c.payload.length}`)
          .join(" "),
        "w",
        r.width,
        "h",
        r.height,
      );
    }
  }
}
console.log({ checked, refused, mismatches, lossless, trimmedBytes });
await browser.close();
