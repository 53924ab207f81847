import { Link, Navigate } from "react-router";
import { AppFooter } from "../../components/app-footer.tsx";
import { useAuth } from "../../lib/auth/auth-provider.tsx";

export default function LandingPage() {
  const auth = useAuth();
  if (auth.kind === "teacher") return <Navigate to="/dashboard" replace />;
  return (
    <>
      <main className="page landing">
        <h1 className="brand">Cluehunt</h1>
        <p className="tagline">interactive learning, instantly</p>
        <p className="lead">Teachers build a quiz and share the code. Students enter the code and play.</p>
        <nav aria-label="Get started" className="landing-actions">
          <Link className="button" to="/login">Teacher Login</Link>
          <Link className="button" to="/signup">Teacher Signup</Link>
          <Link className="button button-accent" to="/join">Student Join Game</Link>
          <Link className="button button-secondary" to="/dashboard">Go to Dashboard (Teacher)</Link>
        </nav>
      </main>
      <AppFooter />
    </>
  );
}
