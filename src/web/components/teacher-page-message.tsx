import { Link } from "react-router";
import type { Text } from "../../shared/i18n/messages.ts";
import { useT } from "../lib/i18n/language.tsx";

/** A teacher page that has only a message to show (loading, not found, failed), with the way back. */
export function TeacherPageMessage({
  title,
  text,
  loading = false,
}: {
  title: Text | string;
  text: Text | string;
  loading?: boolean;
}) {
  const t = useT();
  return (
    <main className="page">
      <h1>{t(title)}</h1>
      <p role={loading ? "status" : "alert"} className={loading ? undefined : "error"}>
        {t(text)}
      </p>
      <p>
        <Link to="/dashboard">{t("common.backToDashboard")}</Link>
      </p>
    </main>
  );
}
