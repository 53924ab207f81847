import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { logout } from "../auth/auth-api.ts";
import { meQueryKey } from "../auth/auth-api.ts";
import { useAuth } from "../auth/auth-provider.tsx";

export default function DashboardPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, { user: null });
      navigate("/login", { replace: true });
    },
  });

  return (
    <div className="page wide">
      <header className="dashboard-header">
        <h1>Teacher Dashboard</h1>
        <div className="header-actions">
          {auth.kind === "teacher" ? <span className="signed-in-as">{auth.user.displayName}</span> : null}
          <button type="button" className="button button-secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Logout
          </button>
        </div>
      </header>
      {signOut.isError ? <p role="alert" className="error">Error: Failed to log out.</p> : null}
      <main>
        <Link className="button" to="/create-game">
          Create New Game
        </Link>
      </main>
    </div>
  );
}
