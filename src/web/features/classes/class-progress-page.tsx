/**
 * A class's progress (/classes/:classId/progress): each pupil of the class, in the class
 * list's order, with their sessions started with the class that are still kept (date, game, score,
 * first try, clues seen, help asked) and the questions they got wrong at their first try ("Needs another
 * look"), each with that first answer by its kind (the option, True or False, what they typed, the order
 * they gave), the note of the option chosen ("why a child might pick this") and whether they had it right later.
 * On a phone each session's row stacks its cells, each with its heading.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import type { PupilProgress } from "../../../shared/classes/class-progress.ts";
import { formatDate } from "../../../shared/format.ts";
import { answerText } from "../../../shared/games/shown-answers.ts";
import { LANGUAGE_LOCALES } from "../../../shared/i18n/languages.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { TeacherPageMessage } from "../../components/teacher-page-message.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { fetchClassProgress } from "../../lib/classes-api.ts";
import { type Translate, useLanguage, useT } from "../../lib/i18n/language.tsx";
import "../../styles/classes.css";
import { queryKeys } from "../../lib/query-keys.ts";

export default function ClassProgressPage() {
  const { classId = "" } = useParams();
  const t = useT();
  const progress = useQuery({ queryKey: queryKeys.classProgress(classId), queryFn: () => fetchClassProgress(classId) });

  if (progress.isPending) return <TeacherPageMessage title="classes.progress.heading" text="common.loading" loading />;
  if (progress.isError) {
    const missing = progress.error instanceof ApiError && progress.error.status === 404;
    return (
      <TeacherPageMessage
        title="classes.progress.heading"
        text={missing ? "classes.notFound" : "classes.progress.loadFailed"}
      />
    );
  }
  const { class: saved, pupils } = progress.data;
  const played = pupils.some((p) => p.sessions.length > 0);

  return (
    <main className="page wide classes-page class-progress">
      <p>
        <Link to="/classes">{t("classes.backToClasses")}</Link>
      </p>
      <h1>{t(msg("classes.progress.title", { name: saved.name }))}</h1>
      <p className="lead">{t("classes.progress.intro")}</p>
      {played ? null : <p>{t("classes.progress.none")}</p>}
      {pupils.map((pupil, index) => (
        <PupilCard key={`${index}-${pupil.name}`} pupil={pupil} index={index} t={t} />
      ))}
    </main>
  );
}

function PupilCard({ pupil, index, t }: { pupil: PupilProgress; index: number; t: Translate }) {
  const { language } = useLanguage();
  const headingId = `pupil-${index}`;
  // Grouped by session, so a game's title and date are read once however many of its questions are listed.
  const needsLook = pupil.sessions.filter((s) => s.needsLook.length > 0);
  const column = {
    date: t("classes.progress.date"),
    game: t("classes.progress.game"),
    score: t("classes.progress.score"),
    firstTry: t("classes.progress.firstTry"),
    clues: t("classes.progress.cluesSeen"),
    help: t("classes.progress.help"),
  };
  return (
    <section aria-labelledby={headingId} className="card pupil-progress">
      <h2 id={headingId}>
        {pupil.name}
        {pupil.onList ? null : <span className="meta"> · {t("classes.progress.notOnList")}</span>}
      </h2>
      {pupil.sessions.length === 0 ? (
        <p className="meta">{t("classes.progress.pupilNone")}</p>
      ) : (
        <table className="progress-table">
          <caption className="visually-hidden">{t(msg("classes.progress.caption", { name: pupil.name }))}</caption>
          <thead>
            <tr>
              <th scope="col">{column.date}</th>
              <th scope="col">{column.game}</th>
              <th scope="col">{column.score}</th>
              <th scope="col">{column.firstTry}</th>
              <th scope="col">{column.clues}</th>
              <th scope="col">{column.help}</th>
            </tr>
          </thead>
          <tbody>
            {pupil.sessions.map((s) => (
              <tr key={s.sessionId}>
                <td data-label={column.date}>{formatDate(s.date, LANGUAGE_LOCALES[language])}</td>
                <td data-label={column.game}>{s.gameTitle}</td>
                <td data-label={column.score} className="progress-score">
                  {t(msg("classes.progress.scoreValue", { score: s.score, count: s.questionCount }))}
                </td>
                <td data-label={column.firstTry}>{s.firstTry}</td>
                <td data-label={column.clues}>{s.cluesSeen}</td>
                <td data-label={column.help}>
                  {t(s.helpRequested ? "classes.progress.helpYes" : "classes.progress.helpNo")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {needsLook.length > 0 ? (
        <div className="needs-look">
          <p className="field-label">{t("classes.progress.needsLook")}</p>
          {needsLook.map((session) => (
            <div key={session.sessionId} className="needs-look-session">
              <p className="meta">
                {session.gameTitle} · {formatDate(session.date, LANGUAGE_LOCALES[language])}
              </p>
              <ul>
                {session.needsLook.map((w, n) => (
                  <li key={n}>
                    {w.question}
                    {w.firstAnswer ? (
                      <span className="meta">
                        {" "}
                        · {t(msg("classes.progress.firstAnswer", { answer: answerText(w.firstAnswer, t) }))}
                      </span>
                    ) : null}
                    {w.notes.map((note) => (
                      <span key={note} className="misconception">
                        {" "}
                        — {note}
                      </span>
                    ))}
                    <span className="meta">
                      {" "}
                      · {t(w.rightLater ? "classes.progress.rightLater" : "classes.progress.stillWrong")}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}
