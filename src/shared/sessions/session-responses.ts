/** Shapes of the session API's responses: the dashboard, the codes page, the projector (types only). */
import type { GroupIdentifier } from "../games/curriculum.ts";
import type { Language } from "../i18n/languages.ts";
import type { GroupTrailStop } from "../stations/station-responses.ts";
import type { HuntMode } from "../stations/station-rules.ts";

/** One row of the dashboard's active or past sessions. */
export type SessionSummary = {
  id: string;
  gameId: string;
  gameTitle: string;
  /**
   * The titles of the games the session's groups play, distinct, in group order (one title
   * for a session of one game); the dashboard joins them ("Halves and quarters + Fractions").
   */
  gameTitles: string[];
  status: SessionDetail["status"];
  startTime: string;
  endTime: string | null;
  /** Homework: when the session closes by itself (ISO); null for a session played in class. */
  closesAt: string | null;
};

/** A game played in a session: by one group or several. `questionCount`: of the version the session keeps. */
export type SessionGame = { id: string; title: string; questionCount: number };

export type SessionGroup = {
  id: string;
  joinCode: string;
  groupIdentifier: GroupIdentifier;
  /** The game this group plays: the session's game unless the teacher chose another for it. */
  gameId: string;
  gameTitle: string;
  /** The number of questions of the group's game (the version the session keeps): each pupil's goal. */
  questionCount: number;
  memberCount: number;
  /** The group's pupils in the order they joined: their names (the projector shows them) and progress ids (to remove one). */
  members: SessionMember[];
  /** Questions the group's pupils have answered right so far, summed (the projector's shared-goal bar). */
  questionsCompleted: number;
  /**
   * Around the room: the stations of the group's route in its order, each with how many
   * of the group found it and answered it right (the codes page and the projector); null on screen.
   */
  trail: GroupTrailStop[] | null;
};

/**
 * `stationsFound`: around the room, how many stations the pupil has found (0 on screen).
 * `tablet`: the child shares a device with other children of the group (decision 048); null alone on it.
 */
export type SessionMember = { progressId: string; name: string; stationsFound: number; tablet: MemberTablet | null };

/**
 * A child on a tablet as the teacher sees them: the names of the other children on it in turn order (the
 * order they were added), and whether it is this child's turn now (`turnOf`, shared/play/tablet-turns.ts).
 * Never the device: which tablet it is stays on the server.
 */
export type MemberTablet = { with: string[]; turn: boolean };

/**
 * `gameId`, `gameTitle`, `gameDescription` and `questionCount` are those of the game the session was
 * started from (decision 036); `games` are the games its groups play, distinct, in group order.
 */
export type SessionDetail = {
  id: string;
  gameId: string;
  gameTitle: string;
  gameDescription: string;
  games: SessionGame[];
  status: "active" | "completed" | "archived";
  startTime: string;
  endTime: string | null;
  /** Homework: when the session closes by itself (ISO); null for a session played in class. */
  closesAt: string | null;
  maxDuration: number;
  questionCount: number;
  /** The pupils' screens' language, chosen at Start Session: join links name it (decision 029). */
  pupilLanguage: Language;
  /** How the hunt is played, chosen at Start Session: on screen, or at cards around the room. */
  huntMode: HuntMode;
  groups: SessionGroup[];
};

/** The codes page adds where pupils' devices should go to join. */
export type SessionCodesResponse = { session: SessionDetail; joinBaseUrl: string };
