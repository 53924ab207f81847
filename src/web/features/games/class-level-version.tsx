/**
 * "Make a version for another class level" (decision 037): on a game's library card
 * and in its editor. The teacher chooses a class level in a dialog; the AI writes the same
 * topic and number of questions at that level, in the game's language; the editor then opens
 * with them as a new, unsaved game ("Halves and quarters (4th Class)") to review and save.
 * Without an AI service the editor's button is off and says why; the cards leave it out.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { questionFromAiSuggestion } from "../../../shared/ai/ai-suggestions.ts";
import {
  type VersionTitleFields,
  versionQuestionCount,
  versionRequest,
  versionTitleFields,
} from "../../../shared/ai/class-level-version.web.ts";
import {
  CLASS_LEVELS,
  type ClassLevel,
  catalogueNameKey,
  DEFAULT_AI_QUESTION_COUNT,
} from "../../../shared/games/curriculum.ts";
import type { GameSummary } from "../../../shared/games/game-responses.ts";
import { gameMessages, isBlankQuestion, normaliseQuestion, type Question } from "../../../shared/games/games.ts";
import { isLanguage, type Language } from "../../../shared/i18n/languages.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { SelectOptions } from "../../components/select-options.tsx";
import { type AiFailure, aiFailure, fetchAiStatus, fetchGame, generateQuestions } from "../../lib/games-api.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { useTitleNames } from "../../lib/i18n/title-names.ts";
import { queryKeys } from "../../lib/query-keys.ts";

/** What the editor opens with: the new game, not saved yet (handed over in the navigation state). */
export type LevelVersionDraft = {
  sourceTitle: string;
  level: ClassLevel;
  description: string;
  language: Language;
  fields: VersionTitleFields;
  numQuestions: number;
  questions: Question[];
  /** Suggestions that were unusable, left blank for the teacher to fill in. */
  unusable: number;
};

const isString = (value: unknown): value is string => typeof value === "string";

/** The draft in a navigation state, checked: a state that is not one (a hand-made history entry) is none. */
export function levelVersionDraft(state: unknown): LevelVersionDraft | null {
  const draft = (state as { levelVersion?: Partial<LevelVersionDraft> } | null)?.levelVersion;
  if (!draft || typeof draft !== "object") return null;
  const fields = draft.fields as Partial<VersionTitleFields> | undefined;
  if (
    !isString(draft.sourceTitle) ||
    !(CLASS_LEVELS as readonly unknown[]).includes(draft.level) ||
    !isString(draft.description) ||
    !isLanguage(draft.language) ||
    !fields ||
    ![fields.customTitle, fields.subject, fields.level, fields.topic].every(isString) ||
    !Array.isArray(draft.questions) ||
    draft.questions.length === 0
  )
    return null;
  return {
    sourceTitle: draft.sourceTitle,
    level: draft.level as ClassLevel,
    description: draft.description,
    language: draft.language,
    fields: fields as VersionTitleFields,
    numQuestions: typeof draft.numQuestions === "number" ? draft.numQuestions : DEFAULT_AI_QUESTION_COUNT,
    questions: draft.questions.map(normaliseQuestion),
    unusable: typeof draft.unusable === "number" ? draft.unusable : 0,
  };
}

type VersionedGame = Pick<GameSummary, "id" | "title" | "questionCount" | "language" | "aiLastUsedLevel">;

