/**
 * Where the notice's "this wasn't me" link lands (decision 030): nothing happens until the
 * teacher presses the button, so a mail scanner that opens links undoes no one's change.
 * Then it says what happened: cancelled, or moved back (a link to choose a password is on its way).
 */
import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { FormError } from "../../components/form-field.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { undoEmailChange } from "./account-api.ts";

export default function UndoEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const t = useT();
  const undo = useMutation({ mutationFn: undoEmailChange });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!undo.isPending) undo.mutate({ token });
  };

  return (
    <main className="page narrow">
      <h1>{t("account.undo.title")}</h1>
      <div className="card form">
        {undo.isSuccess ? (
          <p role="status" className="success">
            {t(undo.data.key ?? undo.data.message)}
          </p>
        ) : (
          <form className="form" onSubmit={onSubmit} noValidate>
            <p>{t("account.undo.intro")}</p>
            <FormError message={undo.isError ? errorMessage(undo.error) : null} />
            {undo.isError ? null : (
              <div className="actions">
                <button type="submit" className="button button-danger" disabled={undo.isPending}>
                  {undo.isPending ? t("account.undo.pending") : t("account.undo.submit")}
                </button>
              </div>
            )}
          </form>
        )}
        <p>
          <Link to="/login">{t("account.undo.toLogin")}</Link>
        </p>
      </div>
    </main>
  );
}
