import { useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { LoginSchema } from "../../../shared/auth-contracts.ts";
import { FormError, FormField } from "../../components/form-field.tsx";
import { login } from "../../lib/auth/auth-api.ts";
import { useAuthForm } from "./use-auth-form.ts";

/** Where the teacher was going before the guard sent them here; only our own paths. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : "/dashboard";
}

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const form = useAuthForm(LoginSchema, login, () => navigate(returnPath(location.state), { replace: true }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit({ email, password });
  };

  return (
    <main className="page narrow">
      <h1>Teacher Login</h1>
      <form onSubmit={onSubmit} noValidate className="card form">
        <FormField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <FormField label="Password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <FormError message={form.error} />
        <button type="submit" className="button" disabled={form.pending}>
          {form.pending ? "Logging in..." : "Login"}
        </button>
      </form>
      <p>
        Forgot your password? <Link to="/forgot-password">Reset it here</Link>
      </p>
      <p>
        Don&apos;t have an account? <Link to="/signup">Sign up here</Link>
      </p>
    </main>
  );
}
