/**
 * Join (/join), two steps: 'Enter Join Code' (a lookup that needs no sign-in), then 'Confirm Group &
 * Enter Name' (players-step.tsx), whose requests sign this device in and join each child of the
 * group who plays on it (decisions 014, 048). /join?code=NNNNNN fills the code in; a group's
 * link also names the session's pupil language (&lang=ga), in which the page starts (decision 029,
 * web/lib/i18n). The play page's "Add a player" comes here with the tablet's child (navigation
 * state `addPlayerTo`): the code it remembers is looked up again and the players step opens, then
 * goes back to play. The first screen is always the code (it is drawn at build time, decision 028).
 */
import "../../styles/pupil-screens.css";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { JOIN_CODE_PATTERN, sanitiseJoinCode } from "../../../shared/play/join-rules.ts";
import type { JoinLookupResponse } from "../../../shared/play/play-responses.ts";
import { playMessages } from "../../../shared/play/play-texts.ts";
import { FormError } from "../../components/form-field.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { useSessionLanguage } from "../../lib/i18n/session-language.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { type RememberedPlayer, rememberedTabletOf, rememberedTabletOfGroup } from "../../lib/tablet-memory.ts";
import { lookupCode } from "./join-api.ts";
import { type JoinedGroup, PlayersStep } from "./players-step.tsx";

/** What the play page's "Add a player" hands over: the tablet's child whose play page to go back to. */
type AddPlayerState = { addPlayerTo?: string } | null;

export default function JoinPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT();
  const followSession = useSessionLanguage();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const addPlayerTo = (location.state as AddPlayerState)?.addPlayerTo ?? null;
  // "Add a player": the code this device remembers for the tablet's group, looked up as the page opens.
  const [addingCode] = useState(() => (addPlayerTo && rememberedTabletOf(addPlayerTo)?.code) || null);
  const [code, setCode] = useState(() => addingCode ?? sanitiseJoinCode(searchParams.get("code") ?? ""));
  // A station card opened before this device joined (/s/:token): on to that station after joining.
  // (The parameter is STATION_PARAM of shared/play/station-finds.web.ts, written out: /join loads nothing more for it.)
  const stationToken = searchParams.get("station");
  const [group, setGroup] = useState<JoinedGroup | null>(null);
  const [players, setPlayers] = useState<RememberedPlayer[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(addingCode !== null);
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
  // The button is disabled while a request runs, which drops its focus: after an error, back to the field.
  useEffect(() => {
    if (!busy && error && step === 1 && (document.activeElement === document.body || document.activeElement === null))
      codeField.current?.focus();
  }, [busy, error, step]);

  const backToStepOne = (message: string | null = null) => {
    setGroup(null);
    setCode("");
    setError(message);
  };

  /** The group of a code, the page's language following the session's (the teacher chose the pupils' language). */
  const lookUp = async (joinCode: string) => {
    const found = await lookupCode(joinCode);
    await followSession(found.pupilLanguage);
    return found;
  };
  const showGroup = (found: JoinLookupResponse, joinCode: string) => {
    // The children this device already has in the group (joined earlier, on this screen or another time).
    setPlayers(rememberedTabletOfGroup(found.groupId)?.players ?? []);
    setGroup({ ...found, code: joinCode });
  };

  // "Add a player" from the play page: straight on to the players step of the remembered group.
  const addOpened = useRef(false);
  useEffect(() => {
    if (!addingCode || addOpened.current) return;
    addOpened.current = true;
    lookUp(addingCode)
      .then(
        (found) => showGroup(found, addingCode),
        (e: unknown) => setError(errorMessage(e)),
      )
      .finally(() => setBusy(false));
    // lookUp and showGroup only set this page's state: once, as the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addingCode]);

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
      showGroup(await lookUp(code), code);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const onStart = (joined: RememberedPlayer[]) => {
    // Back to the play page "Add a player" came from; otherwise the first child's (the tablet's page is any child's).
    const first = addPlayerTo && joined.some((p) => p.progressId === addPlayerTo) ? addPlayerTo : joined[0]!.progressId;
    // The state that page read before is not the tablet's any more (a child added late takes the next turn): read it afresh.
    queryClient.removeQueries({ queryKey: queryKeys.play(first), exact: true });
    // The play page makes the find for the card opened before joining.
    void navigate(`/play/${encodeURIComponent(first)}`, stationToken ? { state: { stationToken } } : undefined);
  };

  if (group) {
    return (
      <PlayersStep
        group={group}
        initialPlayers={players}
        onStart={onStart}
        onBack={(message) => backToStepOne(message ?? null)}
        nameFieldRef={nameField}
      />
    );
  }

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
