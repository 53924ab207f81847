/** The teacher-only guard of SPEC section 2, with the auth gate's texts. */
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { authTexts } from "../../../shared/account/auth-state.web.ts";
import { Loading } from "../../components/loading.tsx";
import { useAuth } from "../../lib/auth/auth-provider.tsx";
import { useLogout } from "../../lib/auth/use-logout.ts";
import { useT } from "../../lib/i18n/language.tsx";

function SetupFailed() {
  const signOut = useLogout();
  const t = useT();
  return (
    <main className="page narrow">
      <h1 className="visually-hidden">Cluehunt</h1>
      <p role="alert" className="error">
        {t(authTexts.setupFailed)}
      </p>
      <p>
        <button type="button" className="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {t("common.auth.logout")}
        </button>
      </p>
    </main>
  );
}

export function TeacherOnly({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const t = useT();
  switch (auth.kind) {
    case "loading":
      return <Loading text={t(authTexts.loading)} />;
    case "signed-out":
      return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
    case "finishing-setup":
      return <Loading text={t(authTexts.finishingSetup)} />;
    case "setup-failed":
      return <SetupFailed />;
    case "anonymous":
      return <Navigate to="/" replace />;
    case "teacher":
      return <>{children}</>;
  }
}
