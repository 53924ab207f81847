import { QueryClient } from "@tanstack/react-query";
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { beforeFirstPaint, drawnCompleteAtFirstPaint } from "./app/app-routes.tsx";
import { AppTree } from "./app/app-tree.tsx";
import { activateLanguage, initialLanguage } from "./lib/i18n/i18n.ts";
import "./styles.css";

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

// The first paint is in the page's language: its pupil messages come before anything renders.
// If even three tries fail (no connection at all), the page still renders, and the offline banner says why.
// A page a class opens from a link is drawn complete in that first paint (app-routes.tsx).
// Not a top-level await: a page's code imports the bundler's preload helper from this entry,
// so it cannot finish loading while this module is still being evaluated.
void Promise.all([
  activateLanguage(initialLanguage(), ["pupil"]).catch((error: unknown) =>
    console.warn("Could not load the page's messages", error),
  ),
  beforeFirstPaint(window.location.pathname, queryClient),
]).then(render);

function render() {
  const root = createRoot(document.getElementById("root")!);
  const app = <AppTree queryClient={queryClient} Router={BrowserRouter} />;
  // A page a class opens from a link, its code already here, is drawn as a transition: React
  // yields to the browser every few milliseconds instead of holding the page in one long task,
  // so a tablet stays responsive while the app starts, and a first screen the server drew
  // (decision 028) stays until the app's replaces it in one go. Other pages (a teacher's,
  // whose code may still be loading) are drawn at once, "Loading…" first.
  if (drawnCompleteAtFirstPaint(window.location.pathname)) startTransition(() => root.render(app));
  else root.render(app);
}
