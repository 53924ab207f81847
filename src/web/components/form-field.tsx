import { type InputHTMLAttributes, useId } from "react";
import type { MessageKey } from "../../shared/i18n/messages.ts";
import { useT } from "../lib/i18n/language.tsx";

/** `label` is a catalogue key. */
type Props = InputHTMLAttributes<HTMLInputElement> & { label: MessageKey };

/** A labelled input: every input has a visible label, tied to it for screen readers and tests. */
export function FormField({ label, ...input }: Props) {
  const id = useId();
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{t(label)}</label>
      <input id={id} {...input} />
    </div>
  );
}

/** A form's first problem; `message` may be a catalogue key or a key with values (a zod issue's, the server's). */
export function FormError({ message }: { message: string | null }) {
  const t = useT();
  return message ? (
    <p role="alert" className="error">
      {t(message)}
    </p>
  ) : null;
}
