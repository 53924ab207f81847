import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes, beforeFirstPaint } from "./app/app-routes.tsx";
import { AppFallback, ErrorBoundary } from "./components/error-boundary.tsx";
import { OfflineBanner } from "./components/offline-banner.tsx";
import { AuthProvider } from "./lib/auth/auth-provider.tsx";
import { activateLanguage, initialLanguage } from "./lib/i18n/i18n.ts";
import { LanguageProvider } from "./lib/i18n/language.tsx";
import { LanguageSwitch } from "./lib/i18n/language-switch.tsx";
import { TeacherLanguage } from "./lib/i18n/teacher-language.tsx";
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
  activateLanguage(initialLanguage(), ["pupil"]).catch((error: unknown) => console.warn("Could not load the page's messages", error)),
  beforeFirstPaint(window.location.pathname, queryClient),
]).then(render);

function render() {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <LanguageProvider>
        <ErrorBoundary fallback={() => <AppFallback />}>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <AuthProvider>
                <TeacherLanguage />
                <OfflineBanner />
                <AppRoutes />
                <LanguageSwitch className="page-language-switch" />
              </AuthProvider>
            </BrowserRouter>
          </QueryClientProvider>
        </ErrorBoundary>
      </LanguageProvider>
    </StrictMode>,
  );
}
