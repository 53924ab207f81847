/**
 * The game editor. Create New Game (/create-game); Duplicate Game when opened with a source game
 * id in the navigation state; Edit Game (/edit-game/:gameId), which saves the game in
 * place with the same checks and messages. AI suggestions, description, the question editor
 * and Save.
 */

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { defaultClassLevel } from "../../../shared/classes/saved-classes.ts";
import { DEFAULT_AI_QUESTION_COUNT, GROUPS } from "../../../shared/games/curriculum.ts";
import { type CreateGameInput, gameFormError } from "../../../shared/games/game-contracts.ts";
import { customTitlePart, libraryMessages } from "../../../shared/games/game-library.ts";
import type { GameDetail } from "../../../shared/games/game-responses.ts";
import {
  blankQuestion,
  effectiveTitle,
  gameMessages,
  normaliseQuestion,
  type Question,
} from "../../../shared/games/games.ts";
import { notesForSave } from "../../../shared/games/option-notes.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { type FollowUpDraft, followUpDraft } from "../../../shared/results/follow-up-hunt.web.ts";
import { ApiError } from "../../lib/api-client.ts";
import { fetchClasses } from "../../lib/classes-api.ts";
import { createGame, updateGame } from "../../lib/games-api.ts";
import { useLanguage, useT } from "../../lib/i18n/language.tsx";
import { useTitleNames } from "../../lib/i18n/title-names.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { type AiFields, AiSection, questionsLanguage } from "./ai-section.tsx";
import { ClassLevelVersion, type LevelVersionDraft, levelVersionDraft } from "./class-level-version.tsx";
import { ImportQuestions } from "./import-questions/import-questions.tsx";
import { QuestionEditor } from "./question-editor.tsx";
import { useAiGeneration } from "./use-ai-generation.ts";
import { useDuplicateSource, useEditedGame } from "./use-duplicate-source.ts";

const emptyAiFields: AiFields = {
  subject: "",
  level: "",
  topic: "",
  context: "",
  numQuestions: DEFAULT_AI_QUESTION_COUNT,
  customTitle: "",
  language: null,
};

/** The AI fields of a stored game; `customTitle` is the editor's Game Title (empty when duplicating). */
const aiFieldsOf = (game: GameDetail, customTitle: string): AiFields => ({
  subject: game.aiLastUsedSubject ?? "",
  level: game.aiLastUsedLevel ?? "",
  topic: game.aiLastUsedTopic ?? "",
  context: game.aiLastUsedContext ?? "",
  numQuestions: game.aiLastUsedNumQuestions ?? DEFAULT_AI_QUESTION_COUNT,
  customTitle,
  language: game.language,
});

/** The editor's AI fields of a version for another class level: what the AI was asked, and the new title. */
const aiFieldsOfVersion = (draft: LevelVersionDraft): AiFields => ({
  ...draft.fields,
  context: "",
  numQuestions: draft.numQuestions,
  language: draft.language,
});

/** The editor's AI fields of a follow-up hunt: the original's, with the new title. */
const aiFieldsOfFollowUp = (draft: FollowUpDraft): AiFields => ({
  ...draft.fields,
  context: draft.context,
  numQuestions: draft.numQuestions,
  language: draft.language,
});

