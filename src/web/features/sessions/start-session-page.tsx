/**
 * Start Session (/start-session/{gameId}): the game, the number of groups, how the hunt is played
 * (on screen, or around the room at the game's station cards), sound effects, Start Session Now.
 * Folded under "Give groups different games": another of the teacher's games per group.
 * "Keep open as homework until": the session stays open until then and ends by itself.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { HOMEWORK_MAX_DAYS, MAX_GROUPS, MIN_GROUPS } from "../../../shared/sessions/session-rules.ts";
import { SelectOptions } from "../../components/select-options.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { fetchClasses } from "../../lib/classes-api.ts";
import { fetchGame, fetchGames } from "../../lib/games-api.ts";
import { GroupGamesField } from "./group-games-field.tsx";
import { startSession } from "./sessions-api.ts";
import "../../styles/classes.css";
import "../../styles/clues.css";
import "../../styles/station-trails.css";
import { defaultPupilLanguage } from "../../../shared/i18n/content-language.ts";
import { LANGUAGE_LOCALES, LANGUAGE_NAMES, LANGUAGES, type Language } from "../../../shared/i18n/languages.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { HUNT_MODES, type HuntMode } from "../../../shared/stations/station-rules.ts";
import { useLanguage, useT } from "../../lib/i18n/language.tsx";
import { queryKeys } from "../../lib/query-keys.ts";

const HUNT_MODE_LABEL = { screen: "sessions.start.huntScreen", room: "sessions.start.huntRoom" } as const;

/** A moment as a `datetime-local` input writes it, in the teacher's time zone: '2026-12-04T15:00'. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The homework closing time as the server takes it: the input's local time with its
 * offset, as ISO; what is not a date goes as typed, for the server to refuse with its message.
 */
function closingTime(value: string): string | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

const GROUP_COUNTS = Array.from({ length: MAX_GROUPS - MIN_GROUPS + 1 }, (_, i) => MIN_GROUPS + i);

