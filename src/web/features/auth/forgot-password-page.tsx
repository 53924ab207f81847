import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { authMessages, ForgotPasswordSchema } from "../../../shared/account/auth-contracts.ts";
import { FormError, FormField } from "../../components/form-field.tsx";
import { requestPasswordReset } from "../../lib/auth/auth-api.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { Slotted } from "../../lib/i18n/slotted.tsx";
import { useAuthForm } from "./use-auth-form.ts";

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const t = useT();
  const form = useAuthForm(ForgotPasswordSchema, requestPasswordReset, () => {});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit({ email });
  };

  return (
    <main className="page narrow">
      <h1>{t("auth.forgot.title")}</h1>
      <form onSubmit={onSubmit} noValidate className="card form">
        <FormField
          label="auth.field.email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FormError message={form.error} />
        {form.succeeded && !form.error ? (
          <p role="status" className="success">
            {t(authMessages.resetEmailSent)}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={form.pending}>
          {t("auth.forgot.submit")}
        </button>
      </form>
      <p>
        <Slotted
          id="auth.forgot.remembered"
          slots={{ link: <Link to="/login">{t("auth.forgot.backToLogin")}</Link> }}
        />
      </p>
    </main>
  );
}
