/**
 * The starter hunts' pictures (docs/STARTER-HUNTS.md): simple, high-contrast drawings for children
 * of four to seven (shapes, counting dots, Irish euro coins, clocks, everyday things), each named by
 * a key ("dots:4", "coin:20", "clock:4:30", "thing:apple"). Each is drawn as SVG, painted on a
 * canvas in Chromium (playwright-core) and saved as WebP by the canvas (`toBlob`), as the editor
 * saves a teacher's picture; then it goes through the server's own check (cleanWebp,
 * src/server/images/webp.ts), and the bytes kept are the ones the server would keep.
 *
 *   npx tsx scripts/starter/pictures.ts [--png <dir>] [--sheet <file.png>] [key …]
 *
 * Without keys it draws every kind once (GALLERY). `--png` writes each as PNG to look at,
 * `--sheet` all of them on one page with their keys and WebP sizes. The build scripts
 * (build-maths.ts, build-words.ts) call `renderPictures`.
 *
 * Keys (the text of the option or the question's description says the same in words):
 *   dots:N                      N dots (1–10) in the dice or ten-frame pattern
 *   count:N:THING               N small things (1–10) in a row or two, THING a key of THINGS; wide
 *   group:N:THING               N things (1–6) in a square, in one row or two
 *   shape:NAME[:COLOUR]         circle, square, triangle, rectangle, semicircle, oval, star, hexagon
 *   solid:NAME                  sphere, cube, cylinder, cone (3D, shaded)
 *   coin:CENTS                  an Irish euro coin: 1, 2, 5, 10, 20, 50, 100 (€1), 200 (€2)
 *   coins:C+C…                  coins side by side; wide
 *   clock:H:MM                  an analogue clock, MM 00 or 30
 *   pencil:COLOUR:LENGTH        a pencil LENGTH (0.2–1) of the picture's width
 *   colour:COLOUR               a splash of paint
 *   pattern:COLOUR,COLOUR,…     circles in a row, then a question mark; wide
 *   face:FEELING                happy, sad, angry, tired, scared
 *   thing:NAME                  a thing of THINGS (sun, apple, cat, nest…)
 * COLOUR is a key of COLOURS.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type Browser, chromium } from "playwright-core";
import { cleanWebp } from "../../src/server/images/webp.ts";

export type PictureKey = string;

/** The canvas's side, in pixels: big enough for a projector's tile, small in bytes. */
export const PICTURE_SIZE = 320;
/** The width of a wide picture (a row of things to count, a pattern), in pixels. */
export const WIDE_PICTURE_WIDTH = 480;
/** WebP quality of a wide picture. */
export const WIDE_WEBP_QUALITY = 0.6;
/** WebP quality: flat colours and thick lines stay crisp, and a picture stays well under 8 KB. */
export const WEBP_QUALITY = 0.8;

export const COLOURS = {
  red: "#d62828",
  blue: "#1f5fbf",
  yellow: "#f5c400",
  green: "#2a9d3f",
  orange: "#f77f00",
  purple: "#7b2cbf",
  pink: "#ff77b7",
  brown: "#8b5a2b",
  black: "#222222",
  white: "#ffffff",
  grey: "#9aa0a6",
} as const;
export type Colour = keyof typeof COLOURS;

const INK = "#1d1d1d";
const SKIN = "#f1c27d";
const line = (w = 2.5) => `stroke="${INK}" stroke-width="${w}" stroke-linejoin="round" stroke-linecap="round"`;

const colourOf = (name: string): string => {
  const c = COLOURS[name as Colour];
  if (!c) throw new Error(`Unknown colour "${name}"`);
  return c;
};

