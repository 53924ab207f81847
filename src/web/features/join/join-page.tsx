/**
 * Join (/join), two steps: 'Enter Join Code' (a lookup that needs no sign-in), then
 * 'Confirm Group & Enter Name', whose one request signs this device in and joins (decision 014). /join?code=NNNNNN fills the code in;
 * a group's link also names the session's pupil language (&lang=ga), in which the page starts (decision 029, web/lib/i18n).
 */
import "../../styles/play-theme.css";
import "../../styles/pupil-screens.css";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { classListMessages } from "../../../shared/classes/class-list.ts";
import { LANGUAGE_LOCALES } from "../../../shared/i18n/languages.ts";
import { JOIN_CODE_PATTERN, STUDENT_NAME_MAX_LENGTH, sanitiseJoinCode } from "../../../shared/play/join-rules.ts";
import type { JoinLookupResponse } from "../../../shared/play/play-responses.ts";
import { playMessages } from "../../../shared/play/play-texts.ts";
import { hasStackedMarks, withoutAnyControlCharacters } from "../../../shared/text.ts";
import { FormError } from "../../components/form-field.tsx";
import { GroupBadge, GroupShape } from "../../components/group-badge.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { useSessionLanguage } from "../../lib/i18n/session-language.ts";
import { Slotted } from "../../lib/i18n/slotted.tsx";
import { ClassListPicker } from "./class-list-picker.tsx";
import { joinGroup, lookupCode } from "./join-api.ts";

