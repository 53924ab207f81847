import { useT } from "../lib/i18n/language.tsx";

export function Loading({ text }: { text?: string }) {
  const t = useT();
  return (
    <main className="page narrow" aria-busy="true">
      <h1 className="visually-hidden">Cluehunt</h1>
      <p role="status" className="loading">
        <span className="spinner" aria-hidden="true" />
        {text ?? t("common.loading")}
      </p>
    </main>
  );
}
