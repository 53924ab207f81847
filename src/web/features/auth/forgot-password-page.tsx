import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { authMessages, ForgotPasswordSchema } from "../../../shared/auth-contracts.ts";
import { FormError, FormField } from "../../components/form-field.tsx";
import { requestPasswordReset } from "../../lib/auth/auth-api.ts";
import { useAuthForm } from "./use-auth-form.ts";

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const form = useAuthForm(ForgotPasswordSchema, requestPasswordReset, () => {});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit({ email });
  };

  return (
    <main className="page narrow">
      <h1>Reset Password</h1>
      <form onSubmit={onSubmit} noValidate className="card form">
        <FormField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <FormError message={form.error} />
        {form.succeeded && !form.error ? (
          <p role="status" className="success">
            {authMessages.resetEmailSent}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={form.pending}>
          Send Reset Email
        </button>
      </form>
      <p>
        Remembered it? <Link to="/login">Back to login</Link>
      </p>
    </main>
  );
}
