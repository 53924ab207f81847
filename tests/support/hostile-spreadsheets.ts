/**
 * Hostile .xlsx files, made in memory when a test runs (a few KB each, nothing on disk):
 * what the round-three security probe sent to the spreadsheet reader in the teacher's browser.
 *
 * - one cell at XFD1048576 (2 KB): a dense reader pads 1,048,576 rows to 16,384 columns;
 * - a zip bomb: 1 MB that unpacks to 400 MB of shared strings (24 million of them);
 * - 200,000 rows of our layout.
 *
 * The zip is written here by hand so a test can also declare sizes that lie (a bomb whose
 * header says 1 KB).
 */
import zlib from "node:zlib";

type Entry = { name: string; data: Uint8Array; method: 0 | 8; size: number; crc: number };

const u16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const u32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

/** A zip archive of these entries, each with the uncompressed size it declares. */
export function zipArchive(entries: readonly Entry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const common = [
      ...u16(20),
      ...u16(0),
      ...u16(e.method),
      ...u16(0),
      ...u16(0x21),
      ...u32(e.crc),
      ...u32(e.data.length),
      ...u32(e.size),
      ...u16(name.length),
      ...u16(0),
    ];
    const local = Buffer.concat([Buffer.from([...u32(0x04034b50), ...common]), name, e.data]);
    central.push(
      Buffer.concat([
        Buffer.from([
          ...u32(0x02014b50),
          ...u16(20),
          ...common,
          ...u16(0),
          ...u16(0),
          ...u16(0),
          ...u32(0),
          ...u32(offset),
        ]),
        name,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.from([
    ...u32(0x06054b50),
    ...u16(0),
    ...u16(0),
    ...u16(entries.length),
    ...u16(entries.length),
    ...u32(directory.length),
    ...u32(offset),
    ...u16(0),
  ]);
  return Buffer.concat([...locals, directory, end]);
}

/** A part of an archive, deflated. */
export const deflated = (name: string, text: string | Buffer, level = 6): Entry => {
  const raw = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  return { name, data: zlib.deflateRawSync(raw, { level }), method: 8, size: raw.length, crc: zlib.crc32(raw) };
};

const SHEET_NS =
  'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The parts every workbook has around its first sheet (what Excel itself writes, minus styles and theme). */
function workbookParts(withSharedStrings: boolean): Entry[] {
  return [
    deflated(
      "[Content_Types].xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${withSharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ""}</Types>`,
    ),
    deflated(
      "_rels/.rels",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    deflated(
      "xl/workbook.xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook ${SHEET_NS}><sheets><sheet name="Questions" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    deflated(
      "xl/_rels/workbook.xml.rels",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${withSharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ""}</Relationships>`,
    ),
  ];
}

export const sheet = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet ${SHEET_NS}><sheetData>${rows}</sheetData></worksheet>`;
const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
/** Our header row, for a sheet written by hand. */
export const HEADER_ROW = `<row r="1">${["Question", "Option A", "Option B", "Option C", "Option D", "Correct (A–D)"].map((h, i) => text(`${"ABCDEF"[i]}1`, h)).join("")}</row>`;

/** A workbook whose first sheet is this sheetData (rows as XML), with our header row first. */
export function xlsxWithRows(rowsXml: string, extra: Entry[] = [], level = 6): Buffer {
  return xlsxWithSheet(sheet(HEADER_ROW + rowsXml), extra, level);
}

/** A workbook whose first sheet is this XML, whole, and any other parts. */
export function xlsxWithSheet(sheetXml: string, extra: Entry[] = [], level = 6): Buffer {
  return zipArchive([
    ...workbookParts(extra.some((e) => e.name === "xl/sharedStrings.xml")),
    deflated("xl/worksheets/sheet1.xml", sheetXml, level),
    ...extra,
  ]);
}

/** One question row of our layout, at row r. */
export const questionRow = (r: number) =>
  `<row r="${r}">${text(`A${r}`, `Question ${r}`)}${["1", "2", "3", "4"].map((o, i) => text(`${"BCDE"[i]}${r}`, o)).join("")}${text(`F${r}`, "A")}</row>`;

/** 3 KB: our header, one question, and one cell at the sheet's last row and column. */
export function farCellXlsx(cell = "XFD1048576"): Buffer {
  const row = Number(cell.replace(/^[A-Z]+/, ""));
  return xlsxWithRows(questionRow(2) + `<row r="${row}">${text(cell, "x")}</row>`);
}

/**
 * Our header and this many rows under it: whole questions (200,000 of them: 4.9 MB, 66 MB of
 * XML, as the probe sent), or only a question text each (200,000: 0.9 MB, cheap to make).
 */
export function manyRowsXlsx(rows: number, shape: "questions" | "question text only" = "questions"): Buffer {
  const parts: string[] = [];
  for (let r = 2; r <= rows + 1; r++)
    parts.push(shape === "questions" ? questionRow(r) : `<row r="${r}">${text(`A${r}`, `Q${r}`)}</row>`);
  return xlsxWithRows(parts.join(""), [], 1);
}

/**
 * A zip bomb: `megabytes` MB of `<si><t>a</t></si>` shared strings from about 1 KB per MB. Built
 * from one deflated 1 MB block repeated (a full flush makes each copy stand alone), so making
 * it costs nothing. `declared` is the size its headers claim: the truth, or a lie.
 */
export function zipBombXlsx(megabytes: number, declared: "truthful" | number = "truthful"): Buffer {
  const unit = "<si><t>a</t></si>";
  const perMegabyte = Math.floor((1024 * 1024) / unit.length);
  const block = Buffer.from(unit.repeat(perMegabyte), "utf8");
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
    "utf8",
  );
  const tail = Buffer.from("</sst>", "utf8");
  const flushed = (data: Buffer) => zlib.deflateRawSync(data, { finishFlush: zlib.constants.Z_FULL_FLUSH });
  const blockDeflated = flushed(block);
  const data = Buffer.concat([
    flushed(head),
    ...Array.from({ length: megabytes }, () => blockDeflated),
    zlib.deflateRawSync(tail),
  ]);
  let crc = zlib.crc32(head);
  for (let i = 0; i < megabytes; i++) crc = zlib.crc32(block, crc);
  crc = zlib.crc32(tail, crc);
  const size = head.length + block.length * megabytes + tail.length;
  const strings: Entry = {
    name: "xl/sharedStrings.xml",
    data,
    method: 8,
    size: declared === "truthful" ? size : declared,
    crc,
  };
  return xlsxWithRows(`<row r="2"><c r="A2" t="s"><v>0</v></c></row>`, [strings]);
}
