/**
 * Which questions to reteach: per question, first try / eventually / still wrong / not tried,
 * and how many pupils were shown its clue; hardest first.
 */
import { plural } from "../../../shared/format.ts";
import type { QuestionPicture } from "../../../shared/images.ts";
import { hardestFirst, questionSummaries, type ResultQuestion, type StudentResult } from "../../../shared/results.ts";
import "../../styles/clues.css";
import "../../styles/question-picture.css";

export function QuestionSummaryTable({ questions, students }: { questions: ResultQuestion[]; students: StudentResult[] }) {
  const rows = hardestFirst(questionSummaries(questions, students));
  const total = students.length || 1;
  const hasClue = new Map(questions.map((q) => [q.index, Boolean(q.clue)]));
  const pictureOf = new Map(questions.map((q) => [q.index, q.picture]));
  return (
    <section aria-labelledby="question-summary-heading" className="card question-summary">
      <h2 id="question-summary-heading">Questions, hardest first</h2>
      <div className="table-scroll">
      <table>
        <caption className="visually-hidden">How the class did on each question</caption>
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">First try</th>
            <th scope="col">Eventually</th>
            <th scope="col">Still wrong</th>
            <th scope="col">Not attempted</th>
            <th scope="col">Average attempts</th>
            <th scope="col">Clue shown</th>
            <th scope="col" aria-hidden="true" className="bar-column" />
          </tr>
        </thead>
        <tbody>
          {rows.map((q) => (
            <tr key={q.index}>
              <th scope="row">
                Q{q.index + 1}. <span className="question-summary-text">{q.questionText}</span>
                <QuestionThumb picture={pictureOf.get(q.index) ?? null} />
              </th>
              <td>{q.firstTry}</td>
              <td>{q.eventually}</td>
              <td>{q.stillWrong}</td>
              <td>{q.notAttempted}</td>
              <td>{q.averageAttempts === null ? "—" : q.averageAttempts.toFixed(1)}</td>
              <td className="clue-count-cell">{hasClue.get(q.index) ? plural(q.clueShown, "pupil") : <span className="no-clue">No clue</span>}</td>
              <td aria-hidden="true" className="bar-column">
                <span className="bar">
                  <span className="bar-first" style={{ width: `${(q.firstTry / total) * 100}%` }} />
                  <span className="bar-eventual" style={{ width: `${(q.eventually / total) * 100}%` }} />
                  <span className="bar-wrong" style={{ width: `${(q.stillWrong / total) * 100}%` }} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </section>
  );
}

/** The question's picture, small, beside its text (the same address as everywhere, so it is fetched once). */
function QuestionThumb({ picture }: { picture: QuestionPicture | null }) {
  if (!picture) return null;
  return <img className="question-thumb" src={picture.src} alt={picture.alt} width={picture.width} height={picture.height} />;
}
