// usage: node crop.tmp.mjs in.png out.png x y w h
import { chromium } from "playwright-core";
import fs from "node:fs";
const [inp, out, x, y, w, h] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: fs.existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium" });
const p = await b.newPage({ viewport: { width: Number(w), height: Number(h) } });
const data = fs.readFileSync(inp).toString("base64");
await p.setContent(`<body style="margin:0"><div style="width:${w}px;height:${h}px;overflow:hidden;position:relative"><img src="data:image/png;base64,${data}" style="position:absolute;left:-${x}px;top:-${y}px"></div></body>`);
await p.waitForTimeout(200);
await p.screenshot({ path: out });
await b.close();
