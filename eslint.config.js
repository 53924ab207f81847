import { readdirSync } from "node:fs";
import js from "@eslint/js";
import formatterOwnsLayout from "eslint-config-prettier/flat";
import importPlugin from "eslint-plugin-import";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Web features, each its own room: one may use src/shared, web/lib and web/components, never another feature. */
const webFeatures = readdirSync("src/web/features", { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

const sharedImportsNeitherSide = {
  group: ["**/server/**", "**/web/**"],
  message: "src/shared imports nothing from server or web.",
};
/** src/shared files one side only uses say so in their name, and the other side may not import them. */
const serverOnlyShared = {
  group: ["**/shared/**/*.server.ts"],
  message: "A *.server.ts file of src/shared is the server's only.",
};
const webOnlyShared = {
  group: ["**/shared/**/*.web.ts"],
  message: "A *.web.ts file of src/shared is the web app's only.",
};

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "test-results/", "scratch/", "data/", "drizzle/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The rules of the game are shared by both sides and depend on neither. A file one side only
    // uses says so in its name (*.server.ts, *.web.ts); a file of both sides uses neither kind.
    files: ["src/shared/**/*.ts"],
    ignores: ["src/shared/**/*.test.ts", "src/shared/**/*.server.ts", "src/shared/**/*.web.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            sharedImportsNeitherSide,
            { group: ["**/*.server.ts", "**/*.web.ts"], message: "A file of both sides uses no one-sided file." },
          ],
        },
      ],
    },
  },
  {
    // Tests of both-sided rules may check them against either side's use.
    files: ["src/shared/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [sharedImportsNeitherSide] }] },
  },
  {
    files: ["src/shared/**/*.server.ts", "src/shared/**/*.server.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [sharedImportsNeitherSide, webOnlyShared] }] },
  },
  {
    files: ["src/shared/**/*.web.ts", "src/shared/**/*.web.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [sharedImportsNeitherSide, serverOnlyShared] }] },
  },
  {
    files: ["src/server/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [webOnlyShared] }] },
  },
  {
    // The browser bundle must never pull in server code. A contract's types may come from its
    // *.server.ts file (decision 045): a type-only import is erased, so zod never reaches a page.
    files: ["src/web/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**"], message: "Web code may not import server code." },
            { ...serverOnlyShared, allowTypeImports: true },
            // Both catalogues, every message: a page loads its language's part instead (decision 021).
            {
              group: ["**/shared/i18n/translator*"],
              message: "Web code translates with web/lib/i18n, not the server's translator.",
            },
          ],
        },
      ],
    },
  },
  {
    // Web code's unit tests run in Node and read messages as an English reader would, with the translator.
    files: ["src/web/**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**"], message: "Web code may not import server code." },
            { ...serverOnlyShared, allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // The boundaries the code map relies on (docs/ARCHITECTURE.md, "Boundaries"), checked rather than hoped for.
    files: ["src/**/*.{ts,tsx}"],
    plugins: { import: importPlugin },
    settings: {
      // Imports name their .ts/.tsx files; without these the cycle check would not read them.
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } },
      "import/extensions": [".ts", ".tsx"],
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import/ignore": ["node_modules"],
    },
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            ...webFeatures.map((name) => ({
              target: `./src/web/features/${name}`,
              from: "./src/web/features",
              except: [`./${name}`],
              message: "A feature may not import another feature: move what both need to web/lib or web/components.",
            })),
            {
              target: ["./src/web/lib", "./src/web/components"],
              from: ["./src/web/features", "./src/web/app"],
              message: "web/lib and web/components serve every feature and import none.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["tests/**/*.ts", "scripts/bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  // Last, so that no rule above can fight the formatter: layout is Biome's (biome.jsonc), and
  // this turns off every ESLint rule about layout, including any a later plugin brings.
  formatterOwnsLayout,
);
