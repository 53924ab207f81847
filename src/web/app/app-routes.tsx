/**
 * Every route of SPEC section 2. Each page is its own chunk, so a student loading /join
 * or /play never downloads a teacher page. Unknown paths go to /404.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { ErrorBoundary, RouteErrorView } from "../components/error-boundary.tsx";
import { Loading } from "../components/loading.tsx";
import { TeacherOnly } from "../features/auth/teacher-only.tsx";
import type { CataloguePart } from "../../shared/i18n/catalogue-parts.ts";
import { loadPart } from "../lib/i18n/i18n.ts";

/**
 * A page's code, fetched again twice before giving up: classroom Wi-Fi drops requests. Every
 * page but the pupil's needs the teacher part of the catalogue too, fetched beside its code.
 */
const page = (load: () => Promise<{ default: ComponentType }>, part: CataloguePart = "teacher") =>
  lazy(async () => {
    const messages = part === "teacher" ? loadPart("teacher") : Promise.resolve();
    for (let attempt = 1; ; attempt++) {
      try {
        const [module] = await Promise.all([load(), messages]);
        return module;
      } catch (error) {
        if (attempt === 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
      }
    }
  });

const LandingPage = page(() => import("../features/landing/landing-page.tsx"), "pupil");
const LoginPage = page(() => import("../features/auth/login-page.tsx"));
const SignupPage = page(() => import("../features/auth/signup-page.tsx"));
const ForgotPasswordPage = page(() => import("../features/auth/forgot-password-page.tsx"));
const ResetPasswordPage = page(() => import("../features/auth/reset-password-page.tsx"));
const JoinPage = page(() => import("../features/join/join-page.tsx"), "pupil");
const PlayPage = page(() => import("../features/play/play-page.tsx"), "pupil");
const DashboardPage = page(() => import("../features/dashboard/dashboard-page.tsx"));
const CreateGamePage = page(() => import("../features/games/create-game-page.tsx"));
const PreviewGamePage = page(() => import("../features/play/preview-game-page.tsx"));
const StartSessionPage = page(() => import("../features/sessions/start-session-page.tsx"));
const SessionCodesPage = page(() => import("../features/sessions/session-codes-page.tsx"));
const ResultsPage = page(() => import("../features/results/results-page.tsx"));
const AccountPage = page(() => import("../features/account/account-page.tsx"));
const ConfirmEmailPage = page(() => import("../features/account/confirm-email-page.tsx"));
const PrivacyPage = page(() => import("../features/privacy/privacy-page.tsx"));
const SharedGamePage = page(() => import("../features/sharing/shared-game-page.tsx"));
const NotFoundPage = page(() => import("../features/not-found/not-found-page.tsx"));

function RouteFrame({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname} fallback={(error) => <RouteErrorView error={error} />}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

const teacher = (element: ReactNode) => <TeacherOnly>{element}</TeacherOnly>;

export function AppRoutes() {
  return (
    <RouteFrame>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/join" element={<JoinPage />} />
        <Route path="/play/:progressId" element={<PlayPage />} />
        <Route path="/dashboard" element={teacher(<DashboardPage />)} />
        <Route path="/create-game" element={teacher(<CreateGamePage />)} />
        {/* Issue 16: the same editor saving in place (keyed, so it never shares state with Create), and the pupil's screens without a session. */}
        <Route path="/edit-game/:gameId" element={teacher(<CreateGamePage key="edit" />)} />
        <Route path="/preview-game/:gameId" element={teacher(<PreviewGamePage />)} />
        <Route path="/start-session/:gameId" element={teacher(<StartSessionPage />)} />
        <Route path="/session-codes/:sessionId" element={teacher(<SessionCodesPage />)} />
        <Route path="/results/:sessionId" element={teacher(<ResultsPage />)} />
        <Route path="/account" element={teacher(<AccountPage />)} />
        <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/shared/:shareLinkId" element={teacher(<SharedGamePage />)} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </RouteFrame>
  );
}
