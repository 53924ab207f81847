/**
 * Create Game (/create-game), or Duplicate Game when opened with a source game id in the
 * navigation state: AI suggestions, description, the question editor and Save Game.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { DEFAULT_AI_QUESTION_COUNT, type ClassLevel } from "../../../shared/catalogue.ts";
import { functionErrorReason } from "../../../shared/function-errors.ts";
import {
  blankQuestion,
  effectiveTitle,
  gameFormError,
  gameMessages,
  normaliseQuestion,
  questionFromAiSuggestion,
  type GameDetail,
  type Question,
} from "../../../shared/games.ts";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { AiSection, type AiFields } from "./ai-section.tsx";
import { createGame, fetchGame, gameQueryKey, gamesQueryKey, generateQuestions } from "./games-api.ts";
import { QuestionEditor } from "./question-editor.tsx";

const emptyAiFields: AiFields = { subject: "", level: "", topic: "", context: "", numQuestions: DEFAULT_AI_QUESTION_COUNT, customTitle: "" };

/** Nothing typed yet (a clue counts as typed): AI suggestions may take its place. */
const isBlankQuestion = (q: Question) => q.questionText.trim() === "" && q.options.every((o) => o.trim() === "") && q.clue.trim() === "";

/** The source game id passed by 'Duplicate Game', read once: the state is cleared right after. */
function useSourceGameId(): string | null {
  const location = useLocation();
  const [sourceGameId] = useState(() => {
    const id = (location.state as { sourceGameId?: unknown } | null)?.sourceGameId;
    return typeof id === "string" && id ? id : null;
  });
  return sourceGameId;
}

