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
  status: SessionDetail["status"];
  startTime: string;
  endTime: string | null;
};

export type SessionGroup = {
  id: string;
  joinCode: string;
  groupIdentifier: GroupIdentifier;
  memberCount: number;
  /** The group's pupils in the order they joined: their names (the projector shows them) and progress ids (to remove one). */
  members: SessionMember[];
  /** Questions the group's pupils have answered right so far, summed (the projector's shared-goal bar). */
  questionsCompleted: number;
  /**
   * Around the room (issue 29): the stations of the group's route in its order, each with how many
   * of the group found it and answered it right (the codes page and the projector); null on screen.
   */
  trail: GroupTrailStop[] | null;
};

/** `stationsFound`: around the room, how many stations the pupil has found (0 on screen). */
export type SessionMember = { progressId: string; name: string; stationsFound: number };

export type SessionDetail = {
  id: string;
  gameId: string;
  gameTitle: string;
  gameDescription: string;
  status: "active" | "completed" | "archived";
  startTime: string;
  endTime: string | null;
  maxDuration: number;
  questionCount: number;
  /** The pupils' screens' language, chosen at Start Session: join links name it (decision 029). */
  pupilLanguage: Language;
  /** How the hunt is played, chosen at Start Session (issue 29): on screen, or at cards around the room. */
  huntMode: HuntMode;
  groups: SessionGroup[];
};

/** The codes page adds where pupils' devices should go to join. */
export type SessionCodesResponse = { session: SessionDetail; joinBaseUrl: string };
