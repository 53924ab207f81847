/**
 * /shared/:shareLinkId: a game another teacher shared, read-only (questions, options, the right
 * answers and clues), with "Add a copy to my games". Teachers only (the route's guard sends a
 * signed-out visitor to the login page and back here), so a pupil with the link sees no answers.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { CLASS_LEVELS, catalogueNameKey, SUBJECTS } from "../../../shared/games/curriculum.ts";
import { kindOf, TRUE_FALSE_WORDS } from "../../../shared/games/question-kinds.ts";
import { LANGUAGE_LOCALES, type Language } from "../../../shared/i18n/languages.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { type SharedGame, type SharedQuestion, shareMessages } from "../../../shared/sharing/sharing.ts";
import { TeacherPageMessage } from "../../components/teacher-page-message.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { copySharedGame, fetchSharedGame } from "../../lib/game-sharing-api.ts";
import { type Translate, useT } from "../../lib/i18n/language.tsx";
import { Slotted } from "../../lib/i18n/slotted.tsx";
import "../../styles/sharing.css";
import { queryKeys } from "../../lib/query-keys.ts";

const LETTERS = ["A", "B", "C", "D"];

/** A subject or class level of our lists in the reader's language; anything else as it was stored. */
function catalogueName(t: Translate, kind: "subject" | "level", value: string): string {
  const known: readonly string[] = kind === "subject" ? SUBJECTS : CLASS_LEVELS;
  return known.includes(value) ? t(catalogueNameKey(kind, value)) : value;
}

export default function SharedGamePage() {
  const t = useT();
  const { shareLinkId = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shared = useQuery({
    queryKey: queryKeys.sharedGame(shareLinkId),
    queryFn: () => fetchSharedGame(shareLinkId),
    retry: false,
  });
  const copy = useMutation({
    mutationFn: () => copySharedGame(shareLinkId),
    onSuccess: async (copied) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.games });
      navigate("/dashboard", { state: { notice: shareMessages.copied(copied.title) } });
    },
  });

  if (shared.isPending) return <TeacherPageMessage title="sharing.page.title" text="sharing.page.loading" loading />;
  if (shared.isError) {
    const text =
      shared.error instanceof ApiError && shared.error.status === 404
        ? shareMessages.linkOff
        : errorMessage(shared.error);
    return <TeacherPageMessage title="sharing.page.title" text={text} />;
  }
  const game = shared.data.game;
  const lang = LANGUAGE_LOCALES[game.language];
  const facts = [
    t(msg("sharing.page.sharedBy", { name: game.sharedBy })),
    ...(game.subject ? [catalogueName(t, "subject", game.subject)] : []),
    ...(game.classLevel ? [catalogueName(t, "level", game.classLevel)] : []),
    t(msg("common.questionCount", { count: game.questions.length })),
  ];
  return (
    <main className="page shared-game">
      <p>
        <Link to="/dashboard">{t("common.backToDashboardArrow")}</Link>
      </p>
      <h1 lang={lang}>{game.title}</h1>
      <p className="meta">{facts.join(" · ")}</p>
      {game.description ? <p lang={lang}>{game.description}</p> : null}
      <div className="card">
        <p>{t("sharing.page.readOnly")}</p>
        <div className="actions">
          <button type="button" className="button" disabled={copy.isPending} onClick={() => copy.mutate()}>
            {t(copy.isPending ? "sharing.page.adding" : "sharing.page.addCopy")}
          </button>
        </div>
        {copy.isError ? (
          <p role="alert" className="error">
            {copy.error instanceof ApiError && copy.error.status === 404
              ? t(shareMessages.linkOff)
              : errorMessage(copy.error)}
          </p>
        ) : null}
      </div>
      <SharedQuestions game={game} />
    </main>
  );
}

