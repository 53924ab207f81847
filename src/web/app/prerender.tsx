/**
 * The join page's first screen drawn at build time (decision 028), in each language, by the
 * same components the browser runs (app-tree.tsx). The server puts it in the page it sends for
 * /join (http/web-app.ts), so a pupil on slow school Wi-Fi sees where to type the code as soon
 * as the page and its stylesheets arrive, not after the app's scripts. It is inert (nothing in
 * it can be focused, typed into or pressed) until the app draws the same screen over it in one
 * go (main.tsx), so nothing a child does before that can be lost.
 *
 * Built by scripts/build/prerender.ts through Vite's server-side loader; never in the browser.
 */
import { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { Language } from "../../shared/i18n/languages.ts";
import type { PrerenderedPath } from "../../shared/play/prerendered-screens.ts";
import { activateLanguage } from "../lib/i18n/i18n.ts";
import { beforeFirstPaint } from "./app-routes.tsx";
import { AppTree } from "./app-tree.tsx";

export async function renderScreen(pathname: PrerenderedPath, language: Language): Promise<string> {
  await activateLanguage(language, ["pupil"]);
  const queryClient = new QueryClient();
  await beforeFirstPaint(pathname, queryClient);
  const Router = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[pathname]}>{children}</MemoryRouter>
  );
  const html = renderToString(<AppTree queryClient={queryClient} Router={Router} />);
  // Without ids and the labels and descriptions that point at them: nothing finds a field of
  // this copy by its label (a test, an autofill) to type into what the app is about to replace.
  const unnamed = html.replace(/ (id|for|aria-describedby|aria-labelledby)="[^"]*"/g, "");
  // display: contents (styles.css): the wrapper takes no box, so the layout is the app's own.
  return `<div class="server-drawn" inert>${unnamed}</div>`;
}
