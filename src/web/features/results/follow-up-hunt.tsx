/**
 * "Make a follow-up hunt" on the results page: a chooser of the session's questions, the most
 * missed at the first try first and ticked (follow-up-hunt.web.ts); in a split session, whose
 * answers (everyone who played a game, or one group only). With an AI service, each question may
 * also get "3 new questions like this one", placed right after its copy, so the teacher compares
 * them with the question the class missed and keeps either. The editor then opens with a new game,
 * not saved until the teacher saves it.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ALIKE_QUESTIONS, questionFromAiSuggestion } from "../../../shared/ai/ai-suggestions.ts";
import { DEFAULT_AI_QUESTION_COUNT, GROUPS } from "../../../shared/games/curriculum.ts";
import { gameMessages, isBlankQuestion, type Question } from "../../../shared/games/games.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import {
  alikeRequest,
  type FollowedQuestion,
  type FollowUpDraft,
  type FollowUpScope,
  followUpQuestion,
  followUpScopes,
  followUpTitleFields,
  playerCount,
  preTicked,
  rankByMissed,
  scopeStudents,
} from "../../../shared/results/follow-up-hunt.web.ts";
import type { SessionResults } from "../../../shared/results/results.ts";
import { type AiFailure, aiFailure, fetchAiStatus, fetchGame, generateQuestions } from "../../lib/games-api.ts";
import { type Translate, useT } from "../../lib/i18n/language.tsx";
import { useTitleNames } from "../../lib/i18n/title-names.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import "../../styles/follow-up-hunt.css";

type Results = Pick<SessionResults, "session" | "questions" | "students">;

export function FollowUpHunt({ results }: { results: Results }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button button-secondary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t("results.followUp.button")}
      </button>
      <FollowUpDialog
        results={results}
        open={open}
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
      />
    </>
  );
}

const scopeKey = (scope: FollowUpScope) => `${scope.gameId}/${scope.group ?? ""}`;

function scopeLabel(scope: FollowUpScope, results: Results, t: Translate): string {
  const several = results.session.games.length > 1;
  const title = results.session.games.find((g) => g.id === scope.gameId)?.title || t("common.gameTitleNotFound");
  if (scope.group === null)
    return t(several ? msg("results.followUp.everyoneOfGame", { title }) : "results.followUp.everyone");
  const group = t(GROUPS[scope.group].nameKey);
  return t(msg(several ? "results.followUp.groupOnlyOfGame" : "results.followUp.groupOnly", { group, title }));
}

function FollowUpDialog({ results, open, onClose }: { results: Results; open: boolean; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const scopes = followUpScopes(results.session);
  const [scopeChosen, setScopeChosen] = useState(scopes[0] ? scopeKey(scopes[0]) : "");
  const scope = scopes.find((s) => scopeKey(s) === scopeChosen) ?? scopes[0];

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog follow-up-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && scope ? (
        <>
          <h2 id={`${id}-title`}>{t("results.followUp.button")}</h2>
          {scopes.length > 1 ? (
            <div className="field">
              <label htmlFor={`${id}-scope`}>{t("results.followUp.whose")}</label>
              <select id={`${id}-scope`} value={scopeKey(scope)} onChange={(e) => setScopeChosen(e.target.value)}>
                {scopes.map((s) => (
                  <option key={scopeKey(s)} value={scopeKey(s)}>
                    {scopeLabel(s, results, t)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {/* A new scope starts its own ticks from its own answers. */}
          <ScopeChooser key={scopeKey(scope)} results={results} scope={scope} onClose={onClose} />
        </>
      ) : null}
    </dialog>
  );
}

