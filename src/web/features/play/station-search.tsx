/**
 * Between stations, around the room: a map moment. "Find station 3 — look under the
 * globe" with the station's number and symbol large, "Scan the card" where the browser can read
 * QR codes in the page (its code fetched only when pressed), and the station word, which always
 * works (no camera, a crumpled card; the accessible path). A wrong card is a friendly redirect.
 */
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { msg, type Text } from "../../../shared/i18n/messages.ts";
import { canScanInPage, type FindNotice, findNotice } from "../../../shared/play/station-finds.web.ts";
import type { StationStop } from "../../../shared/stations/station-responses.ts";
import { StationSymbol } from "../../components/station-symbol.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { Slotted } from "../../lib/i18n/slotted.tsx";
import { queryKeys } from "../../lib/query-keys.ts";
import { postStationFind } from "./play-api.ts";

const StationScanner = lazy(() => import("./station-scanner.tsx"));

/** What the last find said, or why it failed (`error`: a refusal or no connection). */
export type FindShown = FindNotice | { tone: "error"; text: Text | string };

/**
 * Finds a station for this pupil: the answer's state replaces the page's (`progressId`'s), and its
 * notice is kept to show. `findAs`: the child who finds, on a tablet the one whose turn it is (one
 * find for the whole tablet, decision 048); the page's child otherwise.
 */
export function useStationFinder(progressId: string, findAs: string = progressId) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<FindShown | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const find = useCallback(
    async (found: { token: string } | { word: string }) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      try {
        const response = await postStationFind(findAs, found);
        queryClient.setQueryData(queryKeys.play(progressId), response.state);
        setShown(findNotice(response, found));
      } catch (error) {
        setShown({ tone: "error", text: errorMessage(error) });
        // The session ended meanwhile: the page says so once it reads the state again.
        if (error instanceof ApiError && error.status === 410)
          await queryClient.invalidateQueries({ queryKey: queryKeys.play(progressId) });
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [progressId, findAs, queryClient],
  );
  return { shown, setShown, busy, find };
}

export function StationSearch({
  next,
  lang,
  finder,
  headingRef,
}: {
  next: StationStop;
  /** The hiding place is the teacher's text, in the game's language. */
  lang: string;
  finder: ReturnType<typeof useStationFinder>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT();
  const [word, setWord] = useState("");
  const [scanning, setScanning] = useState(false);
  const [scanOffered] = useState(() => canScanInPage(window as unknown as Parameters<typeof canScanInPage>[0]));
  const { shown, setShown, busy, find } = finder;
  const wordField = useRef<HTMLInputElement>(null);
  // The button is disabled while a word is checked, which drops the focus: give it back to the
  // word, selected, so a child retypes at once (and a screen reader hears the notice from there).
  useEffect(() => {
    if (!busy && shown && (document.activeElement === document.body || document.activeElement === null))
      wordField.current?.select();
  }, [busy, shown]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!word.trim()) {
      setShown({ tone: "error", text: "pupil.station.enterWord" });
      wordField.current?.focus();
      return;
    }
    void find({ word });
  };

  return (
    <section className="station-search" aria-labelledby="station-heading">
      <div className="station-sign">
        <span className="station-sign-symbol">
          <StationSymbol symbol={next.symbol} />
        </span>
        <span className="station-sign-number" aria-hidden="true">
          {next.number}
        </span>
      </div>
      <h2 id="station-heading" className="station-heading" tabIndex={-1} ref={headingRef}>
        {t(msg("pupil.station.find", { number: next.number }))}
      </h2>
      {next.hidingPlace ? (
        <p className="station-place">
          <Slotted id="pupil.station.look" slots={{ place: <strong lang={lang}>{next.hidingPlace}</strong> }} />
        </p>
      ) : null}
      <div className="station-notice-slot" aria-live="polite">
        {shown && shown.tone !== "found" ? (
          <p className={`station-notice notice-${shown.tone}`} role={shown.tone === "error" ? "alert" : undefined}>
            <FindNoticeText shown={shown} lang={lang} />
          </p>
        ) : null}
      </div>
      {scanOffered ? (
        scanning ? (
          <Suspense fallback={<p className="station-scanner-loading">{t("common.loading")}</p>}>
            <StationScanner
              onToken={(token) => {
                setScanning(false);
                void find({ token });
              }}
              onClose={() => setScanning(false)}
            />
          </Suspense>
        ) : (
          <button
            type="button"
            className="button button-play scan-button"
            onClick={() => {
              setShown(null);
              setScanning(true);
            }}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="scan-icon">
              <path d="M3 8V5a2 2 0 0 1 2-2h3M16 3h3a2 2 0 0 1 2 2v3M21 16v3a2 2 0 0 1-2 2h-3M8 21H5a2 2 0 0 1-2-2v-3M7 12h10" />
            </svg>
            {t("pupil.station.scan")}
          </button>
        )
      ) : null}
      <form className="station-word-form" onSubmit={onSubmit} noValidate>
        <label htmlFor="station-word">{t("pupil.station.word")}</label>
        <p id="station-word-hint" className="hint">
          {t("pupil.station.wordHint")}
        </p>
        <div className="station-word-row">
          <input
            id="station-word"
            ref={wordField}
            className="station-word-input"
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            maxLength={40}
            value={word}
            onChange={(e) => setWord(e.target.value)}
            aria-describedby="station-word-hint"
          />
          <button type="submit" className="button button-play station-word-submit" disabled={busy}>
            {busy ? t("pupil.station.checking") : t("pupil.station.check")}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A find's words; the hiding place inside them is the teacher's, marked with the game's language. */
export function FindNoticeText({ shown, lang }: { shown: FindShown; lang: string }) {
  const t = useT();
  const text = shown.text;
  if (typeof text === "object" && text.key === "pupil.station.wrongCardLook" && text.values) {
    const { place, ...values } = text.values;
    return <Slotted id={text.key} values={values} slots={{ place: <span lang={lang}>{place}</span> }} />;
  }
  return <>{t(text)}</>;
}
