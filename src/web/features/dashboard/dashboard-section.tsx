import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { MessageKey } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";

/**
 * One dashboard list: its heading, then loading, the error, the empty message or the items
 * (as `children` renders them), in the SPEC's words for each list.
 */
export function DashboardSection<Item>(props: {
  id: string;
  title: MessageKey;
  query: UseQueryResult<Item[]>;
  errorText: MessageKey;
  emptyText: MessageKey;
  children: (items: Item[]) => ReactNode;
  /** Shown under the heading whatever the list holds (a notice about the last action). */
  before?: ReactNode;
}) {
  const { id, title, query } = props;
  const t = useT();
  return (
    <section aria-labelledby={id} className="dashboard-section">
      <h2 id={id}>{t(title)}</h2>
      {props.before}
      {query.isPending ? <p role="status">{t("common.loading")}</p> : null}
      {query.isError ? (
        <p role="alert" className="error">
          {t(props.errorText)}
        </p>
      ) : null}
      {query.data?.length === 0 ? <p>{t(props.emptyText)}</p> : null}
      {query.data && query.data.length > 0 ? props.children(query.data) : null}
    </section>
  );
}
