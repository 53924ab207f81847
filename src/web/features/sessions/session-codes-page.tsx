/**
 * Session Codes (/session-codes/{sessionId}): the codes per group with live member counts and
 * who has joined (each with Remove, decision 016), a QR code and link for each, a projector
 * view, and 'End Session for All' for the host. Around the room, each group's trail
 * of stations and each pupil's stations found, live. Children sharing a tablet: who is on it with whom
 * and whose turn it is, live. When the groups play different games, the session names them all and
 * each group's card names its own.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Link, useParams } from "react-router";
import { formatDateTime, formatTime, formatWeekday } from "../../../shared/format.ts";
import { GROUPS } from "../../../shared/games/curriculum.ts";
import { LANGUAGE_LOCALES, type Language } from "../../../shared/i18n/languages.ts";
import { type MessageKey, msg } from "../../../shared/i18n/messages.ts";
import { joinLink, typedJoinLink } from "../../../shared/play/join-link.ts";
import { isSplitSession, sessionGamesTitle } from "../../../shared/sessions/group-games.ts";
import type { RealtimeEvent } from "../../../shared/sessions/realtime.ts";
import type { SessionGroup } from "../../../shared/sessions/session-responses.ts";
import { sessionMessages } from "../../../shared/sessions/session-rules.ts";
import { GroupBadge } from "../../components/group-badge.tsx";
import { Loading } from "../../components/loading.tsx";
import { QrCode } from "../../components/qr-code.tsx";
import { type PupilToRemove, usePupilRemoval } from "../../components/remove-pupil-dialog.tsx";
import { TabletMark } from "../../components/tablet-mark.tsx";
import { TeacherPageMessage } from "../../components/teacher-page-message.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useLanguage, useT } from "../../lib/i18n/language.tsx";
import { queryKeys } from "../../lib/query-keys.ts";
import { sessionEventsUrl, useLiveEvents } from "../../lib/use-live-events.ts";
import { useThrottled } from "../../lib/use-throttled.ts";
import { GroupTrail, TrailKey } from "./group-trail.tsx";
import { BreakAtSlashes, JoinCodeDigits } from "./join-code-text.tsx";
import { endSession, fetchSession } from "./sessions-api.ts";

// The stage brings the pupils' typeface with it: loaded only when the teacher opens it.
const ProjectorStage = lazy(() => import("./projector-stage.tsx"));

/** How often, at most, the projector re-reads the groups while answers stream in. */
const STAGE_REFRESH_MS = 500;

/**
 * Copies `text` (a group's join link; for homework, the link with a line naming the
 * closing time, for Seesaw, Google Classroom or an e-mail), saying so for two seconds; where the
 * clipboard is refused, shows the text to copy by hand.
 */
function CopyButton({ text, label, copiedLabel }: { text: string; label: MessageKey; copiedLabel: MessageKey }) {
  const [copied, setCopied] = useState(false);
  const t = useT();
  return (
    <button
      type="button"
      className="button button-secondary button-small"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          window.prompt(t("sessions.codes.copyPrompt"), text);
        }
      }}
    >
      {copied ? t(copiedLabel) : t(label)}
    </button>
  );
}

/** A closing time in words in the reader's language: { day: 'Friday 4 December', time: '15:00' }. */
const closingWords = (closesAt: string, language: Language) => ({
  day: formatWeekday(closesAt, LANGUAGE_LOCALES[language]),
  time: formatTime(closesAt, LANGUAGE_LOCALES[language]),
});