/** A five-pointed star centred on (cx, cy). */
function starPoints(cx: number, cy: number, outer: number, inner = outer * 0.45): string {
  return Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`;
  }).join(" ");
}

/** Everyday things, each drawn in a 100×100 box. */
export const THINGS: Record<string, string> = {
  sun: `${Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const p = (r: number) => `${(50 + r * Math.cos(a)).toFixed(1)} ${(50 + r * Math.sin(a)).toFixed(1)}`;
    return `<path d="M${p(30)} L${p(44)}" stroke="${COLOURS.orange}" stroke-width="5" stroke-linecap="round"/>`;
  }).join("")}<circle cx="50" cy="50" r="23" fill="${COLOURS.yellow}" ${line()}/>`,
  moon: `<path d="M62 12 A40 40 0 1 0 62 88 A32 32 0 1 1 62 12 Z" fill="#ffe066" ${line()}/>`,
  star: `<polygon points="${starPoints(50, 53, 42)}" fill="${COLOURS.yellow}" ${line()}/>`,
  apple: `<path d="M50 30 C38 20 14 24 14 52 C14 76 32 92 42 90 C46 89 48 87 50 87 C52 87 54 89 58 90 C68 92 86 76 86 52 C86 24 62 20 50 30 Z" fill="${COLOURS.red}" ${line()}/>
    <path d="M50 30 C50 22 52 14 56 8" fill="none" stroke="${COLOURS.brown}" stroke-width="5" stroke-linecap="round"/>
    <path d="M54 20 C60 8 76 8 80 12 C74 22 62 24 54 20 Z" fill="${COLOURS.green}" ${line(2)}/>
    <ellipse cx="30" cy="46" rx="5" ry="9" fill="#fff" opacity="0.55"/>`,
  ball: `<circle cx="50" cy="50" r="40" fill="#fff" ${line()}/>
    <path d="M50 10 A40 40 0 0 1 90 50 L50 50 Z" fill="${COLOURS.red}"/>
    <path d="M50 90 A40 40 0 0 1 10 50 L50 50 Z" fill="${COLOURS.blue}"/>
    <path d="M10 50 A40 40 0 0 1 50 10 L50 50 Z" fill="${COLOURS.yellow}"/>
    <circle cx="50" cy="50" r="40" fill="none" ${line()}/><circle cx="50" cy="50" r="5" fill="#fff" ${line(2)}/>`,
  egg: `<path d="M50 8 C28 8 16 44 16 62 C16 82 32 94 50 94 C68 94 84 82 84 62 C84 44 72 8 50 8 Z" fill="#fdf3dc" ${line()}/>`,
  cat: `<path d="M20 44 L18 10 L42 28 Z M80 44 L82 10 L58 28 Z" fill="${COLOURS.orange}" ${line()}/>
    <circle cx="50" cy="56" r="34" fill="${COLOURS.orange}" ${line()}/>
    <path d="M24 20 L26 34 L34 28 Z M76 20 L74 34 L66 28 Z" fill="${COLOURS.pink}"/>
    <ellipse cx="37" cy="50" rx="5" ry="7" fill="${INK}"/><ellipse cx="63" cy="50" rx="5" ry="7" fill="${INK}"/>
    <path d="M45 62 L55 62 L50 68 Z" fill="${COLOURS.pink}" ${line(1.5)}/>
    <path d="M50 68 Q50 74 43 75 M50 68 Q50 74 57 75" fill="none" ${line(2)}/>
    <path d="M40 66 L8 60 M40 69 L8 72 M60 66 L92 60 M60 69 L92 72" ${line(1.8)}/>`,
  dog: `<circle cx="50" cy="54" r="32" fill="#c68642" ${line()}/>
    <path d="M24 30 C8 32 4 60 14 72 C22 70 26 52 28 40 Z M76 30 C92 32 96 60 86 72 C78 70 74 52 72 40 Z" fill="#6f4518" ${line()}/>
    <circle cx="39" cy="48" r="5" fill="${INK}"/><circle cx="61" cy="48" r="5" fill="${INK}"/>
    <ellipse cx="50" cy="68" rx="17" ry="12" fill="#f3d7b6" ${line(1.8)}/>
    <ellipse cx="50" cy="62" rx="7" ry="5" fill="${INK}"/>
    <path d="M50 67 L50 72 M42 73 Q50 80 58 73" fill="none" ${line(2)}/>`,
  pig: `<path d="M22 36 L20 12 L42 26 Z M78 36 L80 12 L58 26 Z" fill="#f4a6c0" ${line()}/>
    <circle cx="50" cy="54" r="36" fill="#f9c3d3" ${line()}/>
    <circle cx="37" cy="44" r="5" fill="${INK}"/><circle cx="63" cy="44" r="5" fill="${INK}"/>
    <ellipse cx="50" cy="66" rx="17" ry="12" fill="#f08bb0" ${line()}/>
    <ellipse cx="44" cy="66" rx="3.5" ry="5" fill="${INK}"/><ellipse cx="56" cy="66" rx="3.5" ry="5" fill="${INK}"/>`,
  fish: `<path d="M70 50 L94 30 L94 70 Z" fill="${COLOURS.orange}" ${line()}/>
    <ellipse cx="44" cy="50" rx="36" ry="24" fill="${COLOURS.orange}" ${line()}/>
    <path d="M40 28 Q50 16 62 30" fill="${COLOURS.orange}" ${line()}/>
    <circle cx="24" cy="45" r="5" fill="#fff" ${line(1.5)}/><circle cx="23" cy="45" r="2.5" fill="${INK}"/>
    <path d="M44 36 Q52 50 44 64" fill="none" ${line(2)}/>`,
  bee: `<ellipse cx="40" cy="30" rx="14" ry="20" fill="#cdeffd" ${line(2)} transform="rotate(-25 40 30)"/>
    <ellipse cx="60" cy="30" rx="14" ry="20" fill="#cdeffd" ${line(2)} transform="rotate(25 60 30)"/>
    <ellipse cx="52" cy="60" rx="32" ry="22" fill="${COLOURS.yellow}" ${line()}/>
    <path d="M44 39 Q40 60 44 81 M58 39 Q62 60 58 81" stroke="${INK}" stroke-width="7" fill="none"/>
    <path d="M84 60 L96 60" ${line(3)}/>
    <circle cx="18" cy="56" r="12" fill="${INK}"/><circle cx="15" cy="53" r="3" fill="#fff"/>
    <path d="M14 45 Q8 34 4 32 M20 44 Q20 32 16 28" fill="none" ${line(2)}/>`,
  tree: `<rect x="42" y="58" width="16" height="36" fill="${COLOURS.brown}" ${line()}/>
    <path d="M50 6 C30 6 22 20 26 30 C12 34 10 54 24 62 C28 72 44 72 50 66 C56 72 72 72 76 62 C90 54 88 34 74 30 C78 20 70 6 50 6 Z" fill="${COLOURS.green}" ${line()}/>`,
  hat: `<path d="M16 70 C16 36 32 22 50 22 C68 22 84 36 84 70 Z" fill="${COLOURS.red}" ${line()}/>
    <rect x="12" y="66" width="76" height="18" rx="6" fill="#fff" ${line()}/>
    <path d="M24 68 L24 82 M36 68 L36 82 M48 68 L48 82 M60 68 L60 82 M72 68 L72 82" ${line(1.5)}/>
    <circle cx="50" cy="16" r="10" fill="#fff" ${line()}/>`,
  cup: `<path d="M70 36 C92 36 92 70 70 70" fill="none" stroke="${INK}" stroke-width="9"/>
    <path d="M70 36 C92 36 92 70 70 70" fill="none" stroke="${COLOURS.blue}" stroke-width="4.5"/>
    <path d="M18 24 L74 24 L70 86 Q70 90 66 90 L26 90 Q22 90 22 86 Z" fill="${COLOURS.blue}" ${line()}/>
    <path d="M28 34 L30 76" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity="0.6"/>`,
  banana: `<path d="M14 30 C20 70 60 88 90 66 C92 62 88 60 84 62 C62 72 34 62 24 26 Z" fill="${COLOURS.yellow}" ${line()}/>
    <path d="M14 30 L12 22 L22 20 L24 26" fill="${COLOURS.brown}" ${line(2)}/>
    <path d="M88 62 L92 66" ${line(4)}/>`,
  carrot: `<path d="M30 28 C40 22 54 26 62 36 L22 92 Q18 94 18 90 Z" fill="${COLOURS.orange}" ${line()}/>
    <path d="M34 46 L40 50 M28 62 L34 66 M40 36 L46 40" ${line(1.8)}/>
    <path d="M52 30 C56 14 70 8 80 10 C72 18 66 26 58 32 M56 34 C70 26 86 28 92 36 C80 38 70 38 60 38 M48 26 C46 12 52 4 58 2 C60 12 58 20 54 28" fill="${COLOURS.green}" ${line(2)}/>`,
  orange: `<circle cx="50" cy="54" r="36" fill="${COLOURS.orange}" ${line()}/>
    <path d="M50 20 C56 8 70 6 76 10 C70 20 58 22 50 20 Z" fill="${COLOURS.green}" ${line(2)}/>
    <circle cx="38" cy="44" r="1.6" fill="#b85c00"/><circle cx="60" cy="62" r="1.6" fill="#b85c00"/><circle cx="44" cy="70" r="1.6" fill="#b85c00"/><circle cx="66" cy="42" r="1.6" fill="#b85c00"/>
    <ellipse cx="34" cy="40" rx="5" ry="8" fill="#fff" opacity="0.5"/>`,
  bread: `<path d="M20 88 L20 44 C8 40 8 14 30 12 C40 10 60 10 70 12 C92 14 92 40 80 44 L80 88 Z" fill="#c8843a" ${line()}/>
    <path d="M28 82 L28 48 C18 44 18 22 34 20 C42 18 58 18 66 20 C82 22 82 44 72 48 L72 82 Z" fill="#f6deb0"/>`,
  "ice-cream": `<path d="M28 50 L50 96 L72 50 Z" fill="#e0a553" ${line()}/>
    <path d="M34 56 L58 80 M44 52 L64 70 M66 58 L44 84 M56 52 L36 72" stroke="#a86d22" stroke-width="2"/>
    <circle cx="50" cy="36" r="24" fill="${COLOURS.pink}" ${line()}/>
    <path d="M26 46 Q32 56 38 48 Q44 58 50 48 Q56 58 62 48 Q68 56 74 46" fill="${COLOURS.pink}" ${line(2)}/>
    <circle cx="50" cy="12" r="6" fill="${COLOURS.red}" ${line(2)}/>`,
  tea: `<path d="M40 8 Q34 16 40 24 Q46 32 40 38 M56 8 Q50 16 56 24 Q62 32 56 38" fill="none" stroke="${COLOURS.grey}" stroke-width="3.5" stroke-linecap="round"/>
    <ellipse cx="48" cy="86" rx="40" ry="8" fill="#fff" ${line()}/>
    <path d="M72 52 C90 52 90 74 70 74" fill="none" stroke="${INK}" stroke-width="8"/>
    <path d="M72 52 C90 52 90 74 70 74" fill="none" stroke="#fff" stroke-width="3.5"/>
    <path d="M20 46 L76 46 C76 70 66 84 48 84 C30 84 20 70 20 46 Z" fill="#fff" ${line()}/>
    <path d="M30 58 L66 58" stroke="${COLOURS.red}" stroke-width="5"/>`,
  sock: `<path d="M34 6 L66 6 L66 58 C66 64 70 66 76 70 C92 80 86 98 68 94 L30 80 C20 76 18 66 26 60 L34 52 Z" fill="${COLOURS.green}" ${line()}/>
    <path d="M34 16 L66 16 M34 26 L66 26" stroke="#fff" stroke-width="5"/><path d="M34 6 L66 6 L66 58 C66 64 70 66 76 70 C92 80 86 98 68 94 L30 80 C20 76 18 66 26 60 L34 52 Z" fill="none" ${line()}/>`,
  shoe: `<path d="M8 78 L8 56 C8 50 14 48 20 50 C30 54 40 52 44 40 L56 40 C60 56 74 58 88 62 C96 64 96 78 92 78 Z" fill="${COLOURS.blue}" ${line()}/>
    <rect x="6" y="76" width="88" height="10" rx="4" fill="#fff" ${line()}/>
    <path d="M48 48 L58 46 M50 54 L62 52" ${line(2.5)}/>`,
  jumper: `<path d="M34 10 L66 10 L84 18 C92 22 94 30 94 40 L96 84 L82 86 L76 40 L76 92 L24 92 L24 40 L18 86 L4 84 L6 40 C6 30 8 22 16 18 Z" fill="${COLOURS.purple}" ${line()}/>
    <path d="M38 10 Q50 22 62 10" fill="none" ${line()}/>
    <path d="M24 84 L76 84 M6 76 L19 77 M94 76 L81 77" ${line(2)}/>
    <path d="M24 40 L24 60 M76 40 L76 60" ${line(2)}/>`,
  raincoat: `<path d="M36 10 C40 4 60 4 64 10 L86 28 L92 70 L80 72 L76 50 L76 92 L24 92 L24 50 L20 72 L8 70 L14 28 Z" fill="${COLOURS.yellow}" ${line()}/>
    <path d="M36 10 C36 28 64 28 64 10" fill="#e0ae00" ${line()}/>
    <path d="M50 26 L50 92" ${line(2)}/><circle cx="56" cy="42" r="2.5" fill="${INK}"/><circle cx="56" cy="58" r="2.5" fill="${INK}"/><circle cx="56" cy="74" r="2.5" fill="${INK}"/>`,
  sunglasses: `<path d="M6 38 L94 38" ${line(4)}/>
    <path d="M8 38 L44 38 L42 58 C40 70 12 70 10 58 Z M56 38 L92 38 L90 58 C88 70 60 70 58 58 Z" fill="${INK}" ${line()}/>
    <path d="M44 44 Q50 40 56 44" fill="none" ${line(3)}/>
    <path d="M16 44 L24 44 M64 44 L72 44" stroke="#fff" stroke-width="3" stroke-linecap="round"/>`,
  shorts: `<path d="M14 18 L86 18 L94 82 L58 84 L50 48 L42 84 L6 82 Z" fill="${COLOURS.blue}" ${line()}/>
    <path d="M14 28 L86 28" ${line(2)}/>`,
  "t-shirt": `<path d="M32 14 L68 14 L94 30 L84 48 L74 42 L74 90 L26 90 L26 42 L16 48 L6 30 Z" fill="${COLOURS.red}" ${line()}/>
    <path d="M38 14 Q50 26 62 14" fill="none" ${line()}/>`,
  milk: `<path d="M38 6 L62 6 L62 18 C62 26 76 30 76 44 L76 88 Q76 94 70 94 L30 94 Q24 94 24 88 L24 44 C24 30 38 26 38 18 Z" fill="#fff" ${line()}/>
    <rect x="36" y="2" width="28" height="10" rx="3" fill="${COLOURS.blue}" ${line()}/>
    <rect x="24" y="54" width="52" height="20" fill="${COLOURS.blue}" opacity="0.85"/>
    <path d="M38 6 L62 6 L62 18 C62 26 76 30 76 44 L76 88 Q76 94 70 94 L30 94 Q24 94 24 88 L24 44 C24 30 38 26 38 18 Z" fill="none" ${line()}/>`,
  pumpkin: `<path d="M48 22 C46 14 50 8 56 6" fill="none" stroke="${COLOURS.green}" stroke-width="6" stroke-linecap="round"/>
    <ellipse cx="50" cy="58" rx="42" ry="34" fill="${COLOURS.orange}" ${line()}/>
    <path d="M50 24 C34 30 34 86 50 92 M50 24 C66 30 66 86 50 92" fill="none" stroke="#c25e00" stroke-width="2.5"/>
    <path d="M28 48 L38 44 L36 54 Z M72 48 L62 44 L64 54 Z" fill="${INK}"/>
    <path d="M28 66 Q50 84 72 66 L64 70 L58 66 L50 72 L42 66 L36 70 Z" fill="${INK}"/>`,
  "christmas-tree": `<rect x="42" y="80" width="16" height="16" fill="${COLOURS.brown}" ${line()}/>
    <path d="M50 12 L74 42 L62 42 L82 64 L66 64 L88 84 L12 84 L34 64 L18 64 L38 42 L26 42 Z" fill="${COLOURS.green}" ${line()}/>
    <polygon points="${starPoints(50, 12, 11)}" fill="${COLOURS.yellow}" ${line(1.8)}/>
    <circle cx="42" cy="50" r="3.5" fill="${COLOURS.red}"/><circle cx="60" cy="70" r="3.5" fill="${COLOURS.blue}"/><circle cx="36" cy="74" r="3.5" fill="${COLOURS.yellow}"/><circle cx="56" cy="40" r="3.5" fill="${COLOURS.yellow}"/>`,
  "easter-egg": `<path d="M50 6 C28 6 16 42 16 60 C16 82 32 94 50 94 C68 94 84 82 84 60 C84 42 72 6 50 6 Z" fill="${COLOURS.purple}" ${line()}/>
    <path d="M19 46 L30 38 L40 46 L50 38 L60 46 L70 38 L81 46 L81 56 L70 48 L60 56 L50 48 L40 56 L30 48 L19 56 Z" fill="${COLOURS.yellow}"/>
    <circle cx="34" cy="72" r="5" fill="${COLOURS.pink}"/><circle cx="50" cy="76" r="5" fill="${COLOURS.pink}"/><circle cx="66" cy="72" r="5" fill="${COLOURS.pink}"/>
    <path d="M50 6 C28 6 16 42 16 60 C16 82 32 94 50 94 C68 94 84 82 84 60 C84 42 72 6 50 6 Z" fill="none" ${line()}/>`,
  snowman: `<g transform="translate(0 4) scale(1 0.96)"><circle cx="50" cy="70" r="25" fill="#fff" ${line()}/><circle cx="50" cy="34" r="17" fill="#fff" ${line()}/>
    <rect x="34" y="16" width="32" height="5" fill="${INK}"/><rect x="39" y="0" width="22" height="18" fill="${INK}"/>
    <circle cx="44" cy="30" r="2.6" fill="${INK}"/><circle cx="56" cy="30" r="2.6" fill="${INK}"/>
    <path d="M50 35 L64 39 L50 40 Z" fill="${COLOURS.orange}" ${line(1.2)}/>
    <circle cx="50" cy="62" r="2.6" fill="${INK}"/><circle cx="50" cy="74" r="2.6" fill="${INK}"/>
    <path d="M26 60 L10 48 M74 60 L90 48" stroke="${COLOURS.brown}" stroke-width="3.5" stroke-linecap="round"/></g>`,
  feather: `<path d="M82 10 C40 16 20 50 22 84 C50 80 80 50 82 10 Z" fill="#b9e3f5" ${line()}/>
    <path d="M14 94 L82 10" ${line(2.5)}/>
    <path d="M40 60 L30 56 M50 48 L40 40 M60 36 L52 26 M46 58 L58 62 M56 46 L68 48" ${line(1.5)}/>`,
  leaf: `<path d="M14 86 C10 40 40 12 88 10 C90 60 60 90 14 86 Z" fill="${COLOURS.green}" ${line()}/>
    <path d="M14 86 L70 30 M36 64 L34 44 M50 50 L50 32 M36 64 L56 66 M50 50 L68 52" fill="none" ${line(2)}/>`,
  "autumn-leaf": `<path d="M14 86 C10 40 40 12 88 10 C90 60 60 90 14 86 Z" fill="${COLOURS.orange}" ${line()}/>
    <path d="M14 86 L70 30 M36 64 L34 44 M50 50 L50 32 M36 64 L56 66 M50 50 L68 52" fill="none" ${line(2)}/>`,
  balloon: `<path d="M50 70 Q44 84 54 90 Q60 94 54 98" fill="none" ${line(2)}/>
    <ellipse cx="50" cy="38" rx="28" ry="32" fill="${COLOURS.red}" ${line()}/>
    <path d="M46 70 L54 70 L50 64 Z" fill="${COLOURS.red}" ${line(2)}/>
    <ellipse cx="40" cy="26" rx="5" ry="9" fill="#fff" opacity="0.6"/>`,
  book: `<path d="M14 16 L76 16 L76 92 L14 92 Z" fill="#fff" ${line()}/>
    <path d="M20 10 L84 10 L84 86 L20 86 Z" fill="${COLOURS.blue}" ${line()}/>
    <path d="M28 10 L28 86" ${line(2)}/>
    <rect x="40" y="28" width="32" height="12" rx="2" fill="#fff"/>`,
  key: `<circle cx="26" cy="50" r="18" fill="${COLOURS.yellow}" ${line()}/><circle cx="26" cy="50" r="7" fill="#fff" ${line(2)}/>
    <path d="M44 44 L92 44 L92 56 L84 56 L84 66 L76 66 L76 56 L68 56 L68 64 L60 64 L60 56 L44 56 Z" fill="${COLOURS.yellow}" ${line()}/>`,
  stone: `<path d="M10 70 C8 50 24 30 46 28 C70 26 92 40 92 62 C92 80 72 86 50 86 C28 86 12 84 10 70 Z" fill="${COLOURS.grey}" ${line()}/>
    <path d="M30 50 Q36 46 42 48 M60 62 Q66 58 72 62" fill="none" stroke="#6b7075" stroke-width="2.5" stroke-linecap="round"/>`,
  duck: `<path d="M8 56 C8 80 30 90 54 88 C78 86 92 72 90 50 C84 58 72 58 62 54 C70 46 72 34 64 24 C54 12 32 16 30 32 C28 40 34 48 40 52 C28 54 16 54 8 56 Z" fill="${COLOURS.yellow}" ${line()}/>
    <path d="M30 30 C20 28 12 32 10 36 C16 40 24 40 32 38 Z" fill="${COLOURS.orange}" ${line(2)}/>
    <circle cx="44" cy="28" r="3.5" fill="${INK}"/>
    <path d="M46 66 C56 74 68 72 74 62" fill="none" ${line(2)}/>`,
  window: `<rect x="12" y="10" width="76" height="80" fill="#bde3ff" ${line()}/>
    <path d="M50 10 L50 90 M12 50 L88 50" stroke="#fff" stroke-width="7"/><path d="M50 10 L50 90 M12 50 L88 50" ${line(2)}/>
    <rect x="12" y="10" width="76" height="80" fill="none" stroke="#fff" stroke-width="4"/><rect x="10" y="8" width="80" height="84" fill="none" ${line()}/>
    <path d="M20 36 L34 22 M58 36 L72 22" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`,
  teddy: `<circle cx="24" cy="24" r="13" fill="#a0673a" ${line()}/><circle cx="76" cy="24" r="13" fill="#a0673a" ${line()}/>
    <circle cx="24" cy="24" r="6" fill="#e8c49a"/><circle cx="76" cy="24" r="6" fill="#e8c49a"/>
    <circle cx="50" cy="54" r="36" fill="#a0673a" ${line()}/>
    <circle cx="38" cy="46" r="4.5" fill="${INK}"/><circle cx="62" cy="46" r="4.5" fill="${INK}"/>
    <ellipse cx="50" cy="66" rx="15" ry="12" fill="#e8c49a" ${line(1.8)}/>
    <ellipse cx="50" cy="61" rx="5.5" ry="4" fill="${INK}"/><path d="M50 64 L50 70 M44 72 Q50 76 56 72" fill="none" ${line(2)}/>`,
  bell: `<path d="M50 10 C30 10 24 30 24 50 C24 66 14 70 12 78 L88 78 C86 70 76 66 76 50 C76 30 70 10 50 10 Z" fill="${COLOURS.yellow}" ${line()}/>
    <circle cx="50" cy="86" r="8" fill="#c99a00" ${line()}/><circle cx="50" cy="8" r="5" fill="${COLOURS.yellow}" ${line(2)}/>
    <path d="M34 30 Q32 44 34 56" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity="0.7"/>`,
  spoon: `<path d="M46 48 L16 92 Q14 96 18 96 Q22 96 22 94 L52 52" fill="#c7ccd1" ${line()}/>
    <ellipse cx="62" cy="30" rx="18" ry="25" fill="#c7ccd1" ${line()} transform="rotate(35 62 30)"/>
    <ellipse cx="58" cy="26" rx="5" ry="10" fill="#fff" opacity="0.7" transform="rotate(35 58 26)"/>`,
  snake: `<path d="M10 80 C10 60 40 60 40 76 C40 92 70 92 70 72 C70 52 44 52 44 36 C44 22 62 14 78 22" fill="none" stroke="${INK}" stroke-width="15" stroke-linecap="round"/>
    <path d="M10 80 C10 60 40 60 40 76 C40 92 70 92 70 72 C70 52 44 52 44 36 C44 22 62 14 78 22" fill="none" stroke="${COLOURS.green}" stroke-width="10" stroke-linecap="round"/>
    <ellipse cx="80" cy="24" rx="13" ry="10" fill="${COLOURS.green}" ${line()}/>
    <circle cx="84" cy="20" r="2.6" fill="${INK}"/>
    <path d="M92 28 L98 32 M98 32 L100 28 M98 32 L100 36" stroke="${COLOURS.red}" stroke-width="2" stroke-linecap="round"/>`,
  ship: `<path d="M8 62 L92 62 L80 86 L20 86 Z" fill="${COLOURS.red}" ${line()}/>
    <rect x="24" y="42" width="46" height="20" fill="#fff" ${line()}/>
    <circle cx="34" cy="52" r="3.5" fill="${COLOURS.blue}"/><circle cx="47" cy="52" r="3.5" fill="${COLOURS.blue}"/><circle cx="60" cy="52" r="3.5" fill="${COLOURS.blue}"/>
    <rect x="52" y="22" width="12" height="20" fill="${COLOURS.yellow}" ${line()}/>
    <path d="M62 16 Q70 8 80 12" fill="none" stroke="${COLOURS.grey}" stroke-width="4" stroke-linecap="round"/>
    <path d="M0 92 Q12 86 25 92 Q38 98 50 92 Q62 86 75 92 Q88 98 100 92" fill="none" stroke="${COLOURS.blue}" stroke-width="4"/>`,
  cheese: `<path d="M8 70 L70 26 L92 44 L92 84 L8 84 Z" fill="#ffd43b" ${line()}/>
    <path d="M8 70 L92 58" ${line(2)}/>
    <circle cx="36" cy="76" r="4.5" fill="#e0a800"/><circle cx="66" cy="72" r="6" fill="#e0a800"/><circle cx="80" cy="50" r="4" fill="#e0a800"/><circle cx="60" cy="44" r="3.5" fill="#e0a800"/>`,
  bed: `<rect x="6" y="30" width="12" height="62" rx="3" fill="${COLOURS.brown}" ${line()}/>
    <rect x="82" y="50" width="12" height="42" rx="3" fill="${COLOURS.brown}" ${line()}/>
    <rect x="18" y="58" width="64" height="16" fill="#fff" ${line()}/>
    <ellipse cx="32" cy="50" rx="12" ry="8" fill="#fff" ${line()}/>
    <path d="M40 44 L82 44 L82 74 L40 74 Z" fill="${COLOURS.blue}" ${line()}/>`,
  nest: `<ellipse cx="34" cy="50" rx="11" ry="14" fill="#8ecae6" ${line(2)}/><ellipse cx="52" cy="46" rx="11" ry="14" fill="#8ecae6" ${line(2)}/><ellipse cx="68" cy="52" rx="11" ry="14" fill="#8ecae6" ${line(2)}/>
    <path d="M8 52 C10 88 90 88 92 52 C80 60 20 60 8 52 Z" fill="#a47148" ${line()}/>
    <path d="M14 62 L40 70 M30 76 L66 66 M56 80 L86 62 M20 70 L50 78" stroke="#6f4518" stroke-width="2.5" stroke-linecap="round"/>`,
  hive: `<path d="M18 90 L18 70 C18 30 32 10 50 10 C68 10 82 30 82 70 L82 90 Z" fill="#e9b949" ${line()}/>
    <path d="M26 30 L74 30 M20 50 L80 50 M18 70 L82 70" ${line(2.5)}/>
    <path d="M40 90 L40 80 C40 72 60 72 60 80 L60 90 Z" fill="${INK}"/>
    <rect x="8" y="88" width="84" height="8" fill="${COLOURS.brown}" ${line(2)}/>`,
  burrow: `<path d="M0 56 C20 30 80 30 100 56 L100 100 L0 100 Z" fill="#7cb342" ${line()}/>
    <path d="M0 70 L100 70 L100 100 L0 100 Z" fill="#8d6e63"/>
    <ellipse cx="50" cy="66" rx="20" ry="14" fill="${INK}"/>
    <path d="M0 56 C20 30 80 30 100 56" fill="none" ${line()}/>`,
  sea: `<rect x="0" y="0" width="100" height="44" fill="#d6f0ff"/>
    <path d="M0 44 Q12 36 25 44 Q38 52 50 44 Q62 36 75 44 Q88 52 100 44 L100 100 L0 100 Z" fill="${COLOURS.blue}" ${line()}/>
    <path d="M0 66 Q12 58 25 66 Q38 74 50 66 Q62 58 75 66 Q88 74 100 66 M0 86 Q12 78 25 86 Q38 94 50 86 Q62 78 75 86 Q88 94 100 86" fill="none" stroke="#fff" stroke-width="3.5"/>`,
  butterfly: `<path d="M50 46 C36 10 6 12 8 34 C10 50 36 52 50 48 Z M50 46 C64 10 94 12 92 34 C90 50 64 52 50 48 Z" fill="${COLOURS.purple}" ${line()}/>
    <path d="M50 50 C34 52 14 64 22 80 C30 92 46 74 50 56 Z M50 50 C66 52 86 64 78 80 C70 92 54 74 50 56 Z" fill="${COLOURS.orange}" ${line()}/>
    <circle cx="28" cy="32" r="6" fill="${COLOURS.yellow}"/><circle cx="72" cy="32" r="6" fill="${COLOURS.yellow}"/>
    <ellipse cx="50" cy="54" rx="5" ry="24" fill="${INK}"/>
    <path d="M48 32 Q42 18 36 14 M52 32 Q58 18 64 14" fill="none" ${line(2)}/>`,
  bird: `<path d="M72 46 L96 40 L96 58 Z" fill="#6f4518" ${line(2)}/>
    <ellipse cx="50" cy="58" rx="30" ry="24" fill="#8d6e63" ${line()}/>
    <path d="M56 50 C66 48 76 56 74 68" fill="none" ${line(2)}/>
    <ellipse cx="37" cy="60" rx="15" ry="18" fill="${COLOURS.orange}"/>
    <ellipse cx="50" cy="58" rx="30" ry="24" fill="none" ${line()}/>
    <circle cx="32" cy="36" r="17" fill="#8d6e63" ${line()}/>
    <path d="M16 36 C16 46 24 54 34 54 C40 54 44 50 46 46 C38 46 28 44 22 34 Z" fill="${COLOURS.orange}"/>
    <circle cx="32" cy="36" r="17" fill="none" ${line()}/>
    <path d="M16 30 L4 34 L16 38 Z" fill="${COLOURS.yellow}" ${line(1.8)}/>
    <circle cx="28" cy="30" r="3.5" fill="${INK}"/>
    <path d="M50 82 L46 94 M58 82 L60 94" ${line(2.5)}/>`,
  eye: `<path d="M6 50 C26 20 74 20 94 50 C74 80 26 80 6 50 Z" fill="#fff" ${line()}/>
    <circle cx="50" cy="50" r="17" fill="#2e86de" ${line(2)}/><circle cx="50" cy="50" r="8" fill="${INK}"/><circle cx="55" cy="45" r="3.5" fill="#fff"/>
    <path d="M22 32 L16 22 M36 24 L33 13 M50 22 L50 11 M64 24 L67 13 M78 32 L84 22" ${line(2.5)}/>`,
  ear: `<path d="M58 94 C40 94 36 78 36 70 C36 60 26 56 26 40 C26 18 42 6 58 6 C78 6 90 22 88 44 C86 62 72 64 70 78 C68 88 66 94 58 94 Z" fill="${SKIN}" ${line()}/>
    <path d="M42 42 C42 26 54 20 64 22 C76 24 78 40 72 50 C66 58 58 56 58 66" fill="none" ${line(2.5)}/>
    <path d="M52 46 C52 38 60 36 64 40" fill="none" ${line(2.5)}/>`,
  nose: `<path d="M44 10 C44 30 34 52 22 66 C14 76 22 88 34 86 C40 90 46 92 50 88 C54 92 60 90 66 86 C78 88 86 76 78 66 C66 52 56 30 56 10" fill="${SKIN}" ${line()}/>
    <ellipse cx="38" cy="78" rx="6" ry="4" fill="#7a4a2a"/><ellipse cx="62" cy="78" rx="6" ry="4" fill="#7a4a2a"/>`,
  hand: `<path d="M30 94 L30 62 L18 44 C14 38 22 32 27 38 L32 46 L32 16 C32 10 40 10 40 16 L40 42 L42 10 C42 4 50 4 50 10 L51 42 L54 14 C54 8 62 8 62 14 L61 44 L66 24 C66 18 74 18 74 24 L72 62 C72 76 66 84 66 94 Z" fill="${SKIN}" ${line()}/>`,
  flower: `<path d="M50 60 L50 96" stroke="${COLOURS.green}" stroke-width="5"/>
    <path d="M50 82 C40 70 26 72 22 76 C32 84 42 84 50 82 Z" fill="${COLOURS.green}" ${line(2)}/>
    ${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="50" cy="22" rx="12" ry="18" fill="${COLOURS.pink}" ${line(2)} transform="rotate(${a} 50 40)"/>`).join("")}
    <circle cx="50" cy="40" r="11" fill="${COLOURS.yellow}" ${line(2)}/>`,
  cloud: `<path d="M22 72 C6 72 6 50 22 48 C20 32 40 24 50 36 C58 20 84 24 82 44 C96 46 96 72 80 72 Z" fill="#fff" ${line()}/>`,
  rain: `<path d="M22 52 C6 52 6 30 22 28 C20 12 40 4 50 16 C58 0 84 4 82 24 C96 26 96 52 80 52 Z" fill="#c3ccd6" ${line()}/>
    ${[
      [24, 62],
      [44, 70],
      [64, 62],
      [34, 84],
      [54, 88],
      [74, 80],
    ]
      .map(
        ([x, y]) =>
          `<path d="M${x} ${y} Q${x! - 5} ${y! + 8} ${x} ${y! + 10} Q${x! + 5} ${y! + 8} ${x} ${y}" fill="${COLOURS.blue}"/>`,
      )
      .join("")}`,
  snow: `<path d="M22 52 C6 52 6 30 22 28 C20 12 40 4 50 16 C58 0 84 4 82 24 C96 26 96 52 80 52 Z" fill="#e3e8ee" ${line()}/>
    ${[
      [26, 68],
      [50, 76],
      [74, 68],
      [38, 90],
      [62, 90],
    ]
      .map(
        ([x, y]) =>
          `<path d="M${x! - 7} ${y} L${x! + 7} ${y} M${x! - 3.5} ${y! - 6} L${x! + 3.5} ${y! + 6} M${x! - 3.5} ${y! + 6} L${x! + 3.5} ${y! - 6}" stroke="#4aa3df" stroke-width="2.6" stroke-linecap="round"/>`,
      )
      .join("")}`,
  stable: `<path d="M8 44 L50 14 L92 44 Z" fill="${COLOURS.red}" ${line()}/>
    <rect x="16" y="44" width="68" height="48" fill="#c0392b" ${line()}/>
    <rect x="36" y="58" width="28" height="34" fill="#f6deb0" ${line()}/><path d="M36 58 L64 92 M64 58 L36 92" ${line(2)}/>`,
};

