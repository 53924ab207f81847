/**
 * An .xlsx file made safe for read-excel-file before it reads a byte: the parts the
 * reader uses for the first sheet are unpacked here within a budget, their cell references are
 * checked against the sheet extent a question sheet could need, and the reader is then given
 * a new archive holding exactly those parts, stored uncompressed. So it reads only what was
 * measured: a lying header, a second directory or an extra part cannot slip it anything else.
 */
import { type Zippable, zipSync } from "fflate";
import { type Extent, type ExtentProblem, ExtentScan } from "./sheet-extent.ts";
import { type PieceCheck, unpackWithin, type ZipEntry, zipEntries } from "./zip-entries.ts";

export type XlsxLimits = Extent & { unpackedBytes: number };

export type XlsxRefusal =
  | { refused: "unreadable" }
  | { refused: "tooLarge" }
  | { refused: "extent"; extent: Exclude<ExtentProblem, { problem: "unreadable" }> };

const WORKBOOK = "xl/workbook.xml";
const WORKBOOK_RELS = "xl/_rels/workbook.xml.rels";
/** The relationship types the reader follows, in both OOXML namespaces ("transitional" and "strict"). */
const RELATIONSHIP_BASES = [
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships/",
  "http://purl.oclc.org/ooxml/officeDocument/relationships/",
];

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
const decodeEntities = (text: string) =>
  text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (whole, decimal?: string, hex?: string, named?: string) => {
    if (decimal || hex) {
      const code = decimal ? Number(decimal) : parseInt(hex!, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[named!.toLowerCase()] ?? whole;
  });

/** The attributes of every start tag with this local name, by local name, as the reader sees them. */
function tagsNamed(xml: string, name: string): Record<string, string>[] {
  const tags: Record<string, string>[] = [];
  for (const match of xml.matchAll(/<([A-Za-z_:][A-Za-z0-9_:.-]*)([^>]*)>/g)) {
    if (match[1]!.slice(match[1]!.indexOf(":") + 1) !== name) continue;
    const attributes: Record<string, string> = {};
    for (const [, attribute, double, single] of match[2]!.matchAll(
      /([A-Za-z_:][A-Za-z0-9_:.-]*)=(?:"([^"]*)"|'([^']*)')/g,
    )) {
      attributes[attribute!.slice(attribute!.indexOf(":") + 1)] = decodeEntities(double ?? single ?? "");
    }
    tags.push(attributes);
  }
  return tags;
}

/** A relationship's target as the reader resolves it: absolute from the archive's root, else under xl/. */
const partPath = (target: string) => (target.startsWith("/") ? target.slice(1) : `xl/${target}`);

/** The parts the reader opens for the first sheet, from the workbook and its relationships. */
function partsForFirstSheet(workbook: string, relationships: string): string[] {
  const firstSheet = tagsNamed(workbook, "sheet").find((s) => s.name)?.id;
  const paths = {
    sheet: undefined as string | undefined,
    styles: "xl/styles.xml",
    sharedStrings: "xl/sharedStrings.xml",
  };
  for (const rel of tagsNamed(relationships, "Relationship")) {
    const type = RELATIONSHIP_BASES.map((base) =>
      rel.Type?.startsWith(base) ? rel.Type.slice(base.length) : null,
    ).find((t) => t !== null);
    if (!type || rel.Target === undefined) continue;
    if (type === "worksheet" && rel.Id === firstSheet) paths.sheet = partPath(rel.Target);
    if (type === "styles") paths.styles = partPath(rel.Target);
    if (type === "sharedStrings") paths.sharedStrings = partPath(rel.Target);
  }
  return [paths.sheet, paths.styles, paths.sharedStrings].filter((p): p is string => p !== undefined);
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A smaller archive holding only the first sheet's parts, each checked; or why the file is refused. */
export function guardXlsx(bytes: Uint8Array, limits: XlsxLimits): { ok: true; archive: Uint8Array } | XlsxRefusal {
  const entries = zipEntries(bytes);
  if (!entries) return { refused: "unreadable" };
  // As the reader: only .xml parts are read; the first entry of a name is the one used here.
  const byName = new Map<string, ZipEntry>();
  for (const e of entries)
    if ((e.name.endsWith(".xml") || e.name.endsWith(".xml.rels")) && !byName.has(e.name)) byName.set(e.name, e);

  // Every part given to the reader is scanned as it unpacks, not only the one taken for the
  // sheet: if this reading of the workbook and the reader's ever differ, nothing unscanned gets
  // through. The scan stops a part at its first reference beyond the extent.
  let found: ExtentProblem | null = null;
  const scanned = (): PieceCheck => {
    const decoder = new TextDecoder();
    const scan = new ExtentScan(limits);
    return (piece, final) => {
      found = scan.push(decoder.decode(piece, { stream: !final })) ?? (final ? scan.end() : null);
      return found !== null;
    };
  };
  const refusal = (stopped: Exclude<ReturnType<typeof unpackWithin>, Map<string, Uint8Array>>): XlsxRefusal => {
    if (stopped.refused !== "stopped") return stopped;
    const problem = found as ExtentProblem | null;
    return !problem || problem.problem === "unreadable"
      ? { refused: "unreadable" }
      : { refused: "extent", extent: problem };
  };

  const index = [WORKBOOK, WORKBOOK_RELS].map((name) => byName.get(name));
  if (index.some((e) => e === undefined)) return { refused: "unreadable" };
  const indexParts = unpackWithin(bytes, index as ZipEntry[], limits.unpackedBytes, scanned);
  if (!(indexParts instanceof Map)) return refusal(indexParts);
  const used = [...indexParts.values()].reduce((sum, part) => sum + part.length, 0);

  const names = [
    ...new Set(partsForFirstSheet(text(indexParts.get(WORKBOOK)!), text(indexParts.get(WORKBOOK_RELS)!))),
  ].filter((n) => !indexParts.has(n));
  const sheetParts = unpackWithin(
    bytes,
    names.flatMap((n) => byName.get(n) ?? []),
    limits.unpackedBytes - used,
    scanned,
  );
  if (!(sheetParts instanceof Map)) return refusal(sheetParts);

  const zippable: Zippable = {};
  for (const [name, data] of [...indexParts, ...sheetParts]) zippable[name] = [data, { level: 0 }];
  return { ok: true, archive: zipSync(zippable) };
}
