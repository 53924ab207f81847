/** What an import will add: the rows that became questions, in a table, and every row that could not, with why. */
import { useEffect, useRef } from "react";
import { plural } from "../../../../shared/format.ts";
import type { SheetImport } from "../../../../shared/spreadsheet-questions.ts";

const LETTERS = ["A", "B", "C", "D"];

type Props = { read: Extract<SheetImport, { ok: true }> & { fileName: string }; onAdd: () => void; onCancel: () => void };

export function ImportPreview({ read, onAdd, onCancel }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [read]);
  const count = read.questions.length;
  const badRows = new Set(read.problems.map((p) => p.row)).size;

  return (
    <section className="import-preview" aria-labelledby="import-preview-heading">
      <h3 id="import-preview-heading" tabIndex={-1} ref={headingRef}>
        Preview of “{read.fileName}”
      </h3>
      <p>
        {count > 0 ? `${plural(count, "question")} ready to add` : "No questions can be added from this file"}
        {read.layout === "kahoot" ? " (read as a Kahoot! quiz spreadsheet)" : ""}.
        {badRows > 0 ? ` ${plural(badRows, "row")} could not be read and will be left out:` : ""}
      </p>
      {read.problems.length > 0 ? (
        <ul className="import-problems">
          {read.problems.map((p, i) => (
            <li key={i} className="error">
              {p.message}
            </li>
          ))}
        </ul>
      ) : null}
      {count > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Questions to add (scrolls sideways on a small screen)">
          <table className="import-table">
            <caption className="visually-hidden">Questions to add</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Question</th>
                {LETTERS.map((l) => (
                  <th scope="col" key={l}>
                    {l}
                  </th>
                ))}
                <th scope="col">Correct</th>
                <th scope="col">Clue</th>
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
                  <td>{question.clue || <span className="muted">None</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="actions">
        {count > 0 ? (
          <button type="button" className="button" onClick={onAdd}>
            Add {plural(count, "question")} to the game
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