/** Seasons and times of day, each a small scene in a 100×100 box. */
const SCENES: Record<string, string> = {
  day: `<rect width="100" height="100" fill="#8ecae6"/><rect y="74" width="100" height="26" fill="#7cb342"/>
    <g transform="translate(52 6) scale(0.46)">${THINGS.sun}</g>
    <path d="M10 36 C4 36 4 26 12 26 C12 18 24 16 26 24 C32 20 38 26 34 32 C38 36 34 40 30 36 Z" fill="#fff"/>`,
  night: `<rect width="100" height="100" fill="#14213d"/><rect y="80" width="100" height="20" fill="#243b1e"/>
    <g transform="translate(44 8) scale(0.5)"><path d="M62 12 A40 40 0 1 0 62 88 A32 32 0 1 1 62 12 Z" fill="#ffe066"/></g>
    ${[
      [14, 18],
      [28, 44],
      [84, 20],
      [78, 58],
      [12, 64],
      [40, 16],
    ]
      .map(([x, y]) => `<polygon points="${starPoints(x!, y!, 5)}" fill="#fff3b0"/>`)
      .join("")}`,
  rainy: `<rect width="100" height="100" fill="#aab4be"/><rect y="80" width="100" height="20" fill="#6d8f4e"/>
    <g transform="translate(8 4) scale(0.84)">${THINGS.rain}</g>`,
  snowy: `<rect width="100" height="100" fill="#cfe3f2"/><path d="M0 80 Q50 70 100 80 L100 100 L0 100 Z" fill="#fff" ${line(1.5)}/>
    <g transform="translate(8 4) scale(0.84)">${THINGS.snow}</g>`,
  spring: `<rect width="100" height="100" fill="#d8f3dc"/><rect y="78" width="100" height="22" fill="#7cb342"/>
    <g transform="translate(2 26) scale(0.5)">${THINGS.flower}</g><g transform="translate(31 38) scale(0.42)">${THINGS.flower}</g><g transform="translate(52 26) scale(0.46)">${THINGS.flower}</g>`,
  summer: `<rect width="100" height="100" fill="#8ecae6"/><path d="M0 70 L100 70 L100 100 L0 100 Z" fill="#f6d186"/>
    <path d="M0 70 Q25 64 50 70 Q75 76 100 70 L100 62 L0 62 Z" fill="${COLOURS.blue}"/>
    <g transform="translate(30 4) scale(0.56)">${THINGS.sun}</g>`,
  autumn: `<rect width="100" height="100" fill="#fde8c8"/><rect y="84" width="100" height="16" fill="#a47148"/>
    <rect x="44" y="46" width="12" height="40" fill="${COLOURS.brown}" ${line(2)}/>
    <path d="M50 8 C32 8 24 20 28 28 C16 32 14 48 26 54 C30 62 44 62 50 58 C56 62 70 62 74 54 C86 48 84 32 72 28 C76 20 68 8 50 8 Z" fill="${COLOURS.orange}" ${line(2)}/>
    <g transform="translate(6 60) scale(0.18) rotate(20 50 50)">${THINGS["autumn-leaf"]}</g><g transform="translate(76 66) scale(0.18) rotate(-30 50 50)">${THINGS["autumn-leaf"]}</g><g transform="translate(62 86) scale(0.14)">${THINGS.leaf!.replace(COLOURS.green, "#c0392b")}</g>`,
  winter: `<rect width="100" height="100" fill="#cfe3f2"/><path d="M0 78 Q50 68 100 78 L100 100 L0 100 Z" fill="#fff" ${line(1.5)}/>
    <g transform="translate(24 22) scale(0.6)">${THINGS.snowman}</g>
    ${[
      [12, 20],
      [86, 16],
      [80, 50],
      [14, 56],
    ]
      .map(
        ([x, y]) =>
          `<path d="M${x! - 5} ${y} L${x! + 5} ${y} M${x! - 2.5} ${y! - 4.3} L${x! + 2.5} ${y! + 4.3} M${x! - 2.5} ${y! + 4.3} L${x! + 2.5} ${y! - 4.3}" stroke="#4aa3df" stroke-width="2" stroke-linecap="round"/>`,
      )
      .join("")}`,
};

