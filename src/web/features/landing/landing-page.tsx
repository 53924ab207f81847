import { Link, Navigate } from "react-router";
import { AppFooter } from "../../components/app-footer.tsx";
import { useAuth } from "../../lib/auth/auth-provider.tsx";
import { useT } from "../../lib/i18n/language.tsx";

export default function LandingPage() {
  const auth = useAuth();
  const t = useT();
  if (auth.kind === "teacher") return <Navigate to="/dashboard" replace />;
  return (
    <>
      <main className="page landing">
        <h1 className="brand">Cluehunt</h1>
        <p className="tagline">{t("landing.tagline")}</p>
        <p className="lead">{t("landing.lead")}</p>
        <nav aria-label={t("landing.navLabel")} className="landing-actions">
          <Link className="button" to="/login">
            {t("landing.teacherLogin")}
          </Link>
          <Link className="button" to="/signup">
            {t("landing.teacherSignup")}
          </Link>
          <Link className="button button-accent" to="/join">
            {t("landing.studentJoin")}
          </Link>
          <Link className="button button-secondary" to="/dashboard">
            {t("landing.goToDashboard")}
          </Link>
        </nav>
      </main>
      <AppFooter />
    </>
  );
}