function GroupCard({
  group,
  joinBaseUrl,
  pupilLanguage,
  active,
  split,
  closesAt,
  onRemove,
}: {
  group: SessionGroup;
  joinBaseUrl: string;
  pupilLanguage: Language;
  active: boolean;
  /** Homework: when the session closes, for the copied text; null in class. */
  closesAt: string | null;
  /** The session's groups play different games: the card names its own. */
  split: boolean;
  onRemove: (pupil: PupilToRemove) => void;
}) {
  // The QR code, the address and Copy Link name the pupils' language; the printed text is the one to type (join-link.ts).
  const link = joinLink(joinBaseUrl, group.joinCode, pupilLanguage);
  const t = useT();
  const { language } = useLanguage();
  const name = t(GROUPS[group.groupIdentifier].nameKey);
  return (
    <li
      className={`card code-card group-${group.groupIdentifier}`}
      aria-label={t(msg("sessions.codes.groupLabel", { group: name }))}
    >
      <GroupBadge group={group.groupIdentifier} />
      {split ? (
        <p className="code-card-game">
          <strong>{t("sessions.codes.game")}</strong> {group.gameTitle || t("common.gameTitleNotFound")}
        </p>
      ) : null}
      <p
        className="join-code"
        aria-label={t(msg("sessions.codes.joinCodeLabel", { digits: group.joinCode.split("").join(" ") }))}
      >
        <JoinCodeDigits code={group.joinCode} />
      </p>
      <p className="member-count" aria-live="polite">
        {t(msg("sessions.codes.joined", { count: group.memberCount }))}
      </p>
      {group.trail ? <GroupTrail trail={group.trail} memberCount={group.memberCount} groupName={name} /> : null}
      {active ? (
        <>
          <QrCode text={link} label={t(msg("sessions.codes.qrLabel", { group: name }))} />
          <p className="join-link">
            <a href={link}>
              <BreakAtSlashes text={typedJoinLink(joinBaseUrl, group.joinCode)} />
            </a>
          </p>
          <CopyButton text={link} label="sessions.codes.copyLink" copiedLabel="sessions.codes.linkCopied" />
          {closesAt ? (
            <CopyButton
              text={t(msg("sessions.codes.homeworkText", { group: name, link, ...closingWords(closesAt, language) }))}
              label="sessions.codes.copyHomeworkLink"
              copiedLabel="sessions.codes.homeworkLinkCopied"
            />
          ) : null}
        </>
      ) : null}
      {/* Below the code and QR code, folded: a class of 30 in one group must not push them off a laptop's screen. */}
      {active && group.members.length > 0 ? (
        <details className="member-details">
          <summary>{t(msg("sessions.codes.whoJoined", { count: group.members.length }))}</summary>
          <ul className="member-list" aria-label={t(msg("sessions.codes.studentsIn", { group: name }))}>
            {group.members.map((member) => (
              <li key={member.progressId}>
                <span className="member-who">
                  <span className="member-name">{member.name}</span>
                  {group.trail ? (
                    <span className="member-stations">
                      {t(
                        msg("sessions.codes.stationsFound", { found: member.stationsFound, total: group.trail.length }),
                      )}
                    </span>
                  ) : null}
                  <TabletMark name={member.name} tablet={member.tablet} />
                </span>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={t(msg("sessions.codes.removeName", { name: member.name }))}
                  onClick={() => onRemove(member)}
                >
                  {t("sessions.codes.remove")}
                </button>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

export default function SessionCodesPage() {
  const { sessionId = "" } = useParams();
  const queryClient = useQueryClient();
  const [projector, setProjector] = useState(false);
  const [ended, setEnded] = useState(false);
  const t = useT();
  const { language } = useLanguage();
  const query = useQuery({
    queryKey: queryKeys.session(sessionId),
    queryFn: () => fetchSession(sessionId),
    enabled: Boolean(sessionId),
    retry: 1,
  });
  const session = query.data?.session;
  const active = session?.status === "active";

  // The codes show who has joined (around the room, the stations found; on a tablet, whose turn it
  // is); the projector also each group's right answers. So answers re-fetch only while the projector
  // is up, the hunt is around the room or children share a tablet, at most twice a second however
  // fast a class answers.
  const tablets = session?.groups.some((g) => g.members.some((m) => m.tablet)) ?? false;
  const refetch = useThrottled(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) }, { cancelRefetch: false }),
    STAGE_REFRESH_MS,
  );
  useLiveEvents<RealtimeEvent>(sessionId && session ? sessionEventsUrl(sessionId) : null, (message) => {
    if (
      ["members", "pupil-removed", "session-ended", "open", "refused", "resync"].includes(message.type) ||
      ((projector || session?.huntMode === "room" || tablets) && message.type === "progress")
    )
      refetch();
  });
  const removal = usePupilRemoval(
    sessionId,
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) }),
  );

  const end = useMutation({
    mutationFn: () => endSession(sessionId),
    onSuccess: async () => {
      setEnded(true);
      await queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
  });

  if (!sessionId) return <TeacherPageMessage title="sessions.codes.title" text="common.error.sessionIdMissing" />;
  if (query.isPending) return <TeacherPageMessage title="sessions.codes.title" text="common.loading" loading />;
  if (query.isError) {
    return (
      <TeacherPageMessage
        title="sessions.codes.title"
        text={
          query.error instanceof ApiError && query.error.status === 404
            ? sessionMessages.notFound
            : "common.error.fetchSessionFailed"
        }
      />
    );
  }
  const { joinBaseUrl } = query.data;
  const s = session!;
  const split = isSplitSession(s.groups);

  if (projector) {
    return (
      <Suspense fallback={<Loading />}>
        <ProjectorStage session={s} joinBaseUrl={joinBaseUrl} onClose={() => setProjector(false)} />
      </Suspense>
    );
  }

  return (
    <main className="page wide session-codes">
      <h1>{t("sessions.codes.started")}</h1>
      <section className="card session-facts" aria-label={t("sessions.codes.details")}>
        <p>
          {split ? (
            <>
              <strong>{t("sessions.codes.games")}</strong> {sessionGamesTitle(s.games.map((g) => g.title))}
            </>
          ) : (
            // One game: the one the groups play (the session's own, unless every group was given another; decision 036).
            <>
              <strong>{t("sessions.codes.game")}</strong>{" "}
              {(s.games[0]?.title ?? s.gameTitle) || t("common.gameTitleNotFound")}
            </>
          )}
        </p>
        <p>
          <strong>{t("sessions.codes.sessionId")}</strong> <code>{s.id}</code>
        </p>
        <p>
          <strong>{t("sessions.codes.status")}</strong>{" "}
          <span className={active ? "status-active" : "status-ended"}>{t(`sessions.status.${s.status}`)}</span>
        </p>
        <p>
          <strong>{t("sessions.codes.startedAt")}</strong> {formatDateTime(s.startTime, LANGUAGE_LOCALES[language])}
        </p>
        {active && s.closesAt ? (
          <p className="homework-closes">
            <strong>{t(msg("sessions.codes.openUntil", closingWords(s.closesAt, language)))}</strong>
          </p>
        ) : null}
        {!active ? (
          <p>
            <strong>{t("sessions.codes.endedAt")}</strong> {formatDateTime(s.endTime, LANGUAGE_LOCALES[language])}
          </p>
        ) : null}
      </section>

      {ended ? (
        <p role="status" className="success">
          {t(sessionMessages.endedSuccessfully)}
        </p>
      ) : null}
      {end.isError ? (
        <p role="alert" className="error">
          {t(
            end.error instanceof ApiError && end.error.status === 403
              ? sessionMessages.notAuthorizedToEnd
              : "sessions.codes.endFailed",
          )}
        </p>
      ) : null}

      <div className="actions">
        {active ? (
          <button
            type="button"
            className="button button-danger"
            disabled={end.isPending}
            onClick={() => {
              if (window.confirm(t(sessionMessages.confirmEnd))) end.mutate();
            }}
          >
            {t("sessions.codes.endForAll")}
          </button>
        ) : null}
        {active ? (
          <button type="button" className="button button-secondary" onClick={() => setProjector(true)}>
            {t("sessions.codes.projectorView")}
          </button>
        ) : null}
        <Link className="button button-secondary" to={`/results/${s.id}`}>
          {t("sessions.codes.viewResults")}
        </Link>
      </div>

      <h2>{t("sessions.codes.joinCodes")}</h2>
      {removal.status}
      {removal.dialog}
      {s.groups.length === 0 ? (
        <p>{t("sessions.codes.noGroups")}</p>
      ) : (
        <>
          {active ? <p className="hint">{t(msg("sessions.codes.pupilsGo", { url: joinBaseUrl }))}</p> : null}
          {s.huntMode === "room" ? <TrailKey /> : null}
          <ul className="codes-grid">
            {s.groups.map((g) => (
              <GroupCard
                key={g.id}
                group={g}
                joinBaseUrl={joinBaseUrl}
                pupilLanguage={s.pupilLanguage}
                active={active}
                split={split}
                closesAt={s.closesAt}
                onRemove={removal.ask}
              />
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/dashboard">{t("common.backToDashboard")}</Link>
      </p>
    </main>
  );
}
