import { Link } from "react-router";
import { useT } from "../../lib/i18n/language.tsx";

export default function NotFoundPage() {
  const t = useT();
  return (
    <main className="page narrow">
      <h1>{t("notFound.title")}</h1>
      <p>
        <Link to="/">{t("notFound.home")}</Link>
      </p>
    </main>
  );
}
