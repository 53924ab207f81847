/**
 * The catalogues' bar: a test fails when a component renders a hard-coded user-facing string.
 * Every .tsx file of the web app is parsed; text between tags, a text-bearing attribute
 * (aria-label, title, placeholder, alt, label…) given as a literal, or a literal rendered in
 * braces (`{ok ? "Yes" : "No"}`) with a letter in it is a finding. Texts come from `t(...)`.
 *
 * The code around the markup too, in .ts and .tsx files alike (an error or a notice
 * made in a hook or an API module reaches the page as a string): a literal that reads as
 * words ("Failed to generate questions: …"), or any literal given as a text property
 * (`message:`, `notice:`, `detail:`…), is a finding unless it is a catalogue key. A programmer's
 * sentence (`new Error(…)`, `console.*`) is not a reader's text.
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

/** Properties that hold a text a page shows (in code, outside JSX). */
const TEXT_PROPERTIES = new Set([...TEXT_ATTRIBUTES, "error", "notice", "detail", "success"]);

/** A literal that is a catalogue key is a text given by key: translated where it is shown. */
const isKey = (text: string) => Object.hasOwn(en, text.trim());
const hasWords = (text: string) => /\p{L}/u.test(text) && !ALLOWED.test(text.trim()) && !isKey(text);

/** Starts with a word and has another after it: "Failed to load", not "ai-status" or "/api/games". */
const readsAsWords = (text: string) => /^\p{L}[\p{L}'’]*[,.:!?]?\s+[\p{L}'’]/u.test(text.trim());

function webFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : [];
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

const isStringPart = (node: ts.Node): node is ts.StringLiteralLike | ts.TemplateLiteralLikeNode =>
  ts.isStringLiteral(node) ||
  ts.isNoSubstitutionTemplateLiteral(node) ||
  ts.isTemplateHead(node) ||
  ts.isTemplateMiddle(node) ||
  ts.isTemplateTail(node);

/** Where a literal's value goes: up through templates, `a ? "x" : "y"`, `a ?? "x"` and parentheses. */
function destination(literal: ts.Node): ts.Node {
  let node: ts.Node = ts.isTemplateHead(literal) ? literal.parent : literal;
  if (ts.isTemplateSpan(node.parent)) node = node.parent.parent;
  for (;;) {
    const parent = node.parent;
    const branch = ts.isConditionalExpression(parent) && parent.condition !== node;
    const either =
      ts.isBinaryExpression(parent) &&
      [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(
        parent.operatorToken.kind,
      );
    if (!branch && !either && !ts.isParenthesizedExpression(parent)) return parent;
    node = parent;
  }
}

/** A programmer's sentence: an Error's message or a console line, never shown as a page's text. */
function forProgrammers(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node; at && !ts.isBlock(at) && !ts.isSourceFile(at); at = at.parent) {
    if (ts.isNewExpression(at) && /Error$/.test(at.expression.getText())) return true;
    if (ts.isCallExpression(at) && /^console\./.test(at.expression.getText())) return true;
  }
  return false;
}

export function hardCodedTexts(path: string): string[] {
  const kind = path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${line + 1}: ${text.trim().replace(/\s+/g, " ")}`);
  };
  // Code outside the markup: sentences anywhere, and any word given as a text property.
  const inCode = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return;
    if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) return;
    if (isStringPart(node) && hasWords(node.text) && !forProgrammers(node)) {
      const to = destination(node);
      const textProperty = ts.isPropertyAssignment(to) && TEXT_PROPERTIES.has(to.name.getText(source));
      if (readsAsWords(node.text) || textProperty) report(node, node.text);
    }
    ts.forEachChild(node, inCode);
  };
  inCode(source);
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
  const files = webFiles(WEB).map((path) => [relative(WEB, path), path] as const);

  it("reads the web app's .ts files as well as its .tsx", () => {
    expect(files.some(([name]) => name === join("lib", "games-api.ts"))).toBe(true);
    expect(files.some(([name]) => name.endsWith(".tsx"))).toBe(true);
  });

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

  it("finds English made in a .ts module: sentences, and words given as a text property", () => {
    const sample = join(import.meta.dirname, "..", "..", "..", "..", "tests", "fixtures", "i18n", "hard-coded.ts");
    expect(hardCodedTexts(sample).map((f) => f.replace(/^\d+: /, ""))).toEqual([
      "Failed to generate questions:",
      "Saved",
      "Failed",
      "Try again later.",
    ]);
  });
});