export default function CreateGamePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editedGameId = useParams().gameId ?? null;
  const t = useT();
  const titleNames = useTitleNames();
  const { language: pageLanguage } = useLanguage();
  const location = useLocation();
  // "Make a version for another class level" opens this page with the new game (kept in the
  // history entry until it is saved: a refresh opens it again rather than losing what the AI wrote).
  const [version] = useState(() => (editedGameId ? null : levelVersionDraft(location.state)));
  // "Make a follow-up hunt" on the results page, kept the same way.
  const [followUp] = useState(() => (editedGameId || version ? null : followUpDraft(location.state)));

  const [aiChosen, setAi] = useState<AiFields>(() =>
    version ? aiFieldsOfVersion(version) : followUp ? aiFieldsOfFollowUp(followUp) : emptyAiFields,
  );
  // Set once the teacher changes an AI field: from then on the fields are theirs alone.
  const [aiTouched, setAiTouched] = useState(false);
  const [description, setDescription] = useState(version?.description ?? followUp?.description ?? "");
  const [questions, setQuestionsState] = useState<Question[]>(
    () => version?.questions ?? followUp?.questions ?? [blankQuestion()],
  );
  // After a first Save the form's problem is shown, and kept current as the teacher fixes it.
  const [saveTried, setSaveTried] = useState(false);
  // The server's answer to a save, or a refused removal: until the form changes again.
  const [message, setMessage] = useState<string | null>(null);

  const fill = (game: GameDetail, customTitle: string) => {
    setDescription(game.description);
    setAi(aiFieldsOf(game, customTitle));
    setQuestionsState(game.questions.length > 0 ? game.questions.map(normaliseQuestion) : [blankQuestion()]);
  };
  const duplicate = useDuplicateSource((game) => fill(game, ""));
  const edited = useEditedGame(editedGameId, (game) =>
    // The stored title may have been made on an Irish page or an English one.
    fill(
      game,
      customTitlePart(
        game.title,
        { subject: game.aiLastUsedSubject, level: game.aiLastUsedLevel, topic: game.aiLastUsedTopic },
        titleNames,
        (_kind, value) => value,
      ),
    ),
  );

  // A new game's Class Level starts at the level of the teacher's class saved or edited last:
  // most of a week's games are for that class. Not for an edit, a duplicate or a version
  // (their level is the game's), and never over a level already chosen.
  const freshGame = !editedGameId && !version && !followUp && !duplicate.sourceGameId;
  const classes = useQuery({ queryKey: queryKeys.classes, queryFn: fetchClasses, enabled: freshGame });
  const classLevel = freshGame && !aiTouched ? defaultClassLevel(classes.data?.classes ?? []) : null;
  const ai = classLevel && !aiChosen.level ? { ...aiChosen, level: classLevel } : aiChosen;

  const setQuestions: typeof setQuestionsState = (update) => {
    setMessage(null);
    setQuestionsState(update);
  };
  const changeAi = (fields: AiFields) => {
    setMessage(null);
    setAiTouched(true);
    setAi(fields);
  };
  const generation = useAiGeneration(ai, questionsLanguage(ai, pageLanguage), setQuestions);

  const save = useMutation({
    mutationFn: (input: CreateGameInput) =>
      editedGameId ? updateGame({ id: editedGameId, input }) : createGame(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.games });
      // A saved version leaves its history entry a clean Create New Game: Back does not offer to save it twice.
      if (version || followUp) navigate(location.pathname, { replace: true, state: null });
      navigate("/dashboard", editedGameId ? { state: { notice: libraryMessages.saved } } : undefined);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) setMessage(gameMessages.mustBeLoggedIn);
      else if (error instanceof ApiError) setMessage(error.message || gameMessages.createFailedUnknown);
      else setMessage(gameMessages.createFailedUnexpected);
    },
  });

  const title = effectiveTitle(ai, titleNames);
  // A note kept in the draft on an option since marked right is not saved (option-notes.ts).
  const sent = questions.map(notesForSave);
  const problem = saveTried ? gameFormError(title, sent) : null;
  const shownError = problem ?? message;

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setSaveTried(true);
    setMessage(null);
    if (gameFormError(title, sent)) return;
    save.mutate({
      title,
      description,
      questions: sent,
      aiLastUsedSubject: ai.subject || null,
      aiLastUsedLevel: ai.level || null,
      aiLastUsedTopic: ai.topic.trim() || null,
      aiLastUsedContext: ai.context.trim() || null,
      aiLastUsedNumQuestions: ai.numQuestions,
      language: questionsLanguage(ai, pageLanguage),
    });
  };

  const updateQuestion = (index: number, question: Question) =>
    setQuestions((qs) => qs.map((q, i) => (i === index ? question : q)));
  const removeQuestion = (index: number) => {
    if (questions.length <= 1) {
      setMessage(gameMessages.cannotRemoveLast);
      return;
    }
    setQuestions((qs) => qs.filter((_, i) => i !== index));
  };

  const heading = editedGameId
    ? libraryMessages.editTitle
    : duplicate.sourceGameId
      ? "games.editor.duplicate"
      : "games.editor.create";
  // Editing starts from the saved game: no form until it is here, so a blank form is never saved over it.
  const editorReady = !editedGameId || Boolean(edited.game);

  return (
    <main className="page create-game">
      <p>
        <Link to="/dashboard">{t("common.backToDashboardArrow")}</Link>
      </p>
      <h1>{t(heading)}</h1>
      {duplicate.loading ? <p role="status">{t("games.editor.loadingDuplicate")}</p> : null}
      {edited.loading ? <p role="status">{t("games.editor.loadingGame")}</p> : null}
      {duplicate.error || edited.error ? (
        <p role="alert" className="error">
          {t(duplicate.error ?? edited.error ?? "")}
        </p>
      ) : null}
      {editedGameId && edited.game ? (
        <p>
          <Link to={`/games/${editedGameId}/station-cards`}>{t("games.editor.stationCards")}</Link>
        </p>
      ) : null}
      {editedGameId && edited.game ? (
        <div className="version-action">
          <ClassLevelVersion game={edited.game} place="editor" />
        </div>
      ) : null}
      {version ? (
        <p className="edit-note version-note" role="status">
          {t(
            msg("games.version.editorNote", {
              title: version.sourceTitle || t("dashboard.untitled"),
              level: titleNames("level", version.level),
            }),
          )}
          {version.unusable > 0 ? ` ${t(msg("games.ai.unusable", { count: version.unusable }))}` : null}
        </p>
      ) : null}
      {followUp ? (
        <p className="edit-note version-note" role="status">
          {t(
            followUp.group
              ? msg("results.followUp.editorNoteGroup", {
                  title: followUp.sourceTitle || t("dashboard.untitled"),
                  group: t(GROUPS[followUp.group].nameKey),
                })
              : msg("results.followUp.editorNote", { title: followUp.sourceTitle || t("dashboard.untitled") }),
          )}
          {followUp.written > 0 ? ` ${t(msg("results.followUp.written", { count: followUp.written }))}` : null}
        </p>
      ) : null}
      {editedGameId && edited.game && edited.game.sessionCount > 0 ? (
        <p className="edit-note" role="note">
          {t("games.editor.editNote")}
        </p>
      ) : null}

      {editorReady ? (
        <>
          <AiSection
            fields={ai}
            onChange={changeAi}
            onGenerate={generation.generate}
            generating={generation.generating}
            error={generation.error?.message ?? null}
            notice={generation.notice}
            titleError={problem === gameMessages.titleEmpty ? problem : null}
          />
          {generation.error?.detail ? <p className="hint ai-error-detail">{t(generation.error.detail)}</p> : null}
          <ImportQuestions questions={questions} onImport={setQuestions} />

          <form onSubmit={onSave} noValidate className="game-form">
            <div className="field">
              <label htmlFor="game-description">{t("games.editor.description")}</label>
              <textarea
                id="game-description"
                rows={2}
                maxLength={1000}
                value={description}
                onChange={(e) => {
                  setMessage(null);
                  setDescription(e.target.value);
                }}
              />
            </div>

            <h2>{t(msg("games.editor.questions", { count: questions.length }))}</h2>
            {questions.map((question, index) => (
              <QuestionEditor
                key={index}
                index={index}
                question={question}
                canRemove={questions.length > 1}
                language={questionsLanguage(ai, pageLanguage)}
                saveTried={saveTried}
                onChange={(q) => updateQuestion(index, q)}
                onUpdate={(update) => setQuestions((qs) => qs.map((q, i) => (i === index ? update(q) : q)))}
                onRemove={() => removeQuestion(index)}
              />
            ))}
            <div className="actions">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setQuestions((qs) => [...qs, blankQuestion()])}
              >
                {t("games.editor.addQuestion")}
              </button>
            </div>
            {shownError ? (
              <p role="alert" className="error">
                {t(shownError)}
              </p>
            ) : null}
            <div className="actions">
              <button type="submit" className="button" disabled={save.isPending}>
                {t(
                  save.isPending
                    ? "games.editor.saving"
                    : editedGameId
                      ? "games.editor.saveChanges"
                      : "games.editor.saveGame",
                )}
              </button>
            </div>
          </form>
        </>
      ) : null}
    </main>
  );
}
