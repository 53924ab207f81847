/**
 * A saved class's form: its name, its level (optional) and its pupils' first names,
 * pasted one per line with the hint and the problems of Start Session's class list. Used to add
 * a class on /classes and to edit one on /classes/:classId.
 */
import { type FormEvent, useId, useRef, useState } from "react";
import { classListProblem, parseClassList } from "../../../shared/classes/class-list.ts";
import { CLASS_NAME_MAX_LENGTH, classMessages } from "../../../shared/classes/saved-classes.ts";
import { CLASS_LEVELS, type ClassLevel, catalogueNameKey } from "../../../shared/games/curriculum.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { withoutAnyControlCharacters } from "../../../shared/text.ts";
import { SelectOptions } from "../../components/select-options.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import type { SaveClassInput } from "../../lib/classes-api.ts";
import { useT } from "../../lib/i18n/language.tsx";

/** The form's own check before sending, in the server's words: the first problem as a catalogue key, or null. */
export function classFormProblem(input: SaveClassInput): string | null {
  const name = withoutAnyControlCharacters(input.name).trim();
  if (name === "") return classMessages.nameRequired;
  if ([...name].length > CLASS_NAME_MAX_LENGTH) return classMessages.nameTooLong;
  const names = parseClassList(input.names);
  return names.length === 0 ? classMessages.namesRequired : classListProblem(names);
}

const isNameProblem = (problem: string) =>
  problem === classMessages.nameRequired || problem === classMessages.nameTooLong;

export function ClassForm({
  initial,
  submitLabel,
  busyLabel,
  busy,
  error,
  onSubmit,
}: {
  initial: SaveClassInput;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The server's refusal, if any. */
  error: unknown;
  onSubmit: (input: SaveClassInput) => void;
}) {
  const t = useT();
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [level, setLevel] = useState<ClassLevel | "">(initial.level ?? "");
  const [names, setNames] = useState(initial.names);
  const [problem, setProblem] = useState<string | null>(null);
  const count = parseClassList(names).length;
  const nameInput = useRef<HTMLInputElement>(null);
  const namesInput = useRef<HTMLTextAreaElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input: SaveClassInput = { name, level: level === "" ? null : level, names };
    const found = classFormProblem(input);
    setProblem(found);
    if (!found) return onSubmit(input);
    // The field to put right has the focus (the message, an alert, is read out).
    (isNameProblem(found) ? nameInput : namesInput).current?.focus();
  };
  // Which field the form's own problem is about: the name's two, else the list's.
  const nameInvalid =
    problem === classMessages.nameRequired || Boolean(problem?.startsWith(`${classMessages.nameTooLong}|`));
  const namesInvalid = problem !== null && !nameInvalid;
  const shown = problem ? t(problem) : error ? errorMessage(error) : null;

  return (
    <form className="card form class-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t("classes.form.name")}</label>
        <input
          id={`${id}-name`}
          ref={nameInput}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-describedby={`${id}-name-hint`}
          aria-invalid={nameInvalid}
          autoComplete="off"
        />
        <p className="hint-below" id={`${id}-name-hint`}>
          {t("classes.form.nameHint")}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-level`}>{t("classes.form.level")}</label>
        <select id={`${id}-level`} value={level} onChange={(e) => setLevel(e.target.value as ClassLevel | "")}>
          <option value="">{t("classes.form.noLevel")}</option>
          <SelectOptions values={CLASS_LEVELS} nameKey={(value) => catalogueNameKey("level", value)} />
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-names`}>{t("classes.form.names")}</label>
        <textarea
          id={`${id}-names`}
          ref={namesInput}
          rows={8}
          value={names}
          onChange={(e) => setNames(e.target.value)}
          aria-invalid={namesInvalid}
          aria-describedby={count > 0 ? `${id}-names-hint ${id}-names-count` : `${id}-names-hint`}
        />
        <p className="hint-below" id={`${id}-names-hint`}>
          {t("sessions.start.classListHint")}
        </p>
        {/* How many names the list holds once cleaned (repeats and blank lines dropped); nothing while it is empty. */}
        {count > 0 ? (
          <p className="meta" id={`${id}-names-count`}>
            {t(msg("classes.pupilCount", { count }))}
          </p>
        ) : null}
      </div>
      {shown ? (
        <p role="alert" className="error">
          {shown}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
