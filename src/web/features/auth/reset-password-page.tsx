/** The page the reset email links to: choose a new password, then go on signed in. */
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { authMessages, ResetPasswordSchema } from "../../../shared/auth-contracts.ts";
import { FormError } from "../../components/form-field.tsx";
import { resetPassword } from "../../lib/auth/auth-api.ts";
import { NewPasswordField } from "./new-password-field.tsx";
import { useAuthForm } from "./use-auth-form.ts";

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [password, setPassword] = useState("");
  const form = useAuthForm(ResetPasswordSchema, resetPassword, () => navigate("/dashboard", { replace: true }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit({ token, password });
  };

  return (
    <main className="page narrow">
      <h1>Choose a New Password</h1>
      {token ? (
        <form onSubmit={onSubmit} noValidate className="card form">
          <NewPasswordField label="New Password" value={password} onChange={setPassword} />
          <FormError message={form.error} />
          <button type="submit" className="button" disabled={form.pending}>
            Set New Password
          </button>
        </form>
      ) : (
        <p role="alert" className="error">{authMessages.resetLinkInvalid}</p>
      )}
      <p>
        Need a new link? <Link to="/forgot-password">Request another reset email</Link>
      </p>
    </main>
  );
}
