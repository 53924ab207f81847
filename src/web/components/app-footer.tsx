import { Link } from "react-router";

export function AppFooter() {
  return (
    <footer className="app-footer">
      <p>
        © {new Date().getFullYear()} Cluehunt · <Link to="/privacy">Privacy</Link>
      </p>
    </footer>
  );
}
