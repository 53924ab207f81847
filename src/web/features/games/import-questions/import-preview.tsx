/** What an import will add: the rows that became questions, in a table, and every row that could not, with why. */
import { useEffect, useRef } from "react";
import { msg } from "../../../../shared/i18n/messages.ts";
import type { SheetImport } from "../../../../shared/spreadsheets/spreadsheet-questions.web.ts";
import { useT } from "../../../lib/i18n/language.tsx";

const LETTERS = ["A", "B", "C", "D"];

type Props = {
  read: Extract<SheetImport, { ok: true }> & { fileName: string };
  onAdd: () => void;
  onCancel: () => void;
};

export function ImportPreview({ read, onAdd, onCancel }: Props) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [read]);
  const count = read.questions.length;
  const badRows = new Set(read.problems.map((p) => p.row)).size;

  return (
    <section className="import-preview" aria-labelledby="import-preview-heading">
      <h3 id="import-preview-heading" tabIndex={-1} ref={headingRef}>
        {t(msg("games.import.previewOf", { name: read.fileName }))}
      </h3>
      <p>
        {t(msg(read.layout === "kahoot" ? "games.import.readyKahoot" : "games.import.ready", { count }))}
        {badRows > 0 ? ` ${t(msg("games.import.rowsLeftOut", { count: badRows }))}` : ""}
      </p>
      {read.problems.length > 0 ? (
        <ul className="import-problems">
          {read.problems.map((p, i) => (
            <li key={i} className="error">
              {t(p.message)}
            </li>
          ))}
        </ul>
      ) : null}
      {count > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("games.import.tableLabel")}>
          <table className="import-table">
            <caption className="visually-hidden">{t("games.import.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("games.import.column.row")}</th>
                <th scope="col">{t("games.import.column.question")}</th>
                {LETTERS.map((l) => (
                  <th scope="col" key={l}>
                    {l}
                  </th>
                ))}
                <th scope="col">{t("games.import.column.correct")}</th>
                <th scope="col">{t("games.import.column.clue")}</th>
              </tr>
            </thead>
            <tbody>
              {read.questions.map(({ row, question }) => (
                <tr key={row}>
                  <td>{row}</td>
                  <td>{question.questionText}</td>
                  {question.options.map((o, i) => (
                    <td key={i} className={i === question.correctAnswer ? "correct-option" : undefined}>
                      {o}
                    </td>
                  ))}
                  <td>{LETTERS[question.correctAnswer]}</td>
                  <td>{question.clue || <span className="muted">{t("games.import.noClue")}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="actions">
        {count > 0 ? (
          <button type="button" className="button" onClick={onAdd}>
            {t(msg("games.import.add", { count }))}
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t("games.import.cancel")}
        </button>
      </div>
    </section>
  );
}
