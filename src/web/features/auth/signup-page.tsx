import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { SignupSchema } from "../../../shared/account/auth-contracts.ts";
import { FormError, FormField } from "../../components/form-field.tsx";
import { signup } from "../../lib/auth/auth-api.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { Slotted } from "../../lib/i18n/slotted.tsx";
import { NewPasswordField } from "./new-password-field.tsx";
import { useAuthForm } from "./use-auth-form.ts";

export default function SignupPage() {
  const navigate = useNavigate();
  const t = useT();
  const [displayName, setDisplayName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const form = useAuthForm(SignupSchema, signup, () => navigate("/dashboard", { replace: true }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit({ displayName, email, password });
  };

  return (
    <main className="page narrow">
      <h1>{t("auth.signup.title")}</h1>
      <form onSubmit={onSubmit} noValidate className="card form">
        <FormField
          label="auth.field.displayName"
          autoComplete="name"
          required
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
        />
        <FormField
          label="auth.field.email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <NewPasswordField label="auth.field.password" value={password} onChange={setPassword} />
        <FormError message={form.error} />
        <button type="submit" className="button" disabled={form.pending}>
          {t("auth.signup.submit")}
        </button>
      </form>
      <p>
        <Slotted id="auth.signup.haveAccount" slots={{ link: <Link to="/login">{t("auth.signup.loginLink")}</Link> }} />
      </p>
    </main>
  );
}
