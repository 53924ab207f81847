/**
 * Create Game (/create-game), or Duplicate Game when opened with a source game id in the
 * navigation state: AI suggestions, description, the question editor and Save Game.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { DEFAULT_AI_QUESTION_COUNT } from "../../../shared/catalogue.ts";
import { blankQuestion, effectiveTitle, gameFormError, gameMessages, normaliseQuestion, type Question } from "../../../shared/games.ts";
import { ApiError } from "../../lib/api-client.ts";
import { createGame, gamesQueryKey } from "../../lib/games-api.ts";
import { AiSection, type AiFields } from "./ai-section.tsx";
import { ImportQuestions } from "./import-questions/import-questions.tsx";
import { QuestionEditor } from "./question-editor.tsx";
import { useAiGeneration } from "./use-ai-generation.ts";
import { useDuplicateSource } from "./use-duplicate-source.ts";

const emptyAiFields: AiFields = { subject: "", level: "", topic: "", context: "", numQuestions: DEFAULT_AI_QUESTION_COUNT, customTitle: "" };

export default function CreateGamePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const [ai, setAi] = useState<AiFields>(emptyAiFields);
  const [description, setDescription] = useState("");
  const [questions, setQuestions] = useState<Question[]>([blankQuestion()]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const duplicate = useDuplicateSource((game) => {
    setDescription(game.description);
    setAi({
      subject: game.aiLastUsedSubject ?? "",
      level: game.aiLastUsedLevel ?? "",
      topic: game.aiLastUsedTopic ?? "",
      context: game.aiLastUsedContext ?? "",
      numQuestions: game.aiLastUsedNumQuestions ?? DEFAULT_AI_QUESTION_COUNT,
      customTitle: "",
    });
    setQuestions(game.questions.length > 0 ? game.questions.map(normaliseQuestion) : [blankQuestion()]);
  });
  const generation = useAiGeneration(ai, setQuestions);

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
      <h1>{duplicate.sourceGameId ? "Duplicate Game" : "Create New Game"}</h1>
      {duplicate.loading ? <p role="status">Loading the game to duplicate…</p> : null}
      {duplicate.error ? (
        <p role="alert" className="error">
          {duplicate.error}
        </p>
      ) : null}

      <AiSection
        fields={ai}
        onChange={setAi}
        onGenerate={generation.generate}
        generating={generation.generating}
        error={generation.error?.message ?? null}
        notice={generation.notice}
      />
      {generation.error?.detail ? <p className="hint ai-error-detail">{generation.error.detail}</p> : null}
      <ImportQuestions questions={questions} onImport={setQuestions} />

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
