/**
 * One form of the account page: checks with the shared schema (the server's messages), sends,
 * shows the first problem in red or the server's confirmation in green, beside the form.
 */
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import type { z } from "zod";
import { firstIssueMessage } from "../../../shared/account/auth-contracts.ts";
import type { MessageKey } from "../../../shared/i18n/messages.ts";
import { FormError } from "../../components/form-field.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";

/** `title`, `submitLabel` and `pendingLabel` are catalogue keys. */
type Props<S extends z.ZodType, R extends { message: string; key?: string }> = {
  title: MessageKey;
  intro?: ReactNode;
  /** Absent for a form with no fields (a single button). */
  schema?: S;
  values: () => z.input<S>;
  action: (input: z.input<S>) => Promise<R>;
  onDone?: (result: R) => void;
  submitLabel: MessageKey;
  pendingLabel: MessageKey;
  danger?: boolean;
  children?: ReactNode;
};

export function AccountForm<S extends z.ZodType, R extends { message: string; key?: string }>(props: Props<S, R>) {
  const t = useT();
  const [invalid, setInvalid] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: props.action, onSuccess: (result) => props.onDone?.(result) });
  const headingId = `account-${props.title.replace(/[^a-z]+/gi, "-")}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const values = props.values();
    const parsed = props.schema?.safeParse(values);
    if (parsed && !parsed.success) {
      setInvalid(firstIssueMessage(parsed.error));
      return;
    }
    setInvalid(null);
    mutation.mutate(values);
  };

  const error = invalid ?? (mutation.isError ? errorMessage(mutation.error) : null);
  return (
    <section className="card account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(props.title)}</h2>
      {props.intro}
      <form className="form" onSubmit={onSubmit} noValidate>
        {props.children}
        <FormError message={error} />
        {!error && mutation.isSuccess ? (
          <p role="status" className="success">
            {t(mutation.data.key ?? mutation.data.message)}
          </p>
        ) : null}
        <div className="actions">
          <button
            type="submit"
            className={props.danger ? "button button-danger" : "button"}
            disabled={mutation.isPending}
          >
            {mutation.isPending ? t(props.pendingLabel) : t(props.submitLabel)}
          </button>
        </div>
      </form>
    </section>
  );
}
