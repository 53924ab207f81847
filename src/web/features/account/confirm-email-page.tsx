/** Where the email-change link lands: confirms once, says what happened. */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { FormError } from "../../components/form-field.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { confirmEmail } from "./account-api.ts";

export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const t = useT();
  const confirm = useMutation({ mutationFn: confirmEmail });
  const { mutate } = confirm;
  // The link works once: never send it twice (React may run an effect twice in development).
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate({ token });
  }, [mutate, token]);

  return (
    <main className="page narrow">
      <h1>{t("account.confirm.title")}</h1>
      <div className="card form">
        {confirm.isPending || confirm.isIdle ? <p role="status">{t("account.confirm.pending")}</p> : null}
        {confirm.isSuccess ? (
          <p role="status" className="success">
            {t(confirm.data.key ?? confirm.data.message)}
          </p>
        ) : null}
        <FormError message={confirm.isError ? errorMessage(confirm.error) : null} />
        <p>
          <Link to="/dashboard">{t("account.confirm.toDashboard")}</Link>
        </p>
      </div>
    </main>
  );
}
