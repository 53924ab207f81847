/**
 * Join's step 2, 'Confirm Group & Enter Name', which also lets the children of a group who share one
 * device join on it one after another (decision 048). A child alone sees the step as SPEC.md draws
 * it: their name, then 'Join Game' (or 'Back'). "Add another player" joins the name at once and
 * clears the field for the next child (a refusal shows beside the field while that child is still
 * there); from then on the step asks "Who is playing on this tablet?", lists the players so far,
 * each name in its letter's colour, and the form's button reads "That's everyone": it joins the
 * name given (if any) and starts. A name already on this tablet is refused before any request, in
 * the server's words.
 */
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { classListMessages } from "../../../shared/classes/class-list.ts";
import { LANGUAGE_LOCALES } from "../../../shared/i18n/languages.ts";
import { STUDENT_NAME_MAX_LENGTH } from "../../../shared/play/join-rules.ts";
import type { JoinLookupResponse } from "../../../shared/play/play-responses.ts";
import { playMessages, tabletMessages } from "../../../shared/play/play-texts.ts";
import { TABLET_MAX_PLAYERS } from "../../../shared/play/tablet-turns.ts";
import { hasStackedMarks, nameKey, withoutAnyControlCharacters } from "../../../shared/text.ts";
import { FormError } from "../../components/form-field.tsx";
import { GroupBadge, GroupShape } from "../../components/group-badge.tsx";
import { PlayerName } from "../../components/player-name.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { Slotted } from "../../lib/i18n/slotted.tsx";
import { type RememberedPlayer, rememberPlayer } from "../../lib/tablet-memory.ts";
import { ClassListPicker } from "./class-list-picker.tsx";
import { joinGroup } from "./join-api.ts";

export type JoinedGroup = JoinLookupResponse & { code: string };

type Props = {
  group: JoinedGroup;
  /** The children this device already has in the group (remembered), in turn order. */
  initialPlayers: readonly RememberedPlayer[];
  /** 'Join Game' or "That's everyone": the players in turn order (at least one). */
  onStart: (players: RememberedPlayer[]) => void;
  /** Back to the code (only offered before anyone joined); `message` says why when the server lost the session. */
  onBack: (message?: string | null) => void;
  /** Where the focus goes when the step appears (the name field or the first free name). */
  nameFieldRef?: RefObject<HTMLInputElement | null>;
};

export function PlayersStep({ group, initialPlayers, onStart, onBack, nameFieldRef }: Props) {
  const t = useT();
  const [players, setPlayers] = useState<RememberedPlayer[]>(() => [...initialPlayers]);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  // News rather than a mistake (this device was taken out of the game): said calmly, not in red.
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ownField = useRef<HTMLInputElement>(null);
  const nameField = nameFieldRef ?? ownField;
  // After a child joined (or a refusal), the field or the first free name has the focus again:
  // the buttons were disabled while the request ran, which dropped it.
  const [joinedCount, setJoinedCount] = useState(0);
  useEffect(() => {
    if (!busy && (joinedCount > 0 || error || notice)) {
      if (document.activeElement === document.body || document.activeElement === null) nameField.current?.focus();
    }
  }, [busy, joinedCount, error, notice, nameField]);

  const join = async (thenStart: boolean) => {
    if (busy) return;
    const trimmed = name.trim();
    if (!trimmed) {
      if (thenStart && players.length > 0) onStart(players);
      else setError(group.classList ? classListMessages.notOnList : playMessages.enterName);
      return;
    }
    // The server's rules and words, without a request (the name is checked as the server cleans it).
    if (hasStackedMarks(withoutAnyControlCharacters(trimmed))) {
      setError(playMessages.tooManyMarks);
      return;
    }
    if (players.some((p) => nameKey(p.name) === nameKey(trimmed))) {
      setError(tabletMessages.alreadyOnTablet(trimmed));
      return;
    }
    if (players.length >= TABLET_MAX_PLAYERS) {
      setError(playMessages.tabletFull);
      return;
    }
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const { progressId } = await joinGroup({ code: group.code, groupId: group.groupId, name: trimmed });
      rememberPlayer(group, { progressId, name: trimmed });
      // The turn order is the order added (a rejoin of the same child keeps their place).
      const next = players.some((p) => p.progressId === progressId)
        ? players
        : [...players, { progressId, name: trimmed }];
      setPlayers(next);
      setName("");
      setBusy(false);
      if (thenStart) onStart(next);
      else setJoinedCount((n) => n + 1);
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError && e.message === playMessages.detailsMissing) onBack(e.message);
      else if (e instanceof ApiError && e.code === "pupil_removed") setNotice(e.message);
      else setError(e instanceof ApiError ? errorMessage(e) : playMessages.joinFailed);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void join(true);
  };

  return (
    <main className="page join pupil-screen players-step">
      {/* Back to the code, before anyone joined: at the top, out of the way of the buttons children press most. */}
      {players.length === 0 ? (
        <button type="button" className="button button-secondary join-back" onClick={() => onBack()} disabled={busy}>
          {t("pupil.join.back")}
        </button>
      ) : null}
      <h1>{t(players.length === 0 ? "pupil.join.confirmTitle" : "pupil.join.playersTitle")}</h1>
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
      {/* Read out as each child joins. */}
      <section className="tablet-players" aria-labelledby="tablet-players-heading" aria-live="polite">
        {players.length > 0 ? (
          <>
            <h2 id="tablet-players-heading">{t("pupil.join.playersSoFar")}</h2>
            <ol>
              {players.map((player) => (
                <li key={player.progressId}>
                  <PlayerName name={player.name} />
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </section>
      <form className="join-card" onSubmit={onSubmit} noValidate>
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
            onThisTablet={players.map((p) => p.name)}
          />
        ) : (
          <div className="field">
            <label htmlFor="student-name">{t("pupil.join.nameLabel")}</label>
            <input
              id="student-name"
              ref={nameField}
              autoComplete="off"
              maxLength={STUDENT_NAME_MAX_LENGTH}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "players-step-error" : undefined}
            />
          </div>
        )}
        {/* Under a long class list this stays at the bottom of the screen (sticky): the message and the buttons in view. */}
        <div className="join-footer">
          <div id="players-step-error">
            <FormError message={error ? t(error) : null} />
          </div>
          {notice ? (
            <p role="status" className="join-notice">
              {t(notice)}
            </p>
          ) : null}
          {/* The form's own button: Enter in the field (or on a name) joins and starts. */}
          <div className="actions">
            <button type="submit" className="button button-play" disabled={busy}>
              {busy
                ? t("pupil.join.joining")
                : t(players.length === 0 ? "pupil.join.joinButton" : "pupil.join.thatsEveryone")}
            </button>
            <button
              type="button"
              className="button button-secondary add-player"
              disabled={busy}
              onClick={() => void join(false)}
            >
              {t("pupil.join.addAnotherPlayer")}
            </button>
          </div>
        </div>
      </form>
    </main>
  );
}