export default function JoinPage() {
  const navigate = useNavigate();
  const t = useT();
  const followSession = useSessionLanguage();
  const [searchParams] = useSearchParams();
  const [code, setCode] = useState(() => sanitiseJoinCode(searchParams.get("code") ?? ""));
  // A station card opened before this device joined (/s/:token): on to that station after joining.
  // (The parameter is STATION_PARAM of shared/play/station-finds.web.ts, written out: /join loads nothing more for it.)
  const stationToken = searchParams.get("station");
  const [group, setGroup] = useState<(JoinLookupResponse & { code: string }) | null>(null);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  // News rather than a mistake (this device was taken out of the game): said calmly, not in red.
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const stepShown = useRef(false);
  // Changing step removes the field and button that had the focus: put it in the new step's
  // field, so keyboard and screen-reader users carry on where the page now asks for input.
  const step = group ? 2 : 1;
  useEffect(() => {
    if (!stepShown.current) {
      stepShown.current = true;
      return;
    }
    (step === 2 ? nameField : codeField).current?.focus();
  }, [step]);
  // The buttons are disabled while a request runs, which drops their focus: after an error, back to the field.
  useEffect(() => {
    if (!busy && (error || notice) && (document.activeElement === document.body || document.activeElement === null))
      (step === 2 ? nameField : codeField).current?.focus();
  }, [busy, error, notice, step]);

  const backToStepOne = (message: string | null = null) => {
    setGroup(null);
    setCode("");
    setName("");
    setError(message);
    setNotice(null);
  };

  const onContinue = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!JOIN_CODE_PATTERN.test(code)) {
      setError(playMessages.enterJoinCode);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const found = await lookupCode(code);
      // The teacher chose the pupils' language for this session: the rest of the join and the game follow it.
      await followSession(found.pupilLanguage);
      setGroup({ ...found, code });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const onJoin = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !group) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setError(group.classList ? classListMessages.notOnList : playMessages.enterName);
      return;
    }
    // The server's rule and words, without a request (the name is checked as the server cleans it).
    if (hasStackedMarks(withoutAnyControlCharacters(trimmed))) {
      setError(playMessages.tooManyMarks);
      return;
    }
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const { progressId } = await joinGroup({ code: group.code, groupId: group.groupId, name: trimmed });
      // The play page makes the find for the card opened before joining.
      navigate(`/play/${progressId}`, stationToken ? { state: { stationToken } } : undefined);
    } catch (e) {
      if (e instanceof ApiError && e.message === playMessages.detailsMissing) backToStepOne(e.message);
      else if (e instanceof ApiError && e.code === "pupil_removed") setNotice(e.message);
      else setError(e instanceof ApiError ? errorMessage(e) : playMessages.joinFailed);
    } finally {
      setBusy(false);
    }
  };

  if (!group) {
    return (
      <main className="page join pupil-screen">
        <TreasureMap />
        <h1>{t("pupil.join.title")}</h1>
        {stationToken ? (
          <p className="join-notice station-join-notice" role="status">
            {t("pupil.station.joinFirst")}
          </p>
        ) : null}
        <form className="join-card" onSubmit={onContinue} noValidate>
          <div className="field">
            <label htmlFor="join-code">{t("pupil.join.codeLabel")}</label>
            <input
              id="join-code"
              ref={codeField}
              className="code-input"
              inputMode="numeric"
              autoComplete="off"
              pattern="[0-9]{6}"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(sanitiseJoinCode(e.target.value))}
              aria-describedby="join-code-hint"
            />
            <p id="join-code-hint" className="hint">
              {t("pupil.join.codeHint")}
            </p>
          </div>
          <FormError message={error ? t(error) : null} />
          <button type="submit" className="button button-play" disabled={busy}>
            {busy ? t("pupil.join.checking") : t("pupil.join.continue")}
          </button>
        </form>
        <p className="join-privacy">
          <Link to="/privacy">{t("pupil.join.privacyLink")}</Link>
        </p>
      </main>
    );
  }

  return (
    <main className="page join pupil-screen">
      <h1>{t("pupil.join.confirmTitle")}</h1>
      <div className={`group-moment group-${group.groupIdentifier}`}>
        <span className="group-medallion" aria-hidden="true">
          <GroupShape group={group.groupIdentifier} />
        </span>
        <p className="group-moment-words">
          <Slotted
            id="pupil.join.youAreIn"
            slots={{ group: <GroupBadge group={group.groupIdentifier} size="large" /> }}
          />
        </p>
      </div>
      <p className="join-game-title">
        <Slotted
          id="pupil.join.gameTitle"
          slots={{ title: <span lang={LANGUAGE_LOCALES[group.questionLanguage]}>{group.gameTitle}</span> }}
        />
      </p>
      <form className="join-card" onSubmit={onJoin} noValidate>
        {group.classList ? (
          <ClassListPicker
            names={group.classList}
            value={name}
            onChange={(chosen) => {
              setName(chosen);
              setError(null);
            }}
            language={group.pupilLanguage}
            firstRef={nameField}
          />
        ) : (
          <div className="field">
            <label htmlFor="student-name">{t("pupil.join.nameLabel")}</label>
            <input
              id="student-name"
              ref={nameField}
              autoComplete="given-name"
              maxLength={STUDENT_NAME_MAX_LENGTH}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
        )}
        {/* Under a long class list this stays at the bottom of the screen (sticky): the message and Join Game in view. */}
        <div className="join-footer">
          <FormError message={error ? t(error) : null} />
          {notice ? (
            <p role="status" className="join-notice">
              {t(notice)}
            </p>
          ) : null}
          <div className="actions">
            <button type="submit" className="button button-play" disabled={busy}>
              {busy ? t("pupil.join.joining") : t("pupil.join.joinButton")}
            </button>
            <button type="button" className="button button-secondary" onClick={() => backToStepOne()} disabled={busy}>
              {t("pupil.join.back")}
            </button>
          </div>
        </div>
      </form>
    </main>
  );
}

/** A treasure map with its trail and X: the picture that says "this is a game" before any reading. */
function TreasureMap() {
  return (
    <svg className="join-map" viewBox="0 0 160 90" aria-hidden="true" focusable="false">
      <path
        d="M8 10 52 4l52 8 48-6v74l-48 6-52-8-44 6z"
        fill="#f7e3b5"
        stroke="#5a3d12"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M52 4v74M104 12v74" stroke="#e9d3a4" strokeWidth="2" />
      <path
        d="M22 66c14-22 30 8 46-10s22-26 40-16 18 10 30 4"
        fill="none"
        stroke="#8a5a00"
        strokeWidth="3"
        strokeDasharray="5 5"
        strokeLinecap="round"
      />
      <path d="M131 30l12 12M143 30l-12 12" stroke="#c62828" strokeWidth="4.5" strokeLinecap="round" />
      <circle cx="22" cy="66" r="5" fill="#1565c0" stroke="#1d2433" strokeWidth="2" />
    </svg>
  );
}
