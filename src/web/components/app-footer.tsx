import { Link } from "react-router";

/** The SPEC's copyright line, and beside it the privacy page for parents and schools (issue 18). */
export function AppFooter() {
  return (
    <footer className="app-footer">
      <p className="app-footer-copyright">© {new Date().getFullYear()} Cluehunt</p>
      <p>
        <Link to="/privacy">Privacy</Link>
      </p>
    </footer>
  );
}