function ScopeChooser({ results, scope, onClose }: { results: Results; scope: FollowUpScope; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const names = useTitleNames();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: queryKeys.aiStatus, queryFn: fetchAiStatus, staleTime: Infinity });
  const configured = status.data?.configured === true;

  const students = scopeStudents(results.students, scope);
  const questions: FollowedQuestion[] = results.questions.filter((q) => q.gameId === scope.gameId);
  const ranked = rankByMissed(questions, students);
  const players = playerCount(students);
  const title = results.session.games.find((g) => g.id === scope.gameId)?.title || t("common.gameTitleNotFound");
  const [ticked, setTicked] = useState(() => new Set(preTicked(ranked, players)));
  const [alike, setAlike] = useState(() => new Set<number>());
  const [problem, setProblem] = useState<AiFailure | null>(null);
  // Each Open has its number; closing the chooser moves on, so a late answer is dropped.
  const attempt = useRef(0);
  useEffect(() => () => void (attempt.current += 1), []);

  const toggle = (set: Set<number>, index: number, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(index);
    else next.delete(index);
    return next;
  };

  const making = useMutation({
    mutationFn: async (_made: number) => {
      // The game as it is now for its title, subject, level and language; its questions come from the session.
      const { game } = await queryClient.fetchQuery({
        queryKey: queryKeys.game(scope.gameId),
        queryFn: () => fetchGame(scope.gameId),
        staleTime: 0,
      });
      const chosen = questions.filter((q) => ticked.has(q.index) || alike.has(q.index));
      const written = await Promise.all(
        chosen.map(async (q) => {
          if (!alike.has(q.index)) return [];
          const { questions: suggestions } = await generateQuestions(alikeRequest(game, q));
          return (Array.isArray(suggestions) ? suggestions : [])
            .map((s) => questionFromAiSuggestion(s))
            .filter((made) => !isBlankQuestion(made));
        }),
      );
      const made: Question[] = chosen.flatMap((q, k) => [
        ...(ticked.has(q.index) ? [followUpQuestion(q)] : []),
        ...written[k]!,
      ]);
      const draft: FollowUpDraft = {
        sourceTitle: game.title,
        group: scope.group,
        description: game.description,
        language: game.language,
        fields: followUpTitleFields(game, ` — ${t("results.followUp.suffix")}`, t("results.followUp.topic"), names),
        context: game.aiLastUsedContext ?? "",
        numQuestions: game.aiLastUsedNumQuestions ?? DEFAULT_AI_QUESTION_COUNT,
        questions: made,
        written: written.flat().length,
      };
      return draft;
    },
    onSuccess: (draft, made) => {
      if (made !== attempt.current) return;
      if (draft.questions.length === 0) {
        setProblem({ message: gameMessages.aiInvalidResponse });
        return;
      }
      navigate("/create-game", { state: { followUp: draft } });
    },
    onError: (error, made) => {
      if (made === attempt.current) setProblem(aiFailure(error));
    },
  });

  const none = ticked.size === 0 && alike.size === 0;
  const make = () => {
    if (making.isPending) return;
    if (none) {
      setProblem({ message: "results.followUp.chooseOne" });
      return;
    }
    setProblem(null);
    attempt.current += 1;
    making.mutate(attempt.current);
  };
  const close = () => {
    attempt.current += 1;
    onClose();
  };

  return (
    <>
      <p id={`${id}-intro`}>{t(msg("results.followUp.intro", { title }))}</p>
      {players === 0 ? <p className="hint-below">{t("results.followUp.nobody")}</p> : null}
      <fieldset className="follow-up-questions" aria-describedby={`${id}-intro`}>
        <legend>{t("results.followUp.questions")}</legend>
        <ol>
          {ranked.map(({ question, missed, tried }) => {
            const box = `${id}-q${question.index}`;
            return (
              <li key={question.index}>
                <input
                  type="checkbox"
                  id={box}
                  checked={ticked.has(question.index)}
                  disabled={making.isPending}
                  aria-describedby={`${box}-missed`}
                  onChange={(e) => {
                    setTicked(toggle(ticked, question.index, e.target.checked));
                    setProblem(null);
                  }}
                />
                <label htmlFor={box}>
                  <span className="follow-up-number">{question.index + 1}.</span> {question.questionText}
                </label>
                <p id={`${box}-missed`} className="follow-up-missed">
                  {tried === 0 ? t("results.followUp.notTried") : t(msg("results.followUp.missed", { missed, tried }))}
                </p>
                {configured ? (
                  <p className="follow-up-alike">
                    <input
                      type="checkbox"
                      id={`${box}-alike`}
                      checked={alike.has(question.index)}
                      disabled={making.isPending}
                      onChange={(e) => {
                        setAlike(toggle(alike, question.index, e.target.checked));
                        setProblem(null);
                      }}
                    />
                    <label htmlFor={`${box}-alike`}>
                      {t(msg("results.followUp.alike", { count: ALIKE_QUESTIONS }))}
                    </label>
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      </fieldset>
      {status.data && !configured ? <p className="hint-below">{t("results.followUp.noAi")}</p> : null}
      {alike.size > 0 ? (
        <p className="reminder" role="note">
          {t("games.ai.reminder")}
        </p>
      ) : null}
      {making.isPending && alike.size > 0 ? <p role="status">{t("results.followUp.makingStatus")}</p> : null}
      {problem ? (
        <p role="alert" className="error">
          {t(problem.message)}
        </p>
      ) : null}
      {problem?.detail ? <p className="hint-below ai-error-detail">{t(problem.detail)}</p> : null}
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={close}>
          {t("dashboard.cancel")}
        </button>
        <button type="button" className="button button-accent" aria-disabled={making.isPending} onClick={make}>
          {t(making.isPending && alike.size > 0 ? "results.followUp.making" : "results.followUp.make")}
        </button>
      </div>
    </>
  );
}