export default function StartSessionPage() {
  const { gameId = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [groupCount, setGroupCount] = useState(1);
  const [soundEffects, setSoundEffects] = useState(false);
  const [huntMode, setHuntMode] = useState<HuntMode>("screen");
  const [classList, setClassList] = useState("");
  // A saved class instead of a pasted list ("": none).
  const [classId, setClassId] = useState("");
  // Homework: "Keep open as homework until" ("": a game played in class).
  const [closesAt, setClosesAt] = useState("");
  // The input's bounds, from when the page opened: the server judges the time when it is sent.
  const [closingBounds] = useState(() => {
    const now = Date.now();
    return {
      min: localInputValue(new Date(now)),
      max: localInputValue(new Date(now + HOMEWORK_MAX_DAYS * 24 * 60 * 60 * 1000)),
    };
  });
  // Each group's game other than the session's, in group order (null: the session's game).
  const [groupGames, setGroupGames] = useState<(string | null)[]>([]);
  const t = useT();
  const { language: teacherLanguage } = useLanguage();
  // Until the teacher picks one: Irish for a game in Irish, else the teacher's own language.
  const [chosenLanguage, setPupilLanguage] = useState<Language | null>(null);
  const game = useQuery({
    queryKey: queryKeys.game(gameId),
    queryFn: () => fetchGame(gameId),
    enabled: Boolean(gameId),
    retry: false,
  });
  // The teacher's other games a group may play: their own, not archived, with questions.
  const otherGames = useQuery({
    queryKey: queryKeys.games,
    queryFn: fetchGames,
    select: (r) => r.games.filter((g) => !g.archived && g.questionCount > 0 && g.id !== gameId),
  });
  const savedClasses = useQuery({ queryKey: queryKeys.classes, queryFn: fetchClasses, select: (r) => r.classes });
  const start = useMutation({
    mutationFn: startSession,
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
      navigate(`/session-codes/${id}`);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!game.data || start.isPending) return;
    start.mutate({
      gameId,
      groupCount,
      huntMode,
      soundEffects,
      // A saved class sends its id and no pasted list: the server takes its names.
      ...(chosenClass ? { classId: chosenClass.id, classList: "" } : { classList }),
      pupilLanguage,
      groupGames: chosenGames,
      closesAt: closingTime(closesAt),
    });
  };

  // A class deleted meanwhile (in another tab) is no longer offered, nor sent.
  const chosenClass = savedClasses.data?.find((c) => c.id === classId) ?? null;
  const canSplit = groupCount > 1 && (otherGames.data?.length ?? 0) > 0;
  // Only what the teacher can see is sent: none when the choice is hidden or every group plays the session's game.
  const chosenGames = canSplit && groupGames.slice(0, groupCount).some(Boolean) ? groupGames.slice(0, groupCount) : [];
  const otherChosen = (otherGames.data ?? []).filter((g) => chosenGames.includes(g.id));
  const pupilLanguage = chosenLanguage ?? defaultPupilLanguage(game.data?.game.language ?? "en", teacherLanguage);
  const loadError = !gameId
    ? "sessions.noGameId"
    : game.isError
      ? game.error instanceof ApiError && game.error.status === 404
        ? "common.error.gameUnreadable"
        : "common.error.fetchGameFailed"
      : null;

  return (
    <main className="page narrow-wide">
      <p>
        <Link to="/dashboard">{t("common.backToDashboardArrow")}</Link>
      </p>
      <h1>{t("sessions.start.title")}</h1>
      {game.isPending && gameId ? <p role="status">{t("common.loading")}</p> : null}
      {loadError ? (
        <p role="alert" className="error">
          {t(loadError)}
        </p>
      ) : null}
      {game.data ? (
        <form className="card form" onSubmit={onSubmit}>
          <h2
            className="game-title"
            lang={game.data.game.title ? LANGUAGE_LOCALES[game.data.game.language] : undefined}
          >
            {game.data.game.title || t("common.gameTitleNotFound")}
          </h2>
          <p lang={game.data.game.description ? LANGUAGE_LOCALES[game.data.game.language] : undefined}>
            {game.data.game.description || t("common.noDescription")}
          </p>
          <p className="meta">{t(msg("common.questionCount", { count: game.data.game.questionCount }))}</p>
          <div className="field">
            <label htmlFor="group-count">{t("sessions.start.groupCount")}</label>
            <select id="group-count" value={groupCount} onChange={(e) => setGroupCount(Number(e.target.value))}>
              <SelectOptions values={GROUP_COUNTS} />
            </select>
          </div>
          {canSplit ? (
            <GroupGamesField
              groupCount={groupCount}
              sessionTitle={game.data.game.title || t("common.gameTitleNotFound")}
              games={otherGames.data ?? []}
              chosen={groupGames}
              onChange={setGroupGames}
            />
          ) : null}
          <fieldset className="hunt-mode">
            <legend>{t("sessions.start.huntMode")}</legend>
            {HUNT_MODES.map((mode) => (
              <div className="checkbox-field" key={mode}>
                <input
                  type="radio"
                  name="hunt-mode"
                  id={`hunt-mode-${mode}`}
                  value={mode}
                  checked={huntMode === mode}
                  onChange={() => setHuntMode(mode)}
                  aria-describedby={mode === "room" ? "hunt-mode-room-hint" : undefined}
                />
                <div>
                  <label htmlFor={`hunt-mode-${mode}`}>{t(HUNT_MODE_LABEL[mode])}</label>
                  {mode === "room" ? (
                    <p className="checkbox-hint" id="hunt-mode-room-hint">
                      {t("sessions.start.huntRoomHint")}{" "}
                      <Link to={`/games/${encodeURIComponent(gameId)}/station-cards`} target="_blank">
                        {otherChosen.length > 0
                          ? t(msg("sessions.start.printGameStationCards", { title: game.data.game.title }))
                          : t("sessions.start.printStationCards")}
                      </Link>
                      {/* Each other game a group plays has its own cards. */}
                      {otherChosen.map((other) => (
                        <Link
                          key={other.id}
                          to={`/games/${encodeURIComponent(other.id)}/station-cards`}
                          target="_blank"
                        >
                          {t(msg("sessions.start.printGameStationCards", { title: other.title }))}
                        </Link>
                      ))}
                    </p>
                  ) : null}
                </div>
              </div>
            ))}
          </fieldset>
          <div className="checkbox-field">
            <input
              type="checkbox"
              id="sound-effects"
              checked={soundEffects}
              onChange={(e) => setSoundEffects(e.target.checked)}
              aria-describedby="sound-effects-hint"
            />
            <div>
              <label htmlFor="sound-effects">{t("sessions.start.soundEffects")}</label>
              <p className="checkbox-hint" id="sound-effects-hint">
                {t("sessions.start.soundEffectsHint")}
              </p>
            </div>
          </div>
          <div className="field">
            <label htmlFor="pupil-language">{t("sessions.start.pupilLanguage")}</label>
            <select
              id="pupil-language"
              value={pupilLanguage}
              onChange={(e) => setPupilLanguage(e.target.value as Language)}
              aria-describedby="pupil-language-hint"
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={LANGUAGE_LOCALES[language]}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
            <p className="hint-below" id="pupil-language-hint">
              {t("sessions.start.pupilLanguageHint")}
            </p>
          </div>
          {savedClasses.data && savedClasses.data.length > 0 ? (
            <div className="field">
              <label htmlFor="saved-class">{t("sessions.start.savedClass")}</label>
              <select
                id="saved-class"
                value={chosenClass?.id ?? ""}
                onChange={(e) => setClassId(e.target.value)}
                aria-describedby="saved-class-hint"
              >
                <option value="">{t("sessions.start.noSavedClass")}</option>
                {savedClasses.data.map((c) => (
                  <option key={c.id} value={c.id}>
                    {t(msg("sessions.start.savedClassOption", { name: c.name, count: c.names.length }))}
                  </option>
                ))}
              </select>
              <p className="hint-below" id="saved-class-hint">
                {t("sessions.start.savedClassHint")}
              </p>
            </div>
          ) : null}
          {chosenClass ? (
            <div className="field">
              <p className="field-label" id="saved-class-names">
                {t(msg("sessions.start.savedClassNames", { name: chosenClass.name }))}
              </p>
              <ul className="class-names" aria-labelledby="saved-class-names">
                {chosenClass.names.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
              <p className="hint-below">
                <Link
                  to={`/classes/${encodeURIComponent(chosenClass.id)}`}
                  state={{ back: `/start-session/${encodeURIComponent(gameId)}` }}
                >
                  {t(msg("sessions.start.editSavedClass", { name: chosenClass.name }))}
                </Link>
              </p>
            </div>
          ) : (
            <div className="field">
              <label htmlFor="class-list">{t("sessions.start.classList")}</label>
              <textarea
                id="class-list"
                rows={5}
                value={classList}
                onChange={(e) => setClassList(e.target.value)}
                aria-describedby="class-list-hint"
              />
              <p className="hint-below" id="class-list-hint">
                {t("sessions.start.classListHint")}{" "}
                {savedClasses.data?.length === 0 ? (
                  <Link to="/classes">{t("sessions.start.saveClassesLink")}</Link>
                ) : null}
              </p>
            </div>
          )}
          <div className="field">
            <label htmlFor="closes-at">{t("sessions.start.closesAt")}</label>
            <input
              type="datetime-local"
              id="closes-at"
              value={closesAt}
              min={closingBounds.min}
              max={closingBounds.max}
              onChange={(e) => setClosesAt(e.target.value)}
              aria-describedby="closes-at-hint"
            />
            <p className="hint-below" id="closes-at-hint">
              {t("sessions.start.closesAtHint")}
            </p>
          </div>
          {start.isError ? (
            <p role="alert" className="error">
              {start.error instanceof ApiError ? errorMessage(start.error) : t("sessions.start.failed")}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={start.isPending}>
            {start.isPending ? t("sessions.start.starting") : t("sessions.start.submit")}
          </button>
        </form>
      ) : null}
    </main>
  );
}