/** `place`: a library card (a small button among the card's tools) or the game's editor. */
export function ClassLevelVersion({ game, place }: { game: VersionedGame; place: "card" | "editor" }) {
  const t = useT();
  const id = useId();
  const status = useQuery({ queryKey: queryKeys.aiStatus, queryFn: fetchAiStatus, staleTime: Infinity });
  const configured = status.data?.configured === true;
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  // A card without an AI service shows nothing: one "not set up" per game would fill the library.
  if (place === "card" && !configured) return null;
  const noteId = `${id}-why`;
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={`button button-secondary version-button${place === "card" ? " button-small" : ""}`}
        disabled={!configured}
        aria-describedby={configured ? undefined : noteId}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t("games.version.button")}
      </button>
      {place === "editor" && !configured ? (
        <p id={noteId} className="hint-below version-why">
          {t(status.isPending ? "games.ai.checking" : "games.ai.notSetUp")}
        </p>
      ) : null}
      {configured ? (
        <VersionDialog
          game={game}
          open={open}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

function VersionDialog({ game, open, onClose }: { game: VersionedGame; open: boolean; onClose: () => void }) {
  const t = useT();
  const names = useTitleNames();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [level, setLevel] = useState("");
  const [problem, setProblem] = useState<AiFailure | null>(null);
  // Each Make has its number; closing the dialog moves on, so a late answer is dropped.
  const attempt = useRef(0);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const making = useMutation({
    mutationFn: async ({ level }: { level: ClassLevel; attempt: number }) => {
      // The game as saved last, not a cached copy: its questions are what the AI is shown.
      const { game: source } = await queryClient.fetchQuery({
        queryKey: queryKeys.game(game.id),
        queryFn: () => fetchGame(game.id),
        staleTime: 0,
      });
      return { source, result: await generateQuestions(versionRequest(source, level)) };
    },
    onSuccess: ({ source, result }, { level, attempt: made }) => {
      if (made !== attempt.current) return;
      const suggestions = Array.isArray(result?.questions) ? result.questions : [];
      const questions = suggestions.map((s) => questionFromAiSuggestion(s));
      const usable = questions.filter((q) => !isBlankQuestion(q)).length;
      if (usable === 0) {
        setProblem({ message: gameMessages.aiInvalidResponse });
        return;
      }
      const draft: LevelVersionDraft = {
        sourceTitle: source.title,
        level,
        description: source.description,
        language: source.language,
        fields: versionTitleFields(source, level, names),
        numQuestions: source.aiLastUsedNumQuestions ?? DEFAULT_AI_QUESTION_COUNT,
        questions,
        unusable: questions.length - usable,
      };
      navigate("/create-game", { state: { levelVersion: draft } });
    },
    onError: (error, { attempt: made }) => {
      if (made === attempt.current) setProblem(aiFailure(error));
    },
  });

  const close = () => {
    attempt.current += 1;
    making.reset();
    setProblem(null);
    setLevel("");
    onClose();
  };
  const make = () => {
    if (making.isPending) return;
    if (!level) {
      setProblem({ message: "games.version.chooseLevel" });
      return;
    }
    setProblem(null);
    attempt.current += 1;
    making.mutate({ level: level as ClassLevel, attempt: attempt.current });
  };

  const title = game.title || t("dashboard.untitled");
  const count = versionQuestionCount(game.questionCount);
  const levels = CLASS_LEVELS.filter((l) => l !== game.aiLastUsedLevel);
  const levelName = level ? names("level", level) : "";
  const noLevel = problem?.message === "games.version.chooseLevel";

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog version-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      {open ? (
        <>
          <h2 id={`${id}-title`}>{t("games.version.button")}</h2>
          <p id={`${id}-intro`}>
            {t(
              msg("games.version.intro", {
                count,
                title,
                language: `games.version.language.${game.language}`,
              }),
            )}
          </p>
          {game.questionCount > count ? (
            <p className="hint-below">{t(msg("games.version.capped", { max: count, count: game.questionCount }))}</p>
          ) : null}
          <div className="field">
            <label htmlFor={`${id}-level`}>{t("games.version.level")}</label>
            <select
              id={`${id}-level`}
              value={level}
              autoFocus
              aria-invalid={noLevel ? true : undefined}
              aria-describedby={noLevel ? `${id}-problem` : undefined}
              disabled={making.isPending}
              onChange={(e) => {
                setLevel(e.target.value);
                if (noLevel) setProblem(null);
              }}
            >
              <option value="">{t("games.ai.selectLevel")}</option>
              <SelectOptions values={levels} nameKey={(value) => catalogueNameKey("level", value)} />
            </select>
          </div>
          <p className="reminder" role="note">
            {t("games.ai.reminder")}
          </p>
          {making.isPending ? (
            <p role="status" className="version-making">
              {t(msg("games.version.makingStatus", { level: levelName }))}
            </p>
          ) : null}
          {problem ? (
            <p id={`${id}-problem`} role="alert" className="error">
              {t(problem.message)}
            </p>
          ) : null}
          {problem?.detail ? <p className="hint-below ai-error-detail">{t(problem.detail)}</p> : null}
          <div className="actions">
            <button type="button" className="button button-secondary" onClick={close}>
              {t("dashboard.cancel")}
            </button>
            <button type="button" className="button button-accent" aria-disabled={making.isPending} onClick={make}>
              {t(making.isPending ? "games.version.making" : "games.version.make")}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