/** Dot positions (0–1) for 1 to 10: a dice's for 1–6, two rows of five (a ten frame) for 7–10. */
function dotPositions(n: number): Array<[number, number]> {
  const dice: Record<number, Array<[number, number]>> = {
    1: [[0.5, 0.5]],
    2: [
      [0.28, 0.28],
      [0.72, 0.72],
    ],
    3: [
      [0.25, 0.25],
      [0.5, 0.5],
      [0.75, 0.75],
    ],
    4: [
      [0.28, 0.28],
      [0.72, 0.28],
      [0.28, 0.72],
      [0.72, 0.72],
    ],
    5: [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.5, 0.5],
      [0.25, 0.75],
      [0.75, 0.75],
    ],
    6: [
      [0.3, 0.22],
      [0.7, 0.22],
      [0.3, 0.5],
      [0.7, 0.5],
      [0.3, 0.78],
      [0.7, 0.78],
    ],
  };
  if (dice[n]) return dice[n];
  return Array.from({ length: n }, (_, i) => [0.14 + (i % 5) * 0.18, i < 5 ? 0.36 : 0.64] as [number, number]);
}

function dots(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 10) throw new Error(`dots: 1 to 10, not ${n}`);
  const r = n <= 6 ? 10 : 7;
  const frame =
    n > 6
      ? `<rect x="5" y="22" width="90" height="56" fill="none" stroke="${COLOURS.grey}" stroke-width="1.5"/>
         ${[1, 2, 3, 4].map((i) => `<path d="M${5 + i * 18} 22 L${5 + i * 18} 78" stroke="${COLOURS.grey}" stroke-width="1.5"/>`).join("")}
         <path d="M5 50 L95 50" stroke="${COLOURS.grey}" stroke-width="1.5"/>`
      : `<rect x="4" y="4" width="92" height="92" rx="14" fill="#fff" ${line(2)}/>`;
  return `${frame}${dotPositions(n)
    .map(
      ([x, y]) => `<circle cx="${(x * 100).toFixed(1)}" cy="${(y * 100).toFixed(1)}" r="${r}" fill="${COLOURS.blue}"/>`,
    )
    .join("")}`;
}

