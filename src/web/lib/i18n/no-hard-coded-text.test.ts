/**
 * The catalogues' bar: a test fails when a component renders a hard-coded user-facing string.
 * Every .tsx file of the web app is parsed; text between tags, a text-bearing attribute
 * (aria-label, title, placeholder, alt, label…) given as a literal, or a literal rendered in
 * braces (`{ok ? "Yes" : "No"}`) with a letter in it is a finding. Texts come from `t(...)`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import en from "../../../shared/i18n/locales/en.json" with { type: "json" };

const WEB = join(import.meta.dirname, "..", "..");
const TEXT_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "title",
  "placeholder",
  "alt",
  "label",
  "confirmLabel",
  "cancelLabel",
  "heading",
  "text",
  "message",
  "description",
  "hint",
  "caption",
  "legend",
]);
/** Not words to translate: the product's name, symbols, and the letters of the answer tiles. */
const ALLOWED = /^(Cluehunt|©|[A-D]|[A-D]\.|×|–|—|·|:|\/|[\d\s.,:%()+\-–—×·/]*)$/;

/** A literal that is a catalogue key is a text given by key: translated where it is shown. */
const isKey = (text: string) => Object.hasOwn(en, text.trim());
const hasWords = (text: string) => /\p{L}/u.test(text) && !ALLOWED.test(text.trim()) && !isKey(text);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx") ? [path] : [];
  });
}

function literalsOf(node: ts.Expression): ts.StringLiteralLike[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (
    ts.isBinaryExpression(node) &&
    (node.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
      node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
      node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
  ) {
    return [...literalsOf(node.left), ...literalsOf(node.right)];
  }
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isTemplateExpression(node))
    return [node.head, ...node.templateSpans.map((span) => span.literal)] as unknown as ts.StringLiteralLike[];
  return [];
}

export function hardCodedTexts(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${line + 1}: ${text.trim().replace(/\s+/g, " ")}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (value) for (const literal of literalsOf(value)) if (hasWords(literal.text)) report(literal, literal.text);
    }
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      for (const literal of literalsOf(node.expression)) if (hasWords(literal.text)) report(literal, literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("no hard-coded user-facing text", () => {
  const files = tsxFiles(WEB).map((path) => [relative(WEB, path), path] as const);

  it.each(files)("%s renders its texts through t()", (_name, path) => {
    expect(hardCodedTexts(path)).toEqual([]);
  });

  it("finds text between tags, in text attributes, and rendered literals (so it can fail)", () => {
    const sample = join(import.meta.dirname, "..", "..", "..", "..", "tests", "fixtures", "i18n", "hard-coded.tsx");
    expect(hardCodedTexts(sample).map((f) => f.replace(/^\d+: /, ""))).toEqual([
      "Hello there",
      "Close the dialog",
      "Yes",
      "No",
      "Ready:",
    ]);
  });
});
