/**
 * What replaces the question at the end. Completion: the SPEC's words, the chest opening with
 * confetti, the stops reached (questions answered: a clue is the teacher's hint, which a child
 * may never have seen) and how many first time; on a tablet a group shared (decision 048), each
 * child by name with their own. The session ended by the teacher: news,
 * told calmly (the child did nothing wrong). Each message takes the focus, so it is read out.
 */
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { msg } from "../../../shared/i18n/messages.ts";
import type { PlayState, TabletPlayer } from "../../../shared/play/play-responses.ts";
import { playMessages } from "../../../shared/play/play-texts.ts";
import { removalMessages } from "../../../shared/sessions/pupil-removal.ts";
import { PlayerName } from "../../components/player-name.tsx";
import { useT } from "../../lib/i18n/language.tsx";
import { Slotted } from "../../lib/i18n/slotted.tsx";
import { TreasureChest } from "./clue-trail.tsx";

const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** `players`: the children of a tablet, each with their own results (null for a child alone). */
export function CompletionScreen({ state, players = null }: { state: PlayState; players?: TabletPlayer[] | null }) {
  const t = useT();
  return (
    <section className="finish-card finish-complete">
      <div className="chest-moment" aria-hidden="true">
        <span className="confetti">
          {Array.from({ length: 18 }, (_, i) => (
            // Scattered, not in a line: a fixed shuffle of places and start times.
            <span
              key={i}
              className="confetti-piece"
              style={{ "--x": `${(i * 37) % 96}%`, "--delay": `${300 + ((i * 53) % 11) * 90}ms` } as CSSProperties}
            />
          ))}
        </span>
        <TreasureChest open className="chest-large" />
      </div>
      <p className="congratulations" role="status" tabIndex={-1} ref={focusOnMount}>
        {t(players ? playMessages.congratulationsTogether : playMessages.congratulations)}
      </p>
      {players ? (
        <TabletResults players={players} questionCount={state.questionCount} aroundTheRoom={state.hunt !== null} />
      ) : (
        <ul className="finish-stats">
          <li>
            <Slotted
              id="pupil.finish.stopsReached"
              values={{ count: state.completedQuestionsCount }}
              slots={{ n: <strong>{state.completedQuestionsCount}</strong> }}
            />
          </li>
          <li>
            <Slotted id="pupil.finish.rightFirstTime" slots={{ n: <strong>{state.correctFirstTimeCount}</strong> }} />
          </li>
        </ul>
      )}
      <Link className="button button-play" to="/join">
        {t("pupil.finish.joinAnother")}
      </Link>
    </section>
  );
}

/** Each child of the tablet by name: the questions they answered, how many first time, and around the room the stations found. */
function TabletResults({
  players,
  questionCount,
  aroundTheRoom,
}: {
  players: TabletPlayer[];
  questionCount: number;
  aroundTheRoom: boolean;
}) {
  const t = useT();
  return (
    <section className="tablet-results" aria-labelledby="tablet-results-heading">
      <h2 id="tablet-results-heading" className="visually-hidden">
        {t("pupil.tablet.players")}
      </h2>
      <ul>
        {players.map((player) => (
          <li key={player.progressId}>
            <PlayerName name={player.name} className="tablet-result-name" />
            <ul className="finish-stats">
              {aroundTheRoom ? (
                <li>
                  <Slotted id="pupil.tablet.stationsFound" slots={{ count: <strong>{player.stationsFound}</strong> }} />
                </li>
              ) : null}
              <li>
                <Slotted
                  id="pupil.tablet.questionsDone"
                  values={{ total: questionCount }}
                  slots={{ done: <strong>{player.completedQuestionsCount}</strong> }}
                />
              </li>
              <li>
                <Slotted
                  id="pupil.finish.rightFirstTime"
                  slots={{ n: <strong>{player.correctFirstTimeCount}</strong> }}
                />
              </li>
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SessionEndedScreen({ state }: { state: PlayState }) {
  const t = useT();
  return (
    <section className="finish-card finish-ended">
      <svg className="ended-icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path d="M10 6v38" />
        <path className="flag" d="M12 8h24l-5 7 5 7H12z" />
      </svg>
      <p className="session-ended" role="status" tabIndex={-1} ref={focusOnMount}>
        {t(playMessages.sessionEnded)}
      </p>
      <p className="finish-words">
        {t("pupil.finish.teacherFinished")}{" "}
        {state.completedQuestionsCount > 0
          ? t(msg("pupil.finish.youReachedStops", { count: state.completedQuestionsCount }))
          : t("pupil.finish.thanks")}
      </p>
      <Link className="button button-play" to="/join">
        {t("pupil.finish.joinAnother")}
      </Link>
    </section>
  );
}

/** The whole page: the progress record is gone, so there is no game header to show above it. */
export function RemovedScreen() {
  const t = useT();
  return (
    <main className="page play pupil-screen pupil-removed">
      <section className="finish-card finish-removed">
        <svg className="removed-icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          {/* A raised hand: ask the teacher. */}
          <path
            className="palm"
            d="M15 26V12a3 3 0 0 1 6 0v10V8a3 3 0 0 1 6 0v14V10a3 3 0 0 1 6 0v14-8a3 3 0 0 1 6 0v14c0 9-6 14-13 14-6 0-9-3-12-8l-5-8a3 3 0 0 1 5-3z"
          />
        </svg>
        <h1 className="removed-heading" tabIndex={-1} ref={focusOnMount}>
          {t(removalMessages.pupilHeading)}
        </h1>
        <p className="finish-words">{t(removalMessages.pupilDetail)}</p>
      </section>
    </main>
  );
}
