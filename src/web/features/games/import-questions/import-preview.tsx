/** What an import will add: the rows that became questions, in a table, and every row that could not, with why. */
import { useEffect, useRef } from "react";
import type { Question } from "../../../../shared/games/games.ts";
import { kindOf, TRUE_FALSE_WORDS } from "../../../../shared/games/question-kinds.ts";
import { msg } from "../../../../shared/i18n/messages.ts";
import type { SheetImport } from "../../../../shared/spreadsheets/spreadsheet-questions.web.ts";
import { type Translate, useLanguage, useT } from "../../../lib/i18n/language.tsx";

const LETTERS = ["A", "B", "C", "D", "E", "F"];

const KIND_NAMES = {
  choice: "sharing.page.kind.choice",
  truefalse: "sharing.page.kind.truefalse",
  typed: "sharing.page.kind.typed",
  order: "sharing.page.kind.order",
  multi: "sharing.page.kind.multi",
} as const;

/** The options a question's row ticks as right: the right one, or choose all's right ones; none for the other kinds. */
const rightOptions = (q: Question): number[] => {
  const kind = kindOf(q);
  if (kind === "choice") return [q.correctAnswer];
  return kind === "multi" ? (q.correctAnswers ?? []) : [];
};

/** The Correct column as the kind reads it: a letter, letters, true or false, or what the options are. */
function correctText(t: Translate, q: Question, language: keyof typeof TRUE_FALSE_WORDS): string {
  switch (kindOf(q)) {
    case "choice":
    case "multi":
      return rightOptions(q)
        .map((k) => LETTERS[k])
        .join(", ");
    case "truefalse":
      return TRUE_FALSE_WORDS[language][q.correctAnswer === 1 ? 1 : 0];
    case "typed":
      return t(q.fadasCount ? "games.import.correct.typedFadas" : "games.import.correct.typed");
    case "order":
      return t("games.import.correct.order");
  }
}

type Props = {
  read: Extract<SheetImport, { ok: true }> & { fileName: string };
  onAdd: () => void;
  onCancel: () => void;
};

export function ImportPreview({ read, onAdd, onCancel }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [read]);
  const count = read.questions.length;
  const badRows = new Set(read.problems.map((p) => p.row)).size;
  // Columns E and F and the kind only when a question needs them: a sheet of four-option questions reads as before.
  const letters = LETTERS.slice(0, Math.max(4, ...read.questions.map(({ question }) => question.options.length)));
  const kinds = read.questions.some(({ question }) => kindOf(question) !== "choice");

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
                {kinds ? <th scope="col">{t("games.import.column.kind")}</th> : null}
                {letters.map((l) => (
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
                  {kinds ? <td className="import-kind">{t(KIND_NAMES[kindOf(question)])}</td> : null}
                  {letters.map((_, i) => (
                    <td key={i} className={rightOptions(question).includes(i) ? "correct-option" : undefined}>
                      {question.options[i] ?? ""}
                    </td>
                  ))}
                  <td>{correctText(t, question, language)}</td>
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
