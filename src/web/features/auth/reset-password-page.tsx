/** The page the reset email links to: choose a new password, then go on signed in. */
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { authMessages, ResetPasswordSchema } from "../../../shared/account/auth-contracts.ts";
import { FormError } from "../../components/form-field.tsx";
import { resetPassword } from "../../lib/auth/auth-api.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { Slotted } from "../../lib/i18n/slotted.tsx";
import { NewPasswordField } from "./new-password-field.tsx";
import { useAuthForm } from "./use-auth-form.ts";

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const t = useT();
  const [password, setPassword] = useState("");
  const form = useAuthForm(ResetPasswordSchema, resetPassword, () => navigate("/dashboard", { replace: true }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit({ token, password });
  };

  return (
    <main className="page narrow">
      <h1>{t("auth.reset.title")}</h1>
      {token ? (
        <form onSubmit={onSubmit} noValidate className="card form">
          <NewPasswordField label="auth.field.newPassword" value={password} onChange={setPassword} />
          <FormError message={form.error} />
          <button type="submit" className="button" disabled={form.pending}>
            {t("auth.reset.submit")}
          </button>
        </form>
      ) : (
        <p role="alert" className="error">
          {t(authMessages.resetLinkInvalid)}
        </p>
      )}
      <p>
        <Slotted
          id="auth.reset.needLink"
          slots={{ link: <Link to="/forgot-password">{t("auth.reset.requestLink")}</Link> }}
        />
      </p>
    </main>
  );
}
