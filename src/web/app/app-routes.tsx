/**
 * Every route of SPEC section 2. Each page is its own chunk, so a student loading /join
 * or /play never downloads a teacher page. Unknown paths go to /404.
 */
import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import type { CataloguePart } from "../../shared/i18n/catalogue-parts.ts";
import { ErrorBoundary, RouteErrorView } from "../components/error-boundary.tsx";
import { Loading } from "../components/loading.tsx";
import { TeacherOnly } from "../features/auth/teacher-only.tsx";
import { fetchPlayState } from "../features/play/play-api.ts";
import { loadPart } from "../lib/i18n/i18n.ts";
import { queryKeys } from "../lib/query-keys.ts";

/**
 * A page's code, fetched again twice before giving up: classroom Wi-Fi drops requests. Every
 * page but the pupil's needs the teacher part of the catalogue too, fetched beside its code.
 */
type Page = ComponentType & {
  /** Fetches the page's code now; once it is here the page draws at once, without "Loading…" first. */
  preload(): Promise<void>;
};

const page = (load: () => Promise<{ default: ComponentType }>, part: CataloguePart = "teacher"): Page => {
  let loaded: ComponentType | null = null;
  const fetchCode = async () => {
    const messages = part === "teacher" ? loadPart("teacher") : Promise.resolve();
    for (let attempt = 1; ; attempt++) {
      try {
        const [module] = await Promise.all([load(), messages]);
        loaded = module.default;
        return module;
      } catch (error) {
        if (attempt === 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
      }
    }
  };
  const Lazy = lazy(fetchCode);
  // React.lazy suspends on its first render even when the code is already here (its promise has
  // to settle first), which paints the fallback for a moment: a page whose code was preloaded is
  // drawn directly instead.
  const Page = () => {
    // Chosen once per mounted page: switching from Lazy to the loaded component later would
    // remount the page and lose what the teacher typed.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  };
  return Object.assign(Page, {
    preload: async () => {
      await fetchCode();
    },
  });
};

const LandingPage = page(() => import("../features/landing/landing-page.tsx"), "pupil");
const LoginPage = page(() => import("../features/auth/login-page.tsx"));
const SignupPage = page(() => import("../features/auth/signup-page.tsx"));
const ForgotPasswordPage = page(() => import("../features/auth/forgot-password-page.tsx"));
const ResetPasswordPage = page(() => import("../features/auth/reset-password-page.tsx"));
const JoinPage = page(() => import("../features/join/join-page.tsx"), "pupil");
const PlayPage = page(() => import("../features/play/play-page.tsx"), "pupil");
const StationVisitPage = page(() => import("../features/play/station-visit-page.tsx"), "pupil");
const DashboardPage = page(() => import("./dashboard-route.tsx"));
const CreateGamePage = page(() => import("../features/games/create-game-page.tsx"));
const PreviewGamePage = page(() => import("../features/play/preview-game-page.tsx"));
const PreviewStarterPage = page(() => import("../features/play/preview-starter-page.tsx"));
const StationCardsPage = page(() => import("../features/station-cards/station-cards-page.tsx"));
const StartSessionPage = page(() => import("../features/sessions/start-session-page.tsx"));
const SessionCodesPage = page(() => import("../features/sessions/session-codes-page.tsx"));
const ResultsPage = page(() => import("../features/results/results-page.tsx"));
const DiscussPage = page(() => import("../features/results/discuss-page.tsx"));
const ClassesPage = page(() => import("../features/classes/classes-page.tsx"));
const EditClassPage = page(() => import("../features/classes/edit-class-page.tsx"));
const ClassProgressPage = page(() => import("../features/classes/class-progress-page.tsx"));
const AccountPage = page(() => import("../features/account/account-page.tsx"));
const ConfirmEmailPage = page(() => import("../features/account/confirm-email-page.tsx"));
const UndoEmailChangePage = page(() => import("../features/account/undo-email-change-page.tsx"));
const PrivacyPage = page(() => import("../features/privacy/privacy-page.tsx"));
const SharedGamePage = page(() => import("../features/sharing/shared-game-page.tsx"));
const NotFoundPage = page(() => import("../features/not-found/not-found-page.tsx"));

/** How long the first paint of a play page waits for its question, at most (a slow link draws "Loading…" and carries on). */
export const FIRST_PAINT_WAIT_MS = 1500;

/** A station card's address: opened by a camera app, as a link. */
const STATION_CARD_PAGE = /^\/s\/[^/]+$/;

/**
 * The pages a class opens from a link (the landing page, /join, /play/:id) are drawn complete
 * in their first paint, not as "Loading…" and then the page: main.tsx awaits this before it
 * draws. It fetches the page's code and, for a play page, its question; the server named
 * both in the page it sent (route-preloads.ts), so they are usually here already or on their
 * way. Nothing here can fail the page: what is not here yet is drawn as it comes.
 */
/** The pages beforeFirstPaint prepares: the landing page, /join, a play page and a station card's address. */
export const drawnCompleteAtFirstPaint = (pathname: string) =>
  pathname === "/" || pathname === "/join" || /^\/play\/[^/]+$/.test(pathname) || STATION_CARD_PAGE.test(pathname);

export async function beforeFirstPaint(pathname: string, queryClient: QueryClient): Promise<void> {
  const waits: Array<Promise<unknown>> = [];
  if (pathname === "/") waits.push(LandingPage.preload());
  if (pathname === "/join") waits.push(JoinPage.preload());
  if (STATION_CARD_PAGE.test(pathname)) waits.push(StationVisitPage.preload());
  const play = /^\/play\/([^/]+)$/.exec(pathname);
  if (play) {
    waits.push(PlayPage.preload());
    let progressId: string | null = null;
    try {
      progressId = decodeURIComponent(play[1]!);
    } catch {
      // Not an address the play page can use either: it says so itself.
    }
    if (progressId) {
      const id = progressId;
      const question = queryClient.prefetchQuery({
        queryKey: queryKeys.play(id),
        queryFn: () => fetchPlayState(id),
        retry: false,
      });
      waits.push(Promise.race([question, new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS))]));
    }
  }
  await Promise.all(waits.map((wait) => wait.catch(() => {})));
}

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
        <Route path="/s/:token" element={<StationVisitPage />} />
        <Route path="/dashboard" element={teacher(<DashboardPage />)} />
        <Route path="/create-game" element={teacher(<CreateGamePage />)} />
        {/* The same editor saving in place (keyed, so it never shares state with Create), and the pupil's screens without a session. */}
        <Route path="/edit-game/:gameId" element={teacher(<CreateGamePage key="edit" />)} />
        <Route path="/preview-game/:gameId" element={teacher(<PreviewGamePage />)} />
        {/* A starter hunt before it is used: the same preview, read from the starter library. */}
        <Route path="/starter-hunts/:starterId/preview" element={teacher(<PreviewStarterPage />)} />
        <Route path="/games/:gameId/station-cards" element={teacher(<StationCardsPage />)} />
        <Route path="/start-session/:gameId" element={teacher(<StartSessionPage />)} />
        <Route path="/session-codes/:sessionId" element={teacher(<SessionCodesPage />)} />
        <Route path="/results/:sessionId" element={teacher(<ResultsPage />)} />
        {/* The class discussion of the first answers, for the projector. */}
        <Route path="/results/:sessionId/discuss" element={teacher(<DiscussPage />)} />
        {/* The teacher's saved classes, offered at Start Session. */}
        <Route path="/classes" element={teacher(<ClassesPage />)} />
        <Route path="/classes/:classId" element={teacher(<EditClassPage />)} />
        <Route path="/classes/:classId/progress" element={teacher(<ClassProgressPage />)} />
        <Route path="/account" element={teacher(<AccountPage />)} />
        <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        <Route path="/undo-email-change" element={<UndoEmailChangePage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/shared/:shareLinkId" element={teacher(<SharedGamePage />)} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </RouteFrame>
  );
}
