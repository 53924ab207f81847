/**
 * First answers on the results page: per question, how many pupils chose each option at their
 * first try, as a bar per option in the options' order (the right one marked ✓ with words, the
 * most chosen wrong one marked ! and highlighted, never by colour alone), each wrong option with
 * the teacher's note beside its count ("7 chose 1/3 — thinks…"); a typed question's most common
 * wrong first answers folded, an order's most common wrong first orders. In a session of several
 * groups a choice of group filters the counts (and, when groups played different games, the
 * questions to that group's game). The projector's discussion screen shares the group choice.
 */
import { Fragment, useId } from "react";
import { GROUPS } from "../../../shared/games/curriculum.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import {
  choseSentence,
  type FirstAnswerView,
  firstAnswerMessages,
  firstAnswerView,
  type GroupChoice,
  optionText,
  orderText,
} from "../../../shared/results/first-answers.ts";
import type { GameResults, ResultQuestion } from "../../../shared/results/results.ts";
import type { SessionGroup } from "../../../shared/sessions/session-responses.ts";
import { GroupBadge } from "../../components/group-badge.tsx";
import { useT } from "../../lib/i18n/language.tsx";
import "../../styles/first-answers.css";

/** The games' questions the group choice shows: every game's for all groups, else the chosen group's game's. */
export function questionsFor(
  games: readonly GameResults[],
  groups: readonly SessionGroup[],
  choice: GroupChoice,
): GameResults[] {
  if (choice === "all") return [...games];
  const gameId = groups.find((g) => g.groupIdentifier === choice)?.gameId;
  return games.filter((g) => g.game.id === gameId);
}

/** "All groups" or one group, by its colour-and-shape name; nothing to choose with a single group. */
export function GroupChoiceField({
  groups,
  choice,
  onChange,
  className,
}: {
  groups: readonly SessionGroup[];
  choice: GroupChoice;
  onChange: (choice: GroupChoice) => void;
  className?: string;
}) {
  const t = useT();
  const id = useId();
  if (groups.length < 2) return null;
  return (
    <p className={`group-choice ${className ?? ""}`}>
      <label htmlFor={id}>{t("results.firstAnswers.group")}</label>{" "}
      <select id={id} value={choice} onChange={(e) => onChange(e.target.value as GroupChoice)}>
        <option value="all">{t(firstAnswerMessages.allGroups)}</option>
        {groups.map((g) => (
          <option key={g.groupIdentifier} value={g.groupIdentifier}>
            {t(GROUPS[g.groupIdentifier].nameKey)}
          </option>
        ))}
      </select>
      {choice === "all" ? null : <GroupBadge group={choice} />}
    </p>
  );
}

export function FirstAnswersSection({
  games,
  groups,
  choice,
  onChoice,
}: {
  games: GameResults[];
  groups: SessionGroup[];
  choice: GroupChoice;
  onChoice: (choice: GroupChoice) => void;
}) {
  const t = useT();
  const shown = questionsFor(games, groups, choice);
  const titled = games.length > 1;
  return (
    <section aria-labelledby="first-answers-heading" className="card first-answers">
      <h2 id="first-answers-heading">{t("results.firstAnswers.title")}</h2>
      <p className="first-answers-intro">{t("results.firstAnswers.intro")}</p>
      <GroupChoiceField groups={groups} choice={choice} onChange={onChoice} />
      {shown.map(({ game, questions }) => (
        <Fragment key={game.id}>
          {titled ? <h3>{game.title || t("common.gameTitleNotFound")}</h3> : null}
          <ol className="first-answers-list">
            {questions.map((q) => (
              <li key={q.index}>
                <QuestionFirstAnswers question={q} view={firstAnswerView(q, choice)} level={titled ? 4 : 3} />
              </li>
            ))}
          </ol>
        </Fragment>
      ))}
    </section>
  );
}

/** `level`: the question's heading under the section's (3), or under its game's title (4). */
function QuestionFirstAnswers({
  question,
  view,
  level,
}: {
  question: ResultQuestion;
  view: FirstAnswerView | null;
  level: 3 | 4;
}) {
  const t = useT();
  const number = question.index + 1;
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <article className="first-answers-question" aria-labelledby={`first-${question.gameId}-${question.index}`}>
      <Heading id={`first-${question.gameId}-${question.index}`}>
        {t(msg("results.summary.questionNumber", { number }))} {question.questionText}
      </Heading>
      {view ? (
        <>
          <p className="first-answers-right-count">
            {t(msg("results.firstAnswers.rightFirst", { right: view.right, pupils: view.pupils }))}
          </p>
          {view.options ? <OptionBars question={question} view={view} /> : null}
          {view.wrong && view.wrong.length > 0 ? (
            <p className="first-answers-wrong">
              {t(
                question.kind === "order"
                  ? "results.firstAnswers.commonWrongOrders"
                  : "results.firstAnswers.commonWrong",
              )}{" "}
              {view.wrong.map((w, k) => (
                <Fragment key={w.answer}>
                  {k > 0 ? ", " : null}
                  <span className={k === 0 ? "wrong-answer most-chosen-wrong" : "wrong-answer"}>
                    {question.kind === "typed" ? (
                      <q className="typed-answer">{w.answer}</q>
                    ) : (
                      <span>{orderText(question, w.answer)}</span>
                    )}{" "}
                    ({t(msg("results.summary.pupils", { count: w.count }))})
                  </span>
                </Fragment>
              ))}
            </p>
          ) : null}
        </>
      ) : (
        <p className="first-answers-none">{t("results.firstAnswers.noneYet")}</p>
      )}
    </article>
  );
}

/** Each option's count as a bar, in the options' order (no ranking), the right and the most chosen wrong marked in words. */
function OptionBars({ question, view }: { question: ResultQuestion; view: FirstAnswerView }) {
  const t = useT();
  const most = Math.max(1, ...view.options!.map((o) => o.count));
  return (
    <ul
      className="first-answer-bars"
      aria-label={t(msg("results.firstAnswers.listLabel", { number: question.index + 1 }))}
    >
      {view.options!.map((o) => {
        const text = optionText(question, o.option, t);
        const classes = ["first-answer-bar", o.right ? "is-right" : "", o.mostChosenWrong ? "is-most-wrong" : ""];
        return (
          <li key={o.option} className={classes.filter(Boolean).join(" ")}>
            {o.right ? (
              <span className="first-answer-tag tag-right">
                <span aria-hidden="true">✓ </span>
                {t(firstAnswerMessages.right)}
              </span>
            ) : null}
            {o.mostChosenWrong ? (
              <span className="first-answer-tag tag-most-wrong">
                <span aria-hidden="true">! </span>
                {t(firstAnswerMessages.mostChosenWrong)}
              </span>
            ) : null}
            <span className="first-answer-option first-answer-text">{text}</span>
            <span className="first-answer-meter" aria-hidden="true">
              <span style={{ width: `${(o.count / most) * 100}%` }} />
            </span>
            <span className="first-answer-count">
              <strong>{o.count}</strong>
              <span className="visually-hidden"> {t(msg("results.summary.pupils", { count: o.count }))}</span>
            </span>
            {o.note && o.count > 0 ? (
              <span className="first-answer-note">{t(choseSentence(o.count, text, o.note))}</span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
