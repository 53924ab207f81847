/**
 * A pupil finding a station (decision 031): checked and recorded in ONE statement, so two finds
 * at once cannot record a station that is not the next on the pupil's route. And a card's QR
 * address opened on a device (/s/<token>): the find made for the device's own progress.
 */
import { ApiError } from "../../shared/api-errors.ts";
import { groupNumberOf } from "../../shared/stations/pupil-hunt.ts";
import type { FindOutcome, StationSymbol } from "../../shared/stations/station-responses.ts";
import { findOutcome, routeOf, stationSymbolOf, stationWordKey } from "../../shared/stations/station-rules.ts";
import { stationMessages } from "../../shared/stations/station-texts.ts";
import type { Db } from "../db/client.ts";
import { runStatement, statement } from "../db/prepared.ts";
import { sessionIsLiveSql } from "../db/session-live.ts";
import { isUuid } from "../db/uuid.ts";
import { conflict, notYourProgress, progressNotFound, sessionEnded } from "../http/errors.ts";
import { rememberAroundTheRoom } from "./hunt-modes.ts";
import { nextOnRouteSql } from "./hunt-sql.ts";
import { missingProgress } from "./play-queries.ts";
import { tabletSiblingsAtSamePlaceSql, tabletTurnJoinSql } from "./tablet-sql.ts";

/** What was found: a card's token, or a station word as typed. */
export type FindBy = { token: string } | { word: string };

type FindParams = "progressId" | "studentId" | "token" | "wordKey";

type FindRow = {
  owned: boolean;
  live: boolean;
  in_room: boolean;
  session_id: string;
  group_identifier: string;
  question_count: number;
  /** The card is one of the game's (its number), or null: no card of this game has that token or word. */
  card_number: number | null;
  /** The group's game's question whose station the card is; null when the card is not part of this hunt. */
  question_index: number | null;
  answered: number[];
  recorded: boolean;
};

/**
 * The find, checked and recorded in one statement: the card among the cards of the game of the
 * pupil's group (by token, or by folded word; a card of another group's game in the same session is
 * no card of this hunt), the question of the group's version that the card belongs to,
 * and the pupil's next station on the route; a station_finds row only when the card is that station
 * (a station found again inserts nothing), only for the pupil's own progress in a live session
 * played around the room.
 */
const FIND_STATION = statement<FindParams>(
  "find_station",
  `with target as (
     select p.id, p.session_id, p.group_identifier, p.student_id = :studentId::text as owned,
            p.group_id, p.student_id, p.seat, p.completed_questions_count,
            ${sessionIsLiveSql("s")} as live, s.hunt_mode = 'room' as in_room, sg.question_count,
            c.number as card_number, cq.position as question_index,
            case when s.hunt_mode = 'room' then ${nextOnRouteSql("p", "sg")} end as route_next
     from student_progress p
     join game_sessions s on s.id = p.session_id
     join session_groups sg on sg.id = p.group_id
     left join station_cards c on c.game_id = sg.game_id and (c.token = :token::text or c.word_key = :wordKey::text)
     left join questions cq on cq.game_id = sg.game_id and cq.version = sg.question_version and cq.station_key = c.station_key
     where p.id = :progressId::uuid
   ),
   finder as (
     select * from target where owned and live and in_room and question_index = route_next
   ),
   recorded as (
     insert into station_finds (progress_id, question_index)
     select id, question_index from finder
     -- On a tablet (decision 048) one find is every child's at the same place on the route.
     union all
     select s.id, t.question_index from finder t, ${tabletSiblingsAtSamePlaceSql("t")}
     on conflict (progress_id, question_index) do nothing
     returning progress_id
   )
   select t.owned, t.live, t.in_room, t.session_id, t.group_identifier, t.question_count, t.card_number, t.question_index,
          (select coalesce(array_agg(a.question_index::int order by a.question_index), '{}') from progress_answers a
           where a.progress_id = t.id and a.is_correct) as answered,
          exists (select 1 from recorded r where r.progress_id = t.id) as recorded
   from target t`,
);

export type FindResult = {
  outcome: FindOutcome;
  /** The station the card is, when it is part of this hunt. */
  station: { number: number; symbol: StationSymbol } | null;
  sessionId: string;
  /** A station newly found (the host's pages show it): false when found before, or not found. */
  recorded: boolean;
  /** A word typed that is no card's of this game: it spends the guessing allowance. */
  wrongWord: boolean;
};

/** Finds a station for the pupil's own progress; the outcome by shared/stations' findOutcome. */
export async function findStation(db: Db, progressId: string, studentId: string, by: FindBy): Promise<FindResult> {
  if (!isUuid(progressId)) throw progressNotFound();
  const [row] = await runStatement<FindRow, FindParams>(db, FIND_STATION, {
    progressId,
    studentId,
    token: "token" in by ? by.token : null,
    wordKey: "word" in by ? stationWordKey(by.word) : null,
  });
  if (!row) throw await missingProgress(db, progressId, studentId);
  if (!row.owned) throw notYourProgress();
  if (!row.live) throw sessionEnded();
  if (!row.in_room) throw conflict("not_around_the_room", stationMessages.notAroundTheRoom);
  rememberAroundTheRoom(progressId);
  const route = routeOf(groupNumberOf(row.group_identifier), row.question_count);
  const outcome = findOutcome(row.question_index, route, new Set(row.answered));
  return {
    outcome,
    station:
      row.question_index === null || row.card_number === null
        ? null
        : { number: row.card_number, symbol: stationSymbolOf(row.card_number) },
    sessionId: row.session_id,
    recorded: row.recorded,
    wrongWord: "word" in by && row.card_number === null,
  };
}

/** A typed word that is no card's, as an error the guessing allowance counts (limits/join-guesses.ts); it carries the result. */
export class WrongStationWord extends ApiError {
  readonly result: FindResult;
  constructor(result: FindResult) {
    super(404, "not_found", stationMessages.tokenOrWord);
    this.result = result;
  }
}

const VISIT_PROGRESS = statement<"deviceId" | "token">(
  "station_visit_progress",
  `select p.id, turn.id as turn_id from student_progress p join game_sessions s on s.id = p.session_id
   ${tabletTurnJoinSql("p")}
   join session_groups sg on sg.id = p.group_id
   where p.student_id = :deviceId::text and s.hunt_mode = 'room' and ${sessionIsLiveSql("s")}
   -- The hunt whose group plays the game of the card first; else the latest hunt of the device (which says the card is not part of it).
   order by exists (select 1 from station_cards c where c.token = :token::text and c.game_id = sg.game_id) desc, p.started_at desc
   limit 1`,
);

/**
 * The device's progress in a live hunt around the room (the card's game's first), or null: the device
 * goes to join. On a tablet (decision 048), the progress of the child whose turn it is: the find is theirs.
 */
export async function progressForVisit(db: Db, deviceId: string, token: string): Promise<string | null> {
  const [row] = await runStatement<{ id: string; turn_id: string | null }, "deviceId" | "token">(db, VISIT_PROGRESS, {
    deviceId,
    token,
  });
  return row ? (row.turn_id ?? row.id) : null;
}
