/** Shapes of the join and play API's responses (types only: no runtime code, so the pupils' bundle may import it). */
import type { GroupIdentifier } from "../games/curriculum.ts";
import type { OptionPictures, QuestionPicture } from "../games/images.ts";
import type { QuestionKind } from "../games/question-kinds.ts";
import type { Language } from "../i18n/languages.ts";
import type { PupilHunt } from "../stations/station-responses.ts";
import type { FindOutcome, StationSymbol } from "../stations/station-rules.ts";

/** A name of the class list as a pupil's device is shown it, and whether another pupil already has it. */
export type ClassListEntry = { name: string; taken: boolean };

/**
 * `classList`: the names pupils choose from (taken ones marked), or null when they type their name.
 * `pupilLanguage`: the pupils' screens' language; `questionLanguage`: the game's.
 */
export type JoinLookupResponse = {
  groupId: string;
  groupIdentifier: GroupIdentifier;
  sessionId: string;
  gameTitle: string;
  pupilLanguage: Language;
  questionLanguage: Language;
  classList?: ClassListEntry[] | null;
};
export type JoinResponse = { progressId: string };

/** What a student sees of their progress: never a correct answer. */
export type PlayState = {
  progressId: string;
  studentName: string;
  gameTitle: string;
  /** The subject chosen when the game was made (null if none). */
  gameSubject: string | null;
  /** The language the teacher chose for the pupils' screens. */
  pupilLanguage: Language;
  /** The language of the questions: marked on them (`lang`) and read aloud in it. */
  questionLanguage: Language;
  groupIdentifier: GroupIdentifier;
  questionCount: number;
  completedQuestionsCount: number;
  sessionActive: boolean;
  helpRequested: boolean;
  completed: boolean;
  current: PlayQuestion | null;
  /** The teacher turned sound effects on for this session (Start Session); off by default. */
  soundEffects: boolean;
  /** Questions this pupil answered right on the first attempt (the completion screen shows it). */
  correctFirstTimeCount: number;
  /**
   * The hunt around the room: the pupil's route and the station to find next; null when
   * the session is played on screen. Around the room, `current` is null until `hunt.next` is found.
   */
  hunt: PupilHunt | null;
  /**
   * Several children of the group taking turns on this device (decision 048), or null for a child
   * alone on it. On a tablet every other field is the state of the child whose turn it is
   * (`tablet.turn`): their question, their tries, their clue; once every child has finished, the
   * state of the child asked for.
   */
  tablet: Tablet | null;
};

/** A child on a tablet, as the tablet shows them: their name, and what they found and got right. */
export type TabletPlayer = {
  progressId: string;
  name: string;
  completedQuestionsCount: number;
  correctFirstTimeCount: number;
  /** Around the room: the stations found for this child (0 on screen). */
  stationsFound: number;
  completed: boolean;
};

/** The children on one tablet in turn order (the order they were added), and whose turn it is (null when all finished). */
export type Tablet = { players: TabletPlayer[]; turn: string | null };

export type PlayQuestion = {
  index: number;
  /** How the question is answered (decision 050): never what the right answer is. */
  kind: QuestionKind;
  questionText: string;
  /**
   * Four options, or choose all's four; an order question's items in the order this child is shown
   * them (shuffled per child, never the right order); none for true or false and for a typed answer
   * (its accepted answers never leave the server).
   */
  options: string[];
  /**
   * Options this pupil already chose wrongly for this question (four options, true or false):
   * crossed out, not chosen again (survives a refresh). Empty for the other kinds.
   */
  wrongOptions: number[];
  /** The teacher's clue for this question, once this pupil has answered it wrongly at least once; otherwise null. */
  clue: string | null;
  /** The question's picture (its address and description, never its bytes), null when it has none. */
  picture: QuestionPicture | null;
  /**
   * The options' pictures (decision 038), A to D, each `{src, alt, width, height}` with
   * `alt` the option's text, or null where that option has none; null when no option has one.
   * Sent with the question the pupil has reached, never before.
   */
  optionPictures: OptionPictures;
  /** The address of the teacher's recording of the question text (recordings.ts), null when it has none. */
  recording: string | null;
  /**
   * The options' recordings' addresses, per option as this child is shown them (an order's items
   * follow its shuffle), null where one has none; null when none has one, and for true or false and a typed answer.
   */
  optionRecordings: (string | null)[] | null;
  /** The clue's recording's address: sent exactly when `clue` is, else null. */
  clueRecording: string | null;
};

/** After a correct answer, `next` is the following question (null after the last one).
 *  After a wrong one, `clue` is the question's clue (null if it has none). */
export type AnswerResponse = {
  isCorrect: boolean;
  completed: boolean;
  questionIndex: number;
  next: PlayQuestion | null;
  clue: string | null;
  /** The clue's recording's address, sent exactly when `clue` is (null when it has none). */
  clueRecording: string | null;
  /** A typed answer right but for its fadas, where fadas count: "Nearly! Check the fada". Not a try: nothing recorded. */
  nearly: boolean;
  /** An order's wrong try: how many items are in their right place; null otherwise. */
  inPlace: number | null;
};

/**
 * An answer as a pupil's device sends it: exactly one of the four answers, by the question's kind.
 * `selectedOption`: four options (0–3), true or false (0 true, 1 false). `selectedOptions`: choose
 * all that apply, the options chosen. `typedAnswer`: what the child typed. `order`: the places of
 * the items as the child was shown them (PlayQuestion.options), in the order the child put them.
 */
export type AnswerInput = {
  questionIndex: number;
  attemptId: string;
  selectedOption?: number;
  selectedOptions?: number[];
  typedAnswer?: string;
  order?: number[];
};

/** After a find: what happened, which station the card was (null when not in this hunt), the new state. */
export type FindStationResponse = {
  outcome: FindOutcome;
  station: { number: number; symbol: StationSymbol } | null;
  state: PlayState;
};

/**
 * A card's QR address opened on a device: on a device that joined a live session of the card's
 * game played around the room, the find is made for it (`progressId` and `find`); otherwise
 * `progressId` is null and the device is sent to join (the join page goes on to the station after).
 */
export type StationVisitResponse = { progressId: string; find: FindStationResponse } | { progressId: null; find: null };
