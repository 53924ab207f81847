/** 'Ask for help': tells the teacher's results page; pressed again, cancels. */
import { useState } from "react";
import { errorMessage } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { postHelp } from "./play-api.ts";

export function HelpButton({
  progressId,
  requested,
  onChanged,
}: {
  progressId: string;
  requested: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const t = useT();
  const [help, setHelp] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });
  const toggle = async () => {
    // Not disabled while pending: a disabled button would drop the keyboard focus.
    if (help.pending) return;
    setHelp({ pending: true, error: null });
    try {
      await postHelp(progressId, !requested);
      await onChanged();
      setHelp({ pending: false, error: null });
    } catch (error) {
      setHelp({ pending: false, error: errorMessage(error) });
    }
  };
  return (
    <>
      <button
        type="button"
        className={`button help-button${requested ? " help-on" : ""}`}
        aria-pressed={requested}
        aria-disabled={help.pending}
        onClick={() => void toggle()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="help-icon">
          <path d="M8 21v-7.5L5.5 11a1.8 1.8 0 0 1 2.6-2.5L10 10V3.8a1.5 1.5 0 0 1 3 0V9h.5V4.5a1.5 1.5 0 0 1 3 0V9h.5V6a1.5 1.5 0 0 1 3 0v9a6 6 0 0 1-6 6z" />
        </svg>
        {requested ? t("pupil.play.helpComing") : t("pupil.play.askHelp")}
      </button>
      {help.error ? (
        <p role="alert" className="error help-error">
          {help.error}
        </p>
      ) : null}
    </>
  );
}
