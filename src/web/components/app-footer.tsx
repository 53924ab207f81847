import { Link } from "react-router";
import { useT } from "../lib/i18n/language.tsx";

/** The SPEC's copyright line, and beside it the privacy page for parents and schools. */
export function AppFooter() {
  const t = useT();
  return (
    <footer className="app-footer">
      <p className="app-footer-copyright">© {new Date().getFullYear()} Cluehunt</p>
      <p>
        <Link to="/privacy">{t("common.footer.privacy")}</Link>
      </p>
    </footer>
  );
}