const SHAPES: Record<string, (fill: string) => string> = {
  circle: (f) => `<circle cx="50" cy="50" r="38" fill="${f}" ${line(3)}/>`,
  square: (f) => `<rect x="14" y="14" width="72" height="72" fill="${f}" ${line(3)}/>`,
  triangle: (f) => `<polygon points="50,10 92,84 8,84" fill="${f}" ${line(3)}/>`,
  rectangle: (f) => `<rect x="4" y="28" width="92" height="44" fill="${f}" ${line(3)}/>`,
  semicircle: (f) => `<path d="M8 68 A42 42 0 0 1 92 68 Z" fill="${f}" ${line(3)}/>`,
  oval: (f) => `<ellipse cx="50" cy="50" rx="44" ry="28" fill="${f}" ${line(3)}/>`,
  star: (f) => `<polygon points="${starPoints(50, 54, 44)}" fill="${f}" ${line(3)}/>`,
  hexagon: (f) =>
    `<polygon points="${Array.from({ length: 6 }, (_, i) => `${(50 + 42 * Math.cos((i * Math.PI) / 3)).toFixed(1)},${(50 + 42 * Math.sin((i * Math.PI) / 3)).toFixed(1)}`).join(" ")}" fill="${f}" ${line(3)}/>`,
};
const SHAPE_COLOURS: Record<string, Colour> = {
  circle: "red",
  square: "yellow",
  triangle: "blue",
  rectangle: "green",
  semicircle: "orange",
  oval: "purple",
  star: "pink",
  hexagon: "orange",
};

