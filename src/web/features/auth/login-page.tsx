import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { LoginSchema } from "../../../shared/account/auth-contracts.ts";
import { FormError, FormField } from "../../components/form-field.tsx";
import { login } from "../../lib/auth/auth-api.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { Slotted } from "../../lib/i18n/slotted.tsx";
import { useAuthForm } from "./use-auth-form.ts";

/** Where the teacher was going before the guard sent them here; only our own paths. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : "/dashboard";
}

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const t = useT();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const form = useAuthForm(LoginSchema, login, () => navigate(returnPath(location.state), { replace: true }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit({ email, password });
  };

  return (
    <main className="page narrow">
      <h1>{t("auth.login.title")}</h1>
      <form onSubmit={onSubmit} noValidate className="card form">
        <FormField
          label="auth.field.email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FormField
          label="auth.field.password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormError message={form.error} />
        <button type="submit" className="button" disabled={form.pending}>
          {form.pending ? t("auth.login.pending") : t("auth.login.submit")}
        </button>
      </form>
      <p>
        <Slotted
          id="auth.login.forgot"
          slots={{ link: <Link to="/forgot-password">{t("auth.login.forgotLink")}</Link> }}
        />
      </p>
      <p>
        <Slotted id="auth.login.noAccount" slots={{ link: <Link to="/signup">{t("auth.login.signupLink")}</Link> }} />
      </p>
    </main>
  );
}
