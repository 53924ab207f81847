import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { SignupSchema } from "../../../shared/auth-contracts.ts";
import { FormError, FormField } from "../../components/form-field.tsx";
import { signup } from "../../lib/auth/auth-api.ts";
import { NewPasswordField } from "./new-password-field.tsx";
import { useAuthForm } from "./use-auth-form.ts";

export default function SignupPage() {
  const navigate = useNavigate();
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
      <h1>Teacher Signup</h1>
      <form onSubmit={onSubmit} noValidate className="card form">
        <FormField label="Display Name" autoComplete="name" required value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
        <FormField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <NewPasswordField label="Password" value={password} onChange={setPassword} />
        <FormError message={form.error} />
        <button type="submit" className="button" disabled={form.pending}>
          Sign Up
        </button>
      </form>
      <p>
        Already have an account? <Link to="/login">Log in here</Link>
      </p>
    </main>
  );
}