const SOLIDS: Record<string, string> = {
  sphere: `<defs><radialGradient id="s" cx="0.35" cy="0.32" r="0.75"><stop offset="0" stop-color="#ff9e9e"/><stop offset="0.55" stop-color="${COLOURS.red}"/><stop offset="1" stop-color="#7a1010"/></radialGradient></defs>
    <circle cx="50" cy="52" r="40" fill="url(#s)" ${line(2.5)}/>`,
  cube: `<path d="M18 34 L60 34 L60 88 L18 88 Z" fill="${COLOURS.blue}" ${line(2.5)}/>
    <path d="M18 34 L40 14 L82 14 L60 34 Z" fill="#6fa3ef" ${line(2.5)}/>
    <path d="M60 34 L82 14 L82 68 L60 88 Z" fill="#123d80" ${line(2.5)}/>`,
  cylinder: `<defs><linearGradient id="c" x1="0" x2="1"><stop offset="0" stop-color="#1e7a33"/><stop offset="0.4" stop-color="#5cc878"/><stop offset="1" stop-color="#1a6b2c"/></linearGradient></defs>
    <path d="M22 20 L22 80 A28 10 0 0 0 78 80 L78 20 Z" fill="url(#c)" ${line(2.5)}/>
    <ellipse cx="50" cy="20" rx="28" ry="10" fill="#9be3ad" ${line(2.5)}/>`,
  cone: `<defs><linearGradient id="k" x1="0" x2="1"><stop offset="0" stop-color="#b35900"/><stop offset="0.4" stop-color="#ffb35c"/><stop offset="1" stop-color="#a34f00"/></linearGradient></defs>
    <path d="M50 8 L20 82 A30 10 0 0 0 80 82 Z" fill="url(#k)" ${line(2.5)}/>
    <path d="M20 82 A30 10 0 0 1 80 82" fill="none" stroke="${INK}" stroke-width="1.5" stroke-dasharray="3 3"/>`,
};

/** Irish euro coins: colour, size (mm) and what is written on it. */
const COINS: Record<number, { mm: number; face: string; ring?: string; text: string }> = {
  1: { mm: 16.25, face: "#c87533", text: "1c" },
  2: { mm: 18.75, face: "#c87533", text: "2c" },
  5: { mm: 21.25, face: "#c87533", text: "5c" },
  10: { mm: 19.75, face: "#e3b53b", text: "10c" },
  20: { mm: 22.25, face: "#e3b53b", text: "20c" },
  50: { mm: 24.25, face: "#e3b53b", text: "50c" },
  100: { mm: 23.25, face: "#e3b53b", ring: "#c9ccd1", text: "€1" },
  200: { mm: 25.75, face: "#c9ccd1", ring: "#e3b53b", text: "€2" },
};

/** A coin centred at (cx, cy), its size in proportion to the real coin's (the €2 is `full` across). */
function coin(cents: number, cx = 50, cy = 50, full = 92): string {
  const c = COINS[cents];
  if (!c) throw new Error(`No euro coin of ${cents}c`);
  const r = ((c.mm / COINS[200]!.mm) * full) / 2;
  const inner = c.ring ? r * 0.72 : r;
  const size = c.text.length >= 3 ? r * 0.62 : r * 0.8;
  return `<circle cx="${cx}" cy="${cy}" r="${r.toFixed(2)}" fill="${c.ring ?? c.face}" ${line(2.5)}/>
    ${c.ring ? `<circle cx="${cx}" cy="${cy}" r="${inner.toFixed(2)}" fill="${c.face}" ${line(1.5)}/>` : `<circle cx="${cx}" cy="${cy}" r="${(r * 0.86).toFixed(2)}" fill="none" stroke="${INK}" stroke-opacity="0.35" stroke-width="1.2"/>`}
    <text x="${cx}" y="${cy}" dy="0.35em" text-anchor="middle" font-family="Andika" font-weight="700" font-size="${size.toFixed(1)}" fill="${INK}">${c.text}</text>`;
}

