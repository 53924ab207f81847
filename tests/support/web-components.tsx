/**
 * The web project's setup (vitest.config.ts): components rendered in happy-dom, their texts in
 * English from the compiled catalogues the build serves (virtual:catalogue, both parts), the
 * page emptied after each test. No build and no browser: a component's own logic, in seconds.
 */
import { cleanup, type RenderResult, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, beforeAll } from "vitest";
import { activateLanguage } from "../../src/web/lib/i18n/i18n.ts";
import { LanguageProvider } from "../../src/web/lib/i18n/language.tsx";

beforeAll(async () => {
  await activateLanguage("en", ["pupil", "teacher"]);
});
afterEach(cleanup);

/** `ui` drawn as a page draws it: inside the language its texts are read in. */
export const renderInPage = (ui: ReactElement): RenderResult => render(<LanguageProvider>{ui}</LanguageProvider>);
