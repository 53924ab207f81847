export function AppFooter() {
  return (
    <footer className="app-footer">
      <p>© {new Date().getFullYear()} Cluehunt</p>
    </footer>
  );
}