function clock(h: number, m: number): string {
  if (!Number.isInteger(h) || h < 1 || h > 12 || (m !== 0 && m !== 30))
    throw new Error(`clock: 1–12 and 00 or 30, not ${h}:${m}`);
  const numbers = Array.from({ length: 12 }, (_, i) => {
    const n = i + 1;
    const a = (n * Math.PI) / 6 - Math.PI / 2;
    return `<text x="${(50 + 34 * Math.cos(a)).toFixed(1)}" y="${(50 + 34 * Math.sin(a)).toFixed(1)}" dy="0.35em" text-anchor="middle" font-family="Andika" font-weight="700" font-size="11" fill="${INK}">${n}</text>`;
  }).join("");
  const hourAngle = ((h % 12) + m / 60) * 30;
  const minuteAngle = m * 6;
  return `<circle cx="50" cy="50" r="46" fill="#fff" stroke="${INK}" stroke-width="4"/>${numbers}
    <path d="M50 50 L50 30" stroke="${COLOURS.red}" stroke-width="6" stroke-linecap="round" transform="rotate(${hourAngle} 50 50)"/>
    <path d="M50 50 L50 14" stroke="${COLOURS.blue}" stroke-width="3.5" stroke-linecap="round" transform="rotate(${minuteAngle} 50 50)"/>
    <circle cx="50" cy="50" r="4" fill="${INK}"/>`;
}

function pencil(colour: string, length: number): string {
  if (!(length >= 0.2 && length <= 1)) throw new Error(`pencil: length 0.2–1, not ${length}`);
  const fill = colourOf(colour);
  const end = 4 + 92 * length;
  const body = end - 16;
  return `<rect x="4" y="40" width="8" height="20" rx="2" fill="${COLOURS.pink}" ${line(2)}/>
    <rect x="10" y="40" width="${(body - 10).toFixed(1)}" height="20" fill="${fill}" ${line(2)}/>
    <path d="M${body.toFixed(1)} 40 L${end.toFixed(1)} 50 L${body.toFixed(1)} 60 Z" fill="#f6deb0" ${line(2)}/>
    <path d="M${(end - 5).toFixed(1)} 47.2 L${end.toFixed(1)} 50 L${(end - 5).toFixed(1)} 52.8 Z" fill="${INK}"/>`;
}

function splash(colour: string): string {
  const fill = colourOf(colour);
  return `<path d="M50 10 C62 10 66 22 76 20 C90 18 94 34 86 44 C80 52 94 58 90 72 C86 86 70 84 62 90 C54 96 42 92 36 86 C28 80 12 86 10 72 C8 60 18 56 14 46 C10 34 18 20 32 22 C40 24 40 10 50 10 Z" fill="${fill}" ${line(3)}/>`;
}

function face(feeling: string): string {
  const head = (fill: string) => `<circle cx="50" cy="50" r="44" fill="${fill}" ${line(3)}/>`;
  const eyes = `<circle cx="35" cy="40" r="6" fill="${INK}"/><circle cx="65" cy="40" r="6" fill="${INK}"/>`;
  switch (feeling) {
    case "happy":
      return `${head("#ffd43b")}${eyes}<path d="M26 58 Q50 86 74 58" fill="none" ${line(4.5)}/>`;
    case "sad":
      return `${head("#9fd3ff")}${eyes}<path d="M28 76 Q50 56 72 76" fill="none" ${line(4.5)}/>
        <path d="M66 50 Q60 62 66 66 Q72 62 66 50 Z" fill="${COLOURS.blue}"/>`;
    case "angry":
      return `${head("#ff8a80")}${eyes}<path d="M22 24 L44 34 M78 24 L56 34" ${line(4.5)}/>
        <path d="M30 74 Q50 62 70 74" fill="none" ${line(4.5)}/>`;
    case "tired":
      return `${head("#d0bfff")}<path d="M27 42 Q35 48 43 42 M57 42 Q65 48 73 42" fill="none" ${line(4)}/>
        <ellipse cx="50" cy="70" rx="8" ry="10" fill="${INK}"/>
        <text x="80" y="22" font-family="Andika" font-weight="700" font-size="16" fill="${COLOURS.blue}">z</text><text x="88" y="12" font-family="Andika" font-weight="700" font-size="12" fill="${COLOURS.blue}">z</text>`;
    case "scared":
      return `${head("#b9f6ca")}<circle cx="35" cy="42" r="10" fill="#fff" ${line(2.5)}/><circle cx="65" cy="42" r="10" fill="#fff" ${line(2.5)}/>
        <circle cx="35" cy="42" r="4" fill="${INK}"/><circle cx="65" cy="42" r="4" fill="${INK}"/>
        <path d="M24 22 Q34 16 44 24 M56 24 Q66 16 76 22" fill="none" ${line(3.5)}/>
        <ellipse cx="50" cy="72" rx="10" ry="13" fill="${INK}"/>`;
    default:
      throw new Error(`face: happy, sad, angry, tired or scared, not "${feeling}"`);
  }
}

/** Up to ten of a thing in one row (up to five) or two, each in a 100×100 cell. */
function count(n: number, thing: string): { body: string; width: number; height: number } {
  if (!Number.isInteger(n) || n < 1 || n > 10) throw new Error(`count: 1 to 10, not ${n}`);
  const drawing = THINGS[thing];
  if (!drawing) throw new Error(`count: no thing "${thing}"`);
  const perRow = n <= 5 ? n : Math.ceil(n / 2);
  const rows = n <= 5 ? 1 : 2;
  const width = Math.max(perRow, 3) * 100;
  const parts = Array.from({ length: n }, (_, i) => {
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    const inRow = row === 0 ? Math.min(n, perRow) : n - perRow;
    const x0 = width / 2 - inRow * 50 + col * 100 + 6;
    const y0 = row * 100 + 6;
    return `<g transform="translate(${x0} ${y0}) scale(0.88)">${drawing}</g>`;
  });
  return { body: parts.join(""), width, height: rows * 100 };
}

/** Up to six of a thing in a square, in two rows: an option's picture to count. */
function group(n: number, thing: string): string {
  if (!Number.isInteger(n) || n < 1 || n > 6) throw new Error(`group: 1 to 6, not ${n}`);
  const drawing = THINGS[thing];
  if (!drawing) throw new Error(`group: no thing "${thing}"`);
  const size = n === 1 ? 60 : n <= 4 ? 40 : 30;
  const three = (y: number): Array<[number, number]> => [
    [0.2, y],
    [0.5, y],
    [0.8, y],
  ];
  const two = (y: number): Array<[number, number]> => [
    [0.3, y],
    [0.7, y],
  ];
  const rows: Record<number, Array<[number, number]>> = {
    1: [[0.5, 0.5]],
    2: two(0.5),
    3: [...two(0.3), [0.5, 0.72]],
    4: [...two(0.3), ...two(0.72)],
    5: [...three(0.3), ...two(0.72)],
    6: [...three(0.3), ...three(0.72)],
  };
  return rows[n]!.map(
    ([x, y]) =>
      `<g transform="translate(${(x * 100 - size / 2).toFixed(1)} ${(y * 100 - size / 2).toFixed(1)}) scale(${size / 100})">${drawing}</g>`,
  ).join("");
}

function pattern(colours: string[]): string {
  const n = colours.length + 1;
  const cell = 300 / n;
  const r = Math.min(cell * 0.38, 40);
  return (
    colours
      .map(
        (c, i) =>
          `<circle cx="${(cell * (i + 0.5)).toFixed(1)}" cy="50" r="${r.toFixed(1)}" fill="${colourOf(c)}" ${line(3)}/>`,
      )
      .join("") +
    `<rect x="${(cell * (n - 0.5) - r).toFixed(1)}" y="${(50 - r).toFixed(1)}" width="${(2 * r).toFixed(1)}" height="${(2 * r).toFixed(1)}" rx="8" fill="#fff" stroke="${INK}" stroke-width="3" stroke-dasharray="6 5"/>
     <text x="${(cell * (n - 0.5)).toFixed(1)}" y="50" dy="0.35em" text-anchor="middle" font-family="Andika" font-weight="700" font-size="${(r * 1.4).toFixed(1)}" fill="${INK}">?</text>`
  );
}

