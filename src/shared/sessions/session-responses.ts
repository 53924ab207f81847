/** Shapes of the session API's responses: the dashboard, the codes page, the projector (types only). */
import type { GroupIdentifier } from "../games/curriculum.ts";
import type { Language } from "../i18n/languages.ts";

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
};

export type SessionMember = { progressId: string; name: string };

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
  groups: SessionGroup[];
};

/** The codes page adds where pupils' devices should go to join. */
export type SessionCodesResponse = { session: SessionDetail; joinBaseUrl: string };
