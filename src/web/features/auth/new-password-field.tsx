import { PASSWORD_MIN_LENGTH } from "../../../shared/account/auth-contracts.ts";
import type { MessageKey } from "../../../shared/i18n/messages.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { FormField } from "../../components/form-field.tsx";
import { useT } from "../../lib/i18n/language.tsx";

/** A password being chosen (signup, reset), with the length rule said beside it rather than after a failed submit. */
export function NewPasswordField({
  label,
  value,
  onChange,
}: {
  label: MessageKey;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
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
      <p id="password-hint" className="hint">
        {t(msg("auth.passwordHint", { min: PASSWORD_MIN_LENGTH }))}
      </p>
    </>
  );
}