/** A picture's SVG drawing and its size in pixels (square unless the kind is wide). */
export function pictureSvg(key: PictureKey, fontCss = ""): { svg: string; width: number; height: number } {
  const [kind, ...args] = key.split(":");
  let body: string;
  let box = { width: 100, height: 100 };
  switch (kind) {
    case "dots":
      body = dots(Number(args[0]));
      break;
    case "count": {
      const c = count(Number(args[0]), args[1] ?? "");
      body = c.body;
      box = { width: c.width, height: c.height };
      break;
    }
    case "group":
      body = group(Number(args[0]), args[1] ?? "");
      break;
    case "shape": {
      const draw = SHAPES[args[0] ?? ""];
      if (!draw) throw new Error(`No shape "${args[0]}"`);
      body = draw(colourOf(args[1] ?? SHAPE_COLOURS[args[0]!]!));
      break;
    }
    case "solid": {
      const solid = SOLIDS[args[0] ?? ""];
      if (!solid) throw new Error(`No solid "${args[0]}"`);
      body = solid;
      break;
    }
    case "coin":
      body = coin(Number(args[0]));
      break;
    case "coins": {
      const values = (args[0] ?? "").split("+").map(Number);
      body = values.map((v, i) => coin(v, 50 + i * 100, 50, 92)).join("");
      box = { width: 100 * values.length, height: 100 };
      break;
    }
    case "clock":
      body = clock(Number(args[0]), Number(args[1]));
      break;
    case "pencil":
      body = pencil(args[0] ?? "", Number(args[1]));
      break;
    case "colour":
      body = splash(args[0] ?? "");
      break;
    case "pattern":
      body = pattern((args[0] ?? "").split(","));
      box = { width: 300, height: 100 };
      break;
    case "face":
      body = face(args[0] ?? "");
      break;
    case "scene": {
      const scene = SCENES[args[0] ?? ""];
      if (!scene) throw new Error(`No scene "${args[0]}"`);
      body = scene;
      break;
    }
    case "thing": {
      const thing = THINGS[args[0] ?? ""];
      if (!thing) throw new Error(`No thing "${args[0]}"`);
      body = thing;
      break;
    }
    default:
      throw new Error(`Unknown picture "${key}"`);
  }
  // A wide picture (a row of things) is at most WIDE_PICTURE_WIDTH across, so it stays small in bytes too.
  const scale = Math.min(PICTURE_SIZE / 100, WIDE_PICTURE_WIDTH / box.width);
  const width = Math.round(box.width * scale);
  const height = Math.round(box.height * scale);
  // A white ground: the tile's own colour shows round it, and no transparency (alpha) needs storing.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${box.width} ${box.height}">${
    fontCss ? `<style>${fontCss}</style>` : ""
  }<rect width="${box.width}" height="${box.height}" fill="#fff"/><g transform="translate(${box.width / 2} ${box.height / 2}) scale(0.94) translate(${-box.width / 2} ${-box.height / 2})">${body}</g></svg>`;
  return { svg, width, height };
}

/** Every kind once: what the CLI draws without keys, and what a person looks at after changing a drawing. */
export const GALLERY: PictureKey[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => `dots:${n}`),
  "count:3:star",
  "count:7:apple",
  "group:3:apple",
  "group:5:apple",
  ...Object.keys(SHAPES).map((s) => `shape:${s}`),
  ...Object.keys(SOLIDS).map((s) => `solid:${s}`),
  ...Object.keys(COINS).map((c) => `coin:${c}`),
  "coins:20+10",
  "clock:3:00",
  "clock:4:30",
  "pencil:red:0.5",
  "pencil:blue:0.95",
  "colour:red",
  "colour:white",
  "pattern:red,blue,red,blue",
  ...["happy", "sad", "angry", "tired", "scared"].map((f) => `face:${f}`),
  ...Object.keys(SCENES).map((s) => `scene:${s}`),
  ...Object.keys(THINGS).map((t) => `thing:${t}`),
];

const here = path.dirname(fileURLToPath(import.meta.url));
const ANDIKA = path.join(here, "../../node_modules/@fontsource/andika/files/andika-latin-700-normal.woff2");

/** Andika (the pupils' font, a child's "a" and "g"), inside each SVG: a picture in an <img> loads nothing else. */
function andikaCss(): string {
  const font = fs.readFileSync(ANDIKA).toString("base64");
  return `@font-face{font-family:Andika;font-weight:700;src:url(data:font/woff2;base64,${font}) format("woff2")}`;
}

/**
 * Runs in the page: the SVG painted on a white canvas, saved as WebP (and PNG when asked), as
 * base64. Plain JavaScript in a string: tsx would wrap functions written here in helpers the page
 * does not have.
 */
const ENCODE_IN_PAGE = `async ({ svg, width, height, quality, png }) => {
  const image = new Image();
  image.src = "data:image/svg+xml;base64," + btoa(unescape(encodeURIComponent(svg)));
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  async function toBase64(type, q) {
    const blob = await new Promise((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("no " + type))), type, q));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }
  return { webp: await toBase64("image/webp", quality), png: png ? await toBase64("image/png") : null };
}`;

export type RenderedPicture = {
  key: PictureKey;
  /** The WebP bytes as the server keeps them (cleanWebp's output). */
  bytes: Uint8Array;
  base64: string;
  width: number;
  height: number;
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}

/**
 * Each picture drawn in Chromium and saved as WebP by its canvas, then checked and cleaned
 * as an upload is (cleanWebp). Throws if the server would refuse one. `png` also gives each as
 * PNG (for a person to look at).
 */
export async function renderPictures(
  keys: Iterable<PictureKey>,
  options: { browser?: Browser; quality?: number; png?: boolean } = {},
): Promise<Map<PictureKey, RenderedPicture & { png?: Uint8Array }>> {
  const unique = [...new Set(keys)];
  const browser = options.browser ?? (await launchChromium());
  const out = new Map<PictureKey, RenderedPicture & { png?: Uint8Array }>();
  try {
    const page = await browser.newPage();
    const css = andikaCss();
    for (const key of unique) {
      const { svg, width, height } = pictureSvg(key, css);
      // A wide picture (a row of things) has more edges to keep: a little lower quality keeps it small.
      const quality = options.quality ?? (width > height ? WIDE_WEBP_QUALITY : WEBP_QUALITY);
      const encoded = (await page.evaluate(
        `(${ENCODE_IN_PAGE})(${JSON.stringify({ svg, width, height, quality, png: options.png === true })})`,
      )) as { webp: string; png: string | null };
      const checked = cleanWebp(new Uint8Array(Buffer.from(encoded.webp, "base64")));
      if (!checked.ok) throw new Error(`Picture ${key}: the server would refuse it (${checked.problem})`);
      out.set(key, {
        key,
        bytes: checked.bytes,
        base64: Buffer.from(checked.bytes).toString("base64"),
        width: checked.width,
        height: checked.height,
        ...(encoded.png ? { png: new Uint8Array(Buffer.from(encoded.png, "base64")) } : {}),
      });
    }
    await page.close();
  } finally {
    if (!options.browser) await browser.close();
  }
  return out;
}

/** A file name for a key: "clock:4:30" → "clock-4-30". */
export const pictureFileName = (key: PictureKey) => key.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { png: { type: "string" }, sheet: { type: "string" } },
  });
  const keys = positionals.length > 0 ? positionals : GALLERY;
  const browser = await launchChromium();
  try {
    const pictures = await renderPictures(keys, { browser, png: true });
    if (values.png) {
      fs.mkdirSync(values.png, { recursive: true });
      for (const p of pictures.values())
        fs.writeFileSync(path.join(values.png, `${pictureFileName(p.key)}.png`), p.png!);
    }
    if (values.sheet) {
      const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
      const cells = [...pictures.values()]
        .map(
          (p) =>
            `<figure><img src="data:image/webp;base64,${p.base64}" style="height:140px;width:auto"><figcaption>${p.key}<br>${(p.bytes.length / 1024).toFixed(1)} KB</figcaption></figure>`,
        )
        .join("");
      await page.setContent(
        `<style>body{margin:8px;font:12px sans-serif;display:flex;flex-wrap:wrap;gap:6px}figure{margin:0;padding:4px;border:1px solid #ccc;text-align:center}</style>${cells}`,
      );
      await page.screenshot({ path: values.sheet, fullPage: true });
    }
    for (const p of pictures.values())
      console.info(`${p.key.padEnd(28)} ${p.width}×${p.height} ${p.bytes.length} bytes`);
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
