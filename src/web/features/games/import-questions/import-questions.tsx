/**
 * "Import questions from a spreadsheet" in the game editor: choose a .csv or .xlsx file, see
 * what will be added and which rows cannot be, then add them after the questions already in
 * the editor (untouched blank ones are replaced; nothing typed is lost). docs/IMPORT.md.
 */
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import type { Question } from "../../../../shared/games/games.ts";
import { messageText, msg } from "../../../../shared/i18n/messages.ts";
import {
  addImportedQuestions,
  CLUEHUNT_HEADERS,
  CLUEHUNT_HEADERS_GA,
  type SheetImport,
} from "../../../../shared/spreadsheets/spreadsheet-questions.web.ts";
import { useLanguage, useT } from "../../../lib/i18n/language.tsx";
import { Slotted } from "../../../lib/i18n/slotted.tsx";
import { ImportPreview } from "./import-preview.tsx";
import { SpreadsheetReader } from "./read-in-worker.ts";
import { readMessages, refusalBeforeReading } from "./spreadsheet-limits.ts";
import "../../../styles/sharing.css";

type Props = { questions: readonly Question[]; onImport: (questions: Question[]) => void };

type Read = Extract<SheetImport, { ok: true }> & { fileName: string };

export function ImportQuestions({ questions, onImport }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const [reading, setReading] = useState(false);
  const [read, setRead] = useState<Read | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const addedRef = useRef<HTMLParagraphElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  // The reader's worker: started when the panel opens, ended with the editor.
  const readerRef = useRef<SpreadsheetReader | null>(null);
  const reader = () => (readerRef.current ??= new SpreadsheetReader());
  // The read under way: stopped when another file is chosen or the editor closes.
  const readingRef = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      readingRef.current?.abort();
      readerRef.current?.stop();
    },
    [],
  );

  // Focus follows the flow: to the message once the questions are in (the preview and its button are gone).
  useEffect(() => {
    if (added) addedRef.current?.focus();
  }, [added]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    readingRef.current?.abort();
    const reading = new AbortController();
    readingRef.current = reading;
    setReading(true);
    setError(null);
    setAdded(null);
    setRead(null);
    // The same file may be chosen again after it is fixed.
    input.value = "";
    // Checked here too, so that a huge file is never even loaded into memory.
    const refusal = refusalBeforeReading(file.name, file.size);
    const result = refusal
      ? { ok: false as const, message: refusal }
      : await file.arrayBuffer().then(
          (data) => reader().read(file.name, data, reading.signal),
          // The browser could not read the file itself (moved, deleted, no permission).
          () => ({ ok: false as const, message: readMessages.unreadable(file.name) }),
        );
    // A read stopped for a newer one leaves the screen to it.
    if (result === null || readingRef.current !== reading) return;
    readingRef.current = null;
    setReading(false);
    if (result.ok) setRead({ ...result, fileName: file.name });
    else setError(result.message);
  };

  const add = () => {
    if (!read) return;
    const result = addImportedQuestions(
      questions,
      read.questions.map((q) => q.question),
    );
    if (!result.ok) {
      setError(result.message);
      return;
    }
    onImport(result.questions);
    setRead(null);
    setAdded(messageText(msg("games.import.added", { count: read.questions.length, name: read.fileName })));
  };

  return (
    <details className="card import-questions" onToggle={(event) => event.currentTarget.open && reader().warmUp()}>
      <summary>
        <h2>{t("games.import.heading")}</h2>
      </summary>
      <p>
        <Slotted
          id="games.import.intro"
          slots={{
            headers: <strong>{(language === "ga" ? CLUEHUNT_HEADERS_GA : CLUEHUNT_HEADERS).join(", ")}</strong>,
          }}
        />
      </p>
      <div className="field">
        <label htmlFor="import-questions-file">{t("games.import.fileLabel")}</label>
        <input
          id="import-questions-file"
          ref={fileRef}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={onFile}
        />
      </div>
      {reading ? <p role="status">{t("games.import.reading")}</p> : null}
      {error ? (
        <p role="alert" className="error">
          {t(error)}
        </p>
      ) : null}
      {added ? (
        <p role="status" className="success" tabIndex={-1} ref={addedRef}>
          {t(added)}
        </p>
      ) : null}
      {read ? (
        <ImportPreview
          read={read}
          onAdd={add}
          onCancel={() => {
            setRead(null);
            // The preview and its buttons go: back to where the teacher chose the file.
            fileRef.current?.focus();
          }}
        />
      ) : null}
    </details>
  );
}