export default function CreateGamePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const sourceGameId = useSourceGameId();

  const [ai, setAi] = useState<AiFields>(emptyAiFields);
  const [description, setDescription] = useState("");
  const [questions, setQuestions] = useState<Question[]>([blankQuestion()]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [aiError, setAiError] = useState<{ message: string; detail?: string } | null>(null);
  const [aiNotice, setAiNotice] = useState<string | null>(null);

  // Duplicate Game: fill the form from the source once, then forget the navigation state
  // so that a refresh gives a clean Create New Game.
  const source = useQuery({ queryKey: gameQueryKey(sourceGameId ?? ""), queryFn: () => fetchGame(sourceGameId!), enabled: Boolean(sourceGameId), retry: false });
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  useEffect(() => {
    if (sourceGameId && location.state) navigate(location.pathname, { replace: true, state: null });
  }, [sourceGameId, location.state, location.pathname, navigate]);
  const sourceGame: GameDetail | undefined = source.data?.game;
  if (sourceGame && filledFrom !== sourceGame.id) {
    setFilledFrom(sourceGame.id);
    setDescription(sourceGame.description);
    setAi({
      subject: sourceGame.aiLastUsedSubject ?? "",
      level: sourceGame.aiLastUsedLevel ?? "",
      topic: sourceGame.aiLastUsedTopic ?? "",
      context: sourceGame.aiLastUsedContext ?? "",
      numQuestions: sourceGame.aiLastUsedNumQuestions ?? DEFAULT_AI_QUESTION_COUNT,
      customTitle: "",
    });
    setQuestions(sourceGame.questions.length > 0 ? sourceGame.questions.map(normaliseQuestion) : [blankQuestion()]);
  }
  const sourceError = source.isError
    ? source.error instanceof ApiError && source.error.status === 404
      ? gameMessages.sourceNotFound
      : `Error fetching source game: ${errorMessage(source.error)}`
    : null;

  const generation = useMutation({
    mutationFn: generateQuestions,
    onMutate: () => {
      setAiError(null);
      setAiNotice(null);
    },
    onSuccess: (result) => {
      const suggestions = Array.isArray(result?.questions) ? result.questions : [];
      const generated = suggestions.map((s) => questionFromAiSuggestion(s));
      const usable = generated.filter((q) => !isBlankQuestion(q)).length;
      if (usable === 0) {
        setAiError({ message: gameMessages.aiInvalidResponse });
        return;
      }
      setQuestions((current) => [...current.filter((q) => !isBlankQuestion(q)), ...generated]);
      const blanks = generated.length - usable;
      setAiNotice(
        `Added ${usable} AI question${usable === 1 ? "" : "s"}. Review them before saving.` +
          (blanks > 0 ? ` ${blanks} suggestion${blanks === 1 ? " was" : "s were"} unusable and left blank for you to fill in.` : ""),
      );
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === "invalid_ai_response") {
        setAiError({ message: gameMessages.aiInvalidResponse });
      } else {
        const status = error instanceof ApiError ? error.status : 0;
        setAiError({ message: `Failed to generate questions: ${functionErrorReason(status)}`, detail: errorMessage(error) });
      }
    },
  });

  const save = useMutation({
    mutationFn: createGame,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: gamesQueryKey });
      navigate("/dashboard");
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) setSaveError(gameMessages.mustBeLoggedIn);
      else if (error instanceof ApiError) setSaveError(error.message || gameMessages.createFailedUnknown);
      else setSaveError(gameMessages.createFailedUnexpected);
    },
  });

  const title = effectiveTitle(ai);

  const onGenerate = () => {
    if (!ai.subject || !ai.level || !ai.topic.trim()) {
      setAiError({ message: gameMessages.aiFieldsRequired });
      return;
    }
    generation.mutate({ subject: ai.subject, level: ai.level as ClassLevel, topic: ai.topic.trim(), contextText: ai.context, numQuestions: ai.numQuestions });
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const problem = gameFormError(title, questions);
    setSaveError(problem);
    if (problem) return;
    save.mutate({
      title,
      description,
      questions,
      aiLastUsedSubject: ai.subject || null,
      aiLastUsedLevel: ai.level || null,
      aiLastUsedTopic: ai.topic.trim() || null,
      aiLastUsedContext: ai.context.trim() || null,
      aiLastUsedNumQuestions: ai.numQuestions,
    });
  };

  const updateQuestion = (index: number, question: Question) => setQuestions((qs) => qs.map((q, i) => (i === index ? question : q)));
  const removeQuestion = (index: number) => {
    if (questions.length <= 1) {
      setSaveError(gameMessages.cannotRemoveLast);
      return;
    }
    setQuestions((qs) => qs.filter((_, i) => i !== index));
  };

  return (
    <main className="page create-game">
      <p>
        <Link to="/dashboard">← Back to Dashboard</Link>
      </p>
      <h1>{sourceGameId ? "Duplicate Game" : "Create New Game"}</h1>
      {sourceGameId && source.isPending ? <p role="status">Loading the game to duplicate…</p> : null}
      {sourceError ? (
        <p role="alert" className="error">
          {sourceError}
        </p>
      ) : null}

      <AiSection
        fields={ai}
        onChange={setAi}
        onGenerate={onGenerate}
        generating={generation.isPending}
        error={aiError?.message ?? null}
        notice={aiNotice}
      />
      {aiError?.detail ? <p className="hint ai-error-detail">{aiError.detail}</p> : null}

      <form onSubmit={onSave} noValidate className="game-form">
        <div className="field">
          <label htmlFor="game-description">Game Description (optional)</label>
          <textarea id="game-description" rows={2} maxLength={1000} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>

        <h2>Questions ({questions.length})</h2>
        {questions.map((question, index) => (
          <QuestionEditor
            key={index}
            index={index}
            question={question}
            canRemove={questions.length > 1}
            onChange={(q) => updateQuestion(index, q)}
            onRemove={() => removeQuestion(index)}
          />
        ))}
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={() => setQuestions((qs) => [...qs, blankQuestion()])}>
            Add Another Question
          </button>
        </div>
        {saveError ? (
          <p role="alert" className="error">
            {saveError}
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save Game"}
          </button>
        </div>
      </form>
    </main>
  );
}
