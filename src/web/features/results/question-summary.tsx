/**
 * Which questions to reteach: per question, first try / eventually / still wrong / not tried,
 * and how many pupils were shown its clue; hardest first. Each question says its right answer by
 * kind (the option, True or False, the accepted answers, the right order, the right options), and a
 * typed question the class's most common wrong answers, folded together, with how many tries gave each. Around the room, each
 * question also names its station and how many found it (a station not found is not attempted).
 * When the groups played different games, one table per game under the game's title,
 * each counting that game's pupils only.
 */
import { Fragment } from "react";
import type { QuestionPicture } from "../../../shared/games/images.ts";
import { kindOf } from "../../../shared/games/question-kinds.ts";
import { rightAnswer } from "../../../shared/games/shown-answers.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import {
  type GameResults,
  hardestFirst,
  questionSummaries,
  type ResultQuestion,
  type StudentResult,
} from "../../../shared/results/results.ts";
import { StationSymbol } from "../../components/station-symbol.tsx";
import { useT } from "../../lib/i18n/language.tsx";
import { Answer, RIGHT_LABEL } from "./student-grid.tsx";
import "../../styles/clues.css";
import "../../styles/question-picture.css";
import "../../styles/station-trails.css";
import "../../styles/group-games.css";

export function QuestionSummaryTable({ games }: { games: GameResults[] }) {
  const t = useT();
  const split = games.length > 1;
  return (
    <section aria-labelledby="question-summary-heading" className="card question-summary">
      <h2 id="question-summary-heading">{t("results.summary.title")}</h2>
      {split ? (
        games.map(({ game, questions, students }) => (
          <Fragment key={game.id}>
            <h3 id={`question-summary-${game.id}`}>{game.title || t("common.gameTitleNotFound")}</h3>
            <QuestionTable
              questions={questions}
              students={students}
              label={t(msg("results.summary.tableLabelFor", { game: game.title }))}
            />
          </Fragment>
        ))
      ) : (
        <QuestionTable
          questions={games[0]?.questions ?? []}
          students={games[0]?.students ?? []}
          label={t("results.summary.tableLabel")}
        />
      )}
    </section>
  );
}

function QuestionTable({
  questions,
  students,
  label,
}: {
  questions: ResultQuestion[];
  students: StudentResult[];
  label: string;
}) {
  const rows = hardestFirst(questionSummaries(questions, students));
  const t = useT();
  const total = students.length || 1;
  const hasClue = new Map(questions.map((q) => [q.index, Boolean(q.clue)]));
  const questionAt = new Map(questions.map((q) => [q.index, q]));
  const pictureOf = new Map(questions.map((q) => [q.index, q.picture]));
  const stationOf = new Map(questions.map((q) => [q.index, q.station]));
  const aroundTheRoom = questions.some((q) => q.station);
  return (
    <>
      {/* Focusable, so a keyboard can scroll it sideways where the table is wider than a phone (longer in Irish). */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
        <table>
          <caption className="visually-hidden">{t("results.summary.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("results.summary.question")}</th>
              {aroundTheRoom ? <th scope="col">{t("results.summary.found")}</th> : null}
              <th scope="col">{t("results.summary.firstTry")}</th>
              <th scope="col">{t("results.summary.eventually")}</th>
              <th scope="col">{t("results.summary.stillWrong")}</th>
              <th scope="col">{t("results.summary.notAttempted")}</th>
              <th scope="col">{t("results.summary.averageAttempts")}</th>
              <th scope="col">{t("results.clueShown")}</th>
              <th scope="col" aria-hidden="true" className="bar-column" />
            </tr>
          </thead>
          <tbody>
            {rows.map((q) => (
              <tr key={q.index}>
                <th scope="row">
                  {t(msg("results.summary.questionNumber", { number: q.index + 1 }))}{" "}
                  <span className="question-summary-text">{q.questionText}</span>
                  <QuestionStation station={stationOf.get(q.index) ?? null} />
                  <QuestionThumb picture={pictureOf.get(q.index) ?? null} />
                  <QuestionAnswers question={questionAt.get(q.index)} />
                </th>
                {aroundTheRoom ? <td>{q.found}</td> : null}
                <td>{q.firstTry}</td>
                <td>{q.eventually}</td>
                <td>{q.stillWrong}</td>
                <td>{q.notAttempted}</td>
                <td>{q.averageAttempts === null ? "—" : q.averageAttempts.toFixed(1)}</td>
                <td className="clue-count-cell">
                  {hasClue.get(q.index) ? (
                    t(msg("results.summary.pupils", { count: q.clueShown }))
                  ) : (
                    <span className="no-clue">{t("results.summary.noClue")}</span>
                  )}
                </td>
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
    </>
  );
}

/** The question's right answer by kind, and a typed question's most common wrong answers. */
function QuestionAnswers({ question }: { question: ResultQuestion | undefined }) {
  const t = useT();
  if (!question) return null;
  const wrong = question.commonWrongAnswers ?? [];
  return (
    <>
      <span className="question-summary-answer">
        {t(RIGHT_LABEL[kindOf(question)])} <Answer shown={rightAnswer(question)} />
      </span>
      {wrong.length > 0 ? (
        <span className="question-summary-wrong">
          {t("results.summary.commonWrong")}{" "}
          {wrong.map((w, k) => (
            <Fragment key={w.answer}>
              {k > 0 ? ", " : null}
              <span className="wrong-answer">
                <q className="typed-answer">{w.answer}</q> ({t(msg("results.summary.tries", { count: w.count }))})
              </span>
            </Fragment>
          ))}
        </span>
      ) : null}
    </>
  );
}

/** Around the room: the card the question waits at, by its number and symbol. */
function QuestionStation({ station }: { station: ResultQuestion["station"] }) {
  const t = useT();
  if (!station) return null;
  return (
    <span className="question-station">
      <StationSymbol symbol={station.symbol} />
      {t(msg("results.summary.station", { number: station.number }))}
    </span>
  );
}

/** The question's picture, small, beside its text (the same address as everywhere, so it is fetched once). */
function QuestionThumb({ picture }: { picture: QuestionPicture | null }) {
  if (!picture) return null;
  return (
    <img className="question-thumb" src={picture.src} alt={picture.alt} width={picture.width} height={picture.height} />
  );
}
