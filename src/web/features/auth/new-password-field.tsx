import { PASSWORD_MIN_LENGTH } from "../../../shared/auth-contracts.ts";
import { FormField } from "../../components/form-field.tsx";

/** A password being chosen (signup, reset), with the length rule said beside it rather than after a failed submit. */
export function NewPasswordField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <>
      <FormField
        label={label}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        aria-describedby="password-hint"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id="password-hint" className="hint">At least {PASSWORD_MIN_LENGTH} characters.</p>
    </>
  );
}
