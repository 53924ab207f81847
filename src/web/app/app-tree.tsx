/**
 * The whole app as one element: the browser draws it under its address bar's router
 * (main.tsx), the build draws the join page's first screen with it (prerender.tsx), so both
 * draw the same markup.
 */
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, type ReactNode, StrictMode } from "react";
import { AppFallback, ErrorBoundary } from "../components/error-boundary.tsx";
import { OfflineBanner } from "../components/offline-banner.tsx";
import { AuthProvider } from "../lib/auth/auth-provider.tsx";
import { LanguageProvider } from "../lib/i18n/language.tsx";
import { LanguageSwitch } from "../lib/i18n/language-switch.tsx";
import { TeacherLanguage } from "../lib/i18n/teacher-language.tsx";
import { AppRoutes } from "./app-routes.tsx";

export function AppTree({
  queryClient,
  Router,
}: {
  queryClient: QueryClient;
  Router: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <StrictMode>
      <LanguageProvider>
        <ErrorBoundary fallback={() => <AppFallback />}>
          <QueryClientProvider client={queryClient}>
            <Router>
              <AuthProvider>
                <TeacherLanguage />
                <OfflineBanner />
                <AppRoutes />
                <LanguageSwitch className="page-language-switch" />
              </AuthProvider>
            </Router>
          </QueryClientProvider>
        </ErrorBoundary>
      </LanguageProvider>
    </StrictMode>
  );
}
