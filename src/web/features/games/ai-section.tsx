/**
 * The AI half of Create Game: subject, level, topic, context, number of questions, the
 * optional title part, Generate, the effective-title line and the review reminder.
 */
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { AI_QUESTION_COUNTS, CLASS_LEVELS, SUBJECT_GROUPS, topicsFor } from "../../../shared/catalogue.ts";
import { effectiveTitle, gameMessages, titleIsNeeded } from "../../../shared/games.ts";
import { SelectOptions } from "../../components/select-options.tsx";
import { aiStatusQueryKey, fetchAiStatus } from "../../lib/games-api.ts";
import { TopicInput } from "./topic-input.tsx";

export type AiFields = { subject: string; level: string; topic: string; context: string; numQuestions: number; customTitle: string };

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
  const status = useQuery({ queryKey: aiStatusQueryKey, queryFn: fetchAiStatus, staleTime: Infinity });
  const configured = status.data?.configured === true;
  const set = (patch: Partial<AiFields>) => onChange({ ...fields, ...patch });
  const ready = Boolean(fields.subject && fields.level);
  const canGenerate = configured && ready && fields.topic.trim() !== "" && !generating;

  return (
    <section className="card ai-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Generate questions with AI</h2>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-subject`}>Subject</label>
          {/* Changing subject or level clears the topic (SPEC section 4). */}
          <select id={`${id}-subject`} value={fields.subject} onChange={(e) => set({ subject: e.target.value, topic: "" })}>
            <option value="">Select a subject</option>
            {SUBJECT_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
                <SelectOptions values={group.subjects} />
              </optgroup>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-level`}>Class Level</label>
          <select id={`${id}-level`} value={fields.level} onChange={(e) => set({ level: e.target.value, topic: "" })}>
            <option value="">Select a class level</option>
            <SelectOptions values={CLASS_LEVELS} />
          </select>
        </div>
      </div>
      <TopicInput value={fields.topic} onChange={(topic) => set({ topic })} topics={topicsFor(fields.subject, fields.level)} ready={ready} />
      <div className="field">
        <label htmlFor={`${id}-context`}>Context/Instructions (optional)</label>
        <textarea
          id={`${id}-context`}
          rows={3}
          maxLength={2000}
          value={fields.context}
          placeholder="e.g. We read 'The Gruffalo' this week; use words from it."
          onChange={(e) => set({ context: e.target.value })}
        />
      </div>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-count`}>Number of Questions</label>
          <select id={`${id}-count`} value={fields.numQuestions} onChange={(e) => set({ numQuestions: Number(e.target.value) })}>
            <SelectOptions values={AI_QUESTION_COUNTS} />
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-title`}>Game Title (optional)</label>
          <input
            id={`${id}-title`}
            maxLength={120}
            value={fields.customTitle}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={`${id}-title-hint${titleError ? ` ${id}-title-error` : ""}`}
            onChange={(e) => set({ customTitle: e.target.value })}
          />
          {/* Optional only while Subject, Class Level and Topic make a title: the hint says which (issue 16). */}
          <p id={`${id}-title-hint`} className="field-hint">
            {titleIsNeeded(fields) ? gameMessages.titleNeededHint : gameMessages.titleOptionalHint}
          </p>
          {titleError ? (
            <p id={`${id}-title-error`} className="error">
              {titleError}
            </p>
          ) : null}
        </div>
      </div>
      <p className="effective-title">
        Game title: <strong>{effectiveTitle(fields) || "(fill in Subject, Class Level and Topic, or a title)"}</strong>
      </p>
      <div className="actions">
        <button type="button" className="button button-accent" onClick={onGenerate} disabled={!canGenerate} aria-describedby={`${id}-ai-note`}>
          {generating ? "Generating questions..." : "Generate AI Questions"}
        </button>
      </div>
      <p id={`${id}-ai-note`} className="hint">
        {status.isPending
          ? "Checking whether AI generation is available…"
          : !configured
            ? "AI generation is not set up on this server, so the Generate button is off. You can still write questions below."
            : canGenerate || generating
              ? "Generated questions are added after the ones you already have."
              : "Subject, Class Level and Topic are needed to generate questions."}
      </p>
      <p className="reminder" role="note">
        Always review AI-generated questions before saving: check the facts, the spelling and that the right answer is marked.
      </p>
      {notice ? (
        <p role="status" className="success">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
