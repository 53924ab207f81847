/**
 * "Import questions from a spreadsheet" in the game editor: choose a .csv or .xlsx file, see
 * what will be added and which rows cannot be, then add them after the questions already in
 * the editor (untouched blank ones are replaced; nothing typed is lost). docs/IMPORT.md.
 */
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { messageText, msg } from "../../../../shared/i18n/messages.ts";
import { CLUEHUNT_HEADERS, CLUEHUNT_HEADERS_GA, addImportedQuestions, type SheetImport } from "../../../../shared/spreadsheets/spreadsheet-questions.web.ts";
import type { Question } from "../../../../shared/games/games.ts";
import { useLanguage, useT } from "../../../lib/i18n/language.tsx";
import { Slotted } from "../../../lib/i18n/slotted.tsx";
import { ImportPreview } from "./import-preview.tsx";
import { readMessages, readSpreadsheet } from "./read-spreadsheet.ts";
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

  // Focus follows the flow: to the message once the questions are in (the preview and its button are gone).
  useEffect(() => {
    if (added) addedRef.current?.focus();
  }, [added]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setReading(true);
    setError(null);
    setAdded(null);
    setRead(null);
    try {
      const result = await readSpreadsheet(file.name, await file.arrayBuffer());
      if (result.ok) setRead({ ...result, fileName: file.name });
      else setError(result.message);
    } catch {
      // The browser could not read the file itself (moved, deleted, no permission).
      setError(readMessages.unreadable(file.name));
    } finally {
      setReading(false);
      // The same file may be chosen again after it is fixed.
      input.value = "";
    }
  };

  const add = () => {
    if (!read) return;
    const result = addImportedQuestions(questions, read.questions.map((q) => q.question));
    if (!result.ok) {
      setError(result.message);
      return;
    }
    onImport(result.questions);
    setRead(null);
    setAdded(messageText(msg("games.import.added", { count: read.questions.length, name: read.fileName })));
  };

  return (
    <details className="card import-questions">
      <summary>
        <h2>{t("games.import.heading")}</h2>
      </summary>
      <p>
        <Slotted id="games.import.intro" slots={{ headers: <strong>{(language === "ga" ? CLUEHUNT_HEADERS_GA : CLUEHUNT_HEADERS).join(", ")}</strong> }} />
      </p>
      <div className="field">
        <label htmlFor="import-questions-file">{t("games.import.fileLabel")}</label>
        <input id="import-questions-file" ref={fileRef} type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={onFile} />
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