/** The questions, options and clues are the game's text, marked with its language; the words around them are the reader's. */
function SharedQuestions({ game }: { game: SharedGame }) {
  const t = useT();
  const lang = LANGUAGE_LOCALES[game.language];
  return (
    <section className="card" aria-labelledby="shared-questions-heading">
      <h2 id="shared-questions-heading">{t("sharing.page.questions")}</h2>
      <ol className="shared-question-list">
        {game.questions.map((q, i) => (
          <li key={i} className="shared-question">
            <h3>
              {i + 1}. <span lang={lang}>{q.questionText}</span>
            </h3>
            <p className="shared-kind muted">{t(KIND_NAMES[kindOf(q)])}</p>
            {q.picture ? (
              <img
                className="shared-picture"
                lang={lang}
                src={q.picture.src}
                alt={q.picture.alt}
                width={q.picture.width}
                height={q.picture.height}
                loading="lazy"
              />
            ) : null}
            <SharedAnswer question={q} lang={lang} language={game.language} />
            <SharedNotes question={q} lang={lang} language={game.language} />
            {q.clue ? (
              <p className="shared-clue">
                <Slotted id="sharing.page.clue" slots={{ clue: <span lang={lang}>{q.clue}</span> }} />
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The notes on wrong options, "why a child might pick this", each with its option: a teacher reads this page. */
function SharedNotes({ question, lang, language }: { question: SharedQuestion; lang: string; language: Language }) {
  const noted = (question.optionNotes ?? []).flatMap((note, k) => (note ? [{ note, k }] : []));
  if (noted.length === 0) return null;
  const optionOf = (k: number) =>
    kindOf(question) === "truefalse" ? (TRUE_FALSE_WORDS[language][k] ?? "") : (question.options[k] ?? "");
  return (
    <ul className="shared-notes">
      {noted.map(({ note, k }) => (
        <li key={k}>
          <Slotted
            id="sharing.page.note"
            slots={{ option: <span lang={lang}>{optionOf(k)}</span>, note: <span lang={lang}>{note}</span> }}
          />
        </li>
      ))}
    </ul>
  );
}

/** The kind's name as the reader reads it. */
const KIND_NAMES = {
  choice: "sharing.page.kind.choice",
  truefalse: "sharing.page.kind.truefalse",
  typed: "sharing.page.kind.typed",
  order: "sharing.page.kind.order",
  multi: "sharing.page.kind.multi",
} as const;

/**
 * A question's answer as its kind holds it: the options with the right one (or, choosing all, the
 * right ones) ticked; true or false in the game's own words; the accepted answers; the items in their right order.
 */
function SharedAnswer({ question: q, lang, language }: { question: SharedQuestion; lang: string; language: Language }) {
  const t = useT();
  const kind = kindOf(q);
  if (kind === "truefalse")
    return (
      <p className="shared-answer">
        <Slotted
          id="sharing.page.trueFalseAnswer"
          slots={{ answer: <strong lang={lang}>{TRUE_FALSE_WORDS[language][q.correctAnswer === 1 ? 1 : 0]}</strong> }}
        />
      </p>
    );
  if (kind === "typed")
    return (
      <div className="shared-answer">
        <p>{t("sharing.page.acceptedAnswers")}</p>
        <ul className="shared-accepted">
          {q.options.map((o, j) => (
            <li key={j} lang={lang}>
              {o}
            </li>
          ))}
        </ul>
        <p className="muted">{t(q.fadasCount ? "sharing.page.fadasCount" : "sharing.page.fadasDoNotCount")}</p>
      </div>
    );
  if (kind === "order")
    return (
      <div className="shared-answer">
        <p>{t("sharing.page.rightOrder")}</p>
        <ol className="shared-order">
          {q.options.map((o, j) => (
            <li key={j} lang={lang}>
              {o}
            </li>
          ))}
        </ol>
      </div>
    );
  const right = kind === "multi" ? (q.correctAnswers ?? []) : [q.correctAnswer];
  return (
    <ul className="shared-options">
      {q.options.map((o, j) => (
        <li key={j} className={`shared-option${right.includes(j) ? " correct" : ""}`}>
          {LETTERS[j]}. <span lang={lang}>{o}</span>
          {right.includes(j) ? <span className="visually-hidden"> {t("sharing.page.correctAnswer")}</span> : null}
        </li>
      ))}
    </ul>
  );
}
