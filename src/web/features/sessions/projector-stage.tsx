/**
 * The codes page's projector view: a stage seen from the back of a classroom. One card per
 * group, fully in the group's colour, with its code as large as the card allows, a QR code, a
 * short join link, how many have joined, their names as they arrive and how far the group has
 * come together. No ranking of children: each group's bar only measures the group against itself.
 * Around the room the bar is the group's trail of stations: found, answered, still to find.
 * When the groups play different games, each card names its game and its bar counts that
 * game's questions; the header names every game.
 * Its own chunk, so the pupils' typeface is fetched only when a teacher opens the stage.
 */
import { GROUPS } from "../../../shared/games/curriculum.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { joinLink, typedJoinLink } from "../../../shared/play/join-link.ts";
import { isSplitSession, sessionGamesTitle } from "../../../shared/sessions/group-games.ts";
import type { SessionDetail, SessionGroup } from "../../../shared/sessions/session-responses.ts";
import { GroupBadge } from "../../components/group-badge.tsx";
import { useT } from "../../lib/i18n/language.tsx";
import "../../styles/play-theme.css";
import "../../styles/projector-stage.css";
import { QrCode } from "../../components/qr-code.tsx";
import { GroupTrail, TrailKey } from "./group-trail.tsx";
import { BreakAtSlashes, JoinCodeDigits, shortLink } from "./join-code-text.tsx";

/**
 * Share of the group's questions answered right: every member answering every question of the
 * group's own game is 100 %.
 */
export function groupProgress(
  group: Pick<SessionGroup, "memberCount" | "questionsCompleted" | "questionCount">,
): number {
  const possible = group.memberCount * group.questionCount;
  return possible > 0 ? Math.min(1, group.questionsCompleted / possible) : 0;
}

function StageCard({
  group,
  joinBaseUrl,
  pupilLanguage,
  split,
}: {
  group: SessionGroup;
  joinBaseUrl: string;
  pupilLanguage: Language;
  /** The groups play different games: the card names its own. */
  split: boolean;
}) {
  const t = useT();
  const name = t(GROUPS[group.groupIdentifier].nameKey);
  const possible = group.memberCount * group.questionCount;
  const percent = Math.round(groupProgress(group) * 100);
  return (
    <li
      className={`stage-card group-${group.groupIdentifier}`}
      aria-label={t(msg("sessions.codes.groupLabel", { group: name }))}
    >
      <div className="stage-card-body">
        <div className="stage-card-top">
          <GroupBadge group={group.groupIdentifier} size="large" />
          <p className="stage-count" aria-live="polite">
            {t(msg("sessions.stage.students", { count: group.memberCount }))}
          </p>
        </div>
        {split ? <p className="stage-game">{group.gameTitle}</p> : null}
        <p
          className="projector-digits"
          aria-label={t(msg("sessions.codes.joinCodeLabel", { digits: group.joinCode.split("").join(" ") }))}
        >
          <JoinCodeDigits code={group.joinCode} />
        </p>
        <div className="stage-card-bottom">
          <div className="stage-join">
            <QrCode
              text={joinLink(joinBaseUrl, group.joinCode, pupilLanguage)}
              label={t(msg("sessions.codes.qrLabel", { group: name }))}
            />
            <p className="stage-link">
              <BreakAtSlashes text={shortLink(typedJoinLink(joinBaseUrl, group.joinCode))} />
            </p>
          </div>
          <div className="stage-team">
            <div className="stage-progress">
              <span className="stage-progress-label">
                {possible > 0
                  ? t(msg("sessions.stage.together", { done: group.questionsCompleted, possible }))
                  : t("sessions.stage.waiting")}
              </span>
              {group.trail ? (
                <GroupTrail trail={group.trail} memberCount={group.memberCount} groupName={name} />
              ) : (
                <span
                  className="stage-bar"
                  role="progressbar"
                  aria-label={t(msg("sessions.stage.barLabel", { group: name }))}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                >
                  <span className="stage-bar-fill" style={{ width: `${percent}%` }} />
                </span>
              )}
            </div>
            <ul className="stage-names" aria-label={t(msg("sessions.stage.newestFirst", { group: name }))}>
              {group.members
                .slice()
                .reverse()
                .map((member) => (
                  <li key={member.progressId}>{member.name}</li>
                ))}
            </ul>
          </div>
        </div>
      </div>
    </li>
  );
}

export default function ProjectorStage({
  session,
  joinBaseUrl,
  onClose,
}: {
  session: SessionDetail;
  joinBaseUrl: string;
  onClose: () => void;
}) {
  const groups = session.groups;
  const split = isSplitSession(groups);
  const t = useT();
  return (
    <main className="projector stage" data-groups={groups.length}>
      <header className="stage-header">
        <h1>
          <span className="stage-title">
            {split
              ? sessionGamesTitle(session.games.map((g) => g.title))
              : (session.games[0]?.title ?? session.gameTitle)}
          </span>{" "}
          <span className="stage-go">{t(msg("sessions.stage.goTo", { url: shortLink(joinBaseUrl) }))}</span>
        </h1>
        {session.huntMode === "room" ? <TrailKey /> : null}
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t("sessions.stage.close")}
        </button>
      </header>
      <ul className="stage-cards">
        {groups.map((g) => (
          <StageCard
            key={g.id}
            group={g}
            joinBaseUrl={joinBaseUrl}
            pupilLanguage={session.pupilLanguage}
            split={split}
          />
        ))}
      </ul>
    </main>
  );
}
