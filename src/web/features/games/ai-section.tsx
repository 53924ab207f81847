/**
 * The AI half of Create Game: subject, level, topic, context, number of questions, the
 * optional title part, Generate, the effective-title line and the review reminder.
 */
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { AI_KIND_CHOICES, type AiKindChoice } from "../../../shared/ai/ai-suggestions.ts";
import { topicsFor } from "../../../shared/ai/topics.web.ts";
import {
  AI_QUESTION_COUNTS,
  CLASS_LEVELS,
  catalogueNameKey,
  SUBJECT_GROUPS,
} from "../../../shared/games/curriculum.ts";
import { effectiveTitle, gameMessages, titleIsNeeded } from "../../../shared/games/games.ts";
import { IRISH_SUBJECT } from "../../../shared/i18n/content-language.ts";
import { LANGUAGE_LOCALES, LANGUAGE_NAMES, LANGUAGES, type Language } from "../../../shared/i18n/languages.ts";
import { SelectOptions } from "../../components/select-options.tsx";
import { fetchAiStatus } from "../../lib/games-api.ts";
import { useLanguage, useT } from "../../lib/i18n/language.tsx";
import { Slotted } from "../../lib/i18n/slotted.tsx";
import { useTitleNames } from "../../lib/i18n/title-names.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { TopicInput } from "./topic-input.tsx";

/** `language`: the questions' language the teacher chose; null until they choose (then Irish for the subject Irish, else the page's). */
export type AiFields = {
  subject: string;
  level: string;
  topic: string;
  context: string;
  numQuestions: number;
  customTitle: string;
  language: Language | null;
  /** Four options only (absent: the default) or a mix of the kinds of question. */
  kinds?: AiKindChoice;
};

/** The questions' language: the teacher's choice, else Irish for the subject Irish, else the page's language. */
export const questionsLanguage = (fields: Pick<AiFields, "language" | "subject">, pageLanguage: Language): Language =>
  fields.language ?? (fields.subject === IRISH_SUBJECT ? "ga" : pageLanguage);

type Props = {
  fields: AiFields;
  onChange: (fields: AiFields) => void;
  onGenerate: () => void;
  generating: boolean;
  error: string | null;
  notice: string | null;
  /** The save found no title: said beside the Game Title field. */
  titleError?: string | null;
};

export function AiSection({ fields, onChange, onGenerate, generating, error, notice, titleError = null }: Props) {
  const id = useId();
  const status = useQuery({ queryKey: queryKeys.aiStatus, queryFn: fetchAiStatus, staleTime: Infinity });
  const configured = status.data?.configured === true;
  const set = (patch: Partial<AiFields>) => onChange({ ...fields, ...patch });
  const t = useT();
  const titleNames = useTitleNames();
  const { language: pageLanguage } = useLanguage();
  const ready = Boolean(fields.subject && fields.level);
  const canGenerate = configured && ready && fields.topic.trim() !== "" && !generating;

  return (
    <section className="card ai-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("games.ai.heading")}</h2>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-subject`}>{t("games.ai.subject")}</label>
          {/* Changing subject or level clears the topic (SPEC section 4). */}
          <select
            id={`${id}-subject`}
            value={fields.subject}
            onChange={(e) => set({ subject: e.target.value, topic: "" })}
          >
            <option value="">{t("games.ai.selectSubject")}</option>
            {SUBJECT_GROUPS.map((group) => (
              <optgroup key={group.label} label={t(catalogueNameKey("group", group.label))}>
                <SelectOptions values={group.subjects} nameKey={(value) => catalogueNameKey("subject", value)} />
              </optgroup>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-level`}>{t("games.ai.level")}</label>
          <select id={`${id}-level`} value={fields.level} onChange={(e) => set({ level: e.target.value, topic: "" })}>
            <option value="">{t("games.ai.selectLevel")}</option>
            <SelectOptions values={CLASS_LEVELS} nameKey={(value) => catalogueNameKey("level", value)} />
          </select>
        </div>
      </div>
      <TopicInput
        value={fields.topic}
        onChange={(topic) => set({ topic })}
        topics={topicsFor(fields.subject, fields.level, pageLanguage)}
        ready={ready}
      />
      <div className="field">
        <label htmlFor={`${id}-context`}>{t("games.ai.context")}</label>
        <textarea
          id={`${id}-context`}
          rows={3}
          maxLength={2000}
          value={fields.context}
          placeholder={t("games.ai.contextPlaceholder")}
          onChange={(e) => set({ context: e.target.value })}
        />
      </div>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-count`}>{t("games.ai.count")}</label>
          <select
            id={`${id}-count`}
            value={fields.numQuestions}
            onChange={(e) => set({ numQuestions: Number(e.target.value) })}
          >
            <SelectOptions values={AI_QUESTION_COUNTS} />
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-kinds`}>{t("games.ai.kinds")}</label>
          <select
            id={`${id}-kinds`}
            value={fields.kinds ?? "choice"}
            onChange={(e) => set({ kinds: e.target.value as AiKindChoice })}
            aria-describedby={`${id}-kinds-hint`}
          >
            {AI_KIND_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`games.ai.kinds.${choice}`)}
              </option>
            ))}
          </select>
          <p id={`${id}-kinds-hint`} className="field-hint">
            {t("games.ai.kindsHint")}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-language`}>{t("games.ai.language")}</label>
          <select
            id={`${id}-language`}
            value={questionsLanguage(fields, pageLanguage)}
            onChange={(e) => set({ language: e.target.value as Language })}
            aria-describedby={`${id}-language-hint`}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={LANGUAGE_LOCALES[language]}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
          <p id={`${id}-language-hint`} className="field-hint">
            {t("games.ai.languageHint")}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-title`}>{t("games.ai.title")}</label>
          <input
            id={`${id}-title`}
            maxLength={120}
            value={fields.customTitle}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={`${id}-title-hint${titleError ? ` ${id}-title-error` : ""}`}
            onChange={(e) => set({ customTitle: e.target.value })}
          />
          {/* Optional only while Subject, Class Level and Topic make a title: the hint says which. */}
          <p id={`${id}-title-hint`} className="field-hint">
            {t(titleIsNeeded(fields) ? gameMessages.titleNeededHint : gameMessages.titleOptionalHint)}
          </p>
          {titleError ? (
            <p id={`${id}-title-error`} className="error">
              {t(titleError)}
            </p>
          ) : null}
        </div>
      </div>
      <p className="effective-title">
        <Slotted
          id="games.ai.effectiveTitle"
          slots={{ title: <strong>{effectiveTitle(fields, titleNames) || t("games.ai.noTitleYet")}</strong> }}
        />
      </p>
      <div className="actions">
        <button
          type="button"
          className="button button-accent"
          onClick={onGenerate}
          disabled={!canGenerate}
          aria-describedby={`${id}-ai-note`}
        >
          {generating ? t("games.ai.generating") : t("games.ai.generate")}
        </button>
      </div>
      <p id={`${id}-ai-note`} className="hint">
        {t(
          status.isPending
            ? "games.ai.checking"
            : !configured
              ? "games.ai.notConfigured"
              : canGenerate || generating
                ? "games.ai.addedAfter"
                : "games.ai.fieldsNeeded",
        )}
      </p>
      <p className="reminder" role="note">
        {t("games.ai.reminder")}
      </p>
      {notice ? (
        <p role="status" className="success">
          {t(notice)}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="error">
          {t(error)}
        </p>
      ) : null}
    </section>
  );
}
