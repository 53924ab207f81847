/**
 * The whole database, one Drizzle schema for PGlite and PostgreSQL alike.
 *
 * SPEC section 3's "collections" become tables. The auth tables follow the field names
 * better-auth expects (its adapter maps by property name); the column names are ours.
 * `updated_at` is kept by a trigger (see the first migration) so raw SQL updates
 * maintain it too, not only Drizzle's query builder.
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

// Auth (better-auth). `users` is also the SPEC's users collection: displayName, email, role, createdAt.

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("display_name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    /** 'teacher' for signed-up accounts, 'student' for anonymous sign-ins; null only if set-up never finished. */
    role: text("role"),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    /** A teacher's interface language: 'en' or 'ga'; null → the device's choice. */
    preferredLanguage: text("preferred_language"),
    ...timestamps,
  },
  (t) => [check("users_preferred_language", sql`${t.preferredLanguage} in ('en', 'ga')`)],
);

export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...timestamps,
  },
  (t) => [index("auth_sessions_user_id_idx").on(t.userId)],
);

export const authAccounts = pgTable(
  "auth_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("auth_accounts_user_id_idx").on(t.userId)],
);

export const authVerifications = pgTable(
  "auth_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("auth_verifications_identifier_idx").on(t.identifier)],
);

/** Server-wide settings that must be shared by every instance on one database. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  ...timestamps,
});

// Pictures in questions (decision 019).

/** Raw bytes: node-postgres gives a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A teacher's uploaded picture: a still WebP with no metadata, at most 1280 px a side
 * (images/webp.ts). Never changed once stored, so it is served with a year's cache. Kept with
 * its owner (deleted with the account) and counted in the owner's storage quota; the same
 * bytes uploaded twice by one teacher are one picture.
 */
export const images = pgTable(
  "images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of `bytes`: the ETag, and how a second upload of the same picture is found. */
    sha256: text("sha256").notNull(),
    width: smallint("width").notNull(),
    height: smallint("height").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("images_owner_sha256_idx").on(t.ownerId, t.sha256)],
);

/**
 * A teacher's recording of their own voice (for a question, an option or a clue): WebM, MP4, Ogg
 * or WAV, parsed and written again with only what playback needs (audio/clean-audio.ts), at most
 * 20 seconds. Never changed once stored, so served with a year's cache. Kept with its owner
 * (deleted with the account), counted in the owner's storage quota with their pictures; the same
 * bytes uploaded twice by one teacher are one recording.
 */
export const recordings = pgTable(
  "recordings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of `bytes`: the ETag, and how a second upload of the same recording is found. */
    sha256: text("sha256").notNull(),
    /** The type it is served with: audio/webm, audio/mp4, audio/ogg or audio/wav (the container the bytes are). */
    mimeType: text("mime_type").notNull(),
    durationMs: integer("duration_ms").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("recordings_owner_sha256_idx").on(t.ownerId, t.sha256)],
);

// Games and their questions.

export const games = pgTable(
  "games",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    creatorId: text("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    archived: boolean("archived").notNull().default(false),
    /** The version of the questions the game has now (decision 017: see `questions`). */
    questionVersion: integer("question_version").notNull().default(1),
    aiLastUsedSubject: text("ai_last_used_subject"),
    aiLastUsedLevel: text("ai_last_used_level"),
    aiLastUsedTopic: text("ai_last_used_topic"),
    aiLastUsedContext: text("ai_last_used_context"),
    aiLastUsedNumQuestions: integer("ai_last_used_num_questions"),
    /**
     * The game's share link (/shared/<id>), when its creator has turned one on: 128 random bits,
     * null when off. Kept as it is (not hashed) so that the creator can copy the link again;
     * it lets a signed-in teacher read and copy this one game, nothing more (decision 018).
     */
    shareLinkId: text("share_link_id"),
    /**
     * The language of the game's questions: 'en' or 'ga', chosen in the editor or the AI section;
     * null when never chosen, read as Irish when the AI subject was Irish
     * (shared/i18n/content-language.ts). Pupils' pages mark the questions with it (`lang`).
     */
    language: text("language"),
    ...timestamps,
  },
  (t) => [
    index("games_creator_created_idx").on(t.creatorId, t.createdAt.desc()),
    uniqueIndex("games_share_link_id_idx").on(t.shareLinkId),
    check("games_language", sql`${t.language} in ('en', 'ga')`),
  ],
);

/**
 * A game's questions, in order, per version. `kind` says what `options` and `correct_answer` hold
 * (decision 050, shared/games/question-kinds.ts): four options and the right one's index (0–3) by
 * default; no options and 0 (true) or 1 (false); the accepted typed answers; the items in the right
 * order; or four options and the right ones as a mask (bit k for option k).
 * Rows are written once and never updated (decision 017): editing a game inserts the next
 * version. Every read picks a version: `games.question_version` for the game as it is now,
 * `game_sessions.question_version` for what a session's pupils are asked.
 */
export const questions = pgTable(
  "questions",
  {
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    version: integer("version").notNull().default(1),
    position: smallint("position").notNull(),
    questionText: text("question_text").notNull(),
    /** 'choice', 'truefalse', 'typed', 'order' or 'multi' (decision 050). */
    kind: text("kind").notNull().default("choice"),
    options: text("options").array().notNull(),
    correctAnswer: smallint("correct_answer").notNull().default(0),
    /** A typed answer's question: whether a missing or wrong fada makes an answer wrong ("Nearly!"). */
    fadasCount: boolean("fadas_count").notNull().default(false),
    /**
     * A typed answer's question: the accepted answers folded for matching (question-kinds.ts
     * answerKey), with accents and without, so the answer statement compares keys; null for other kinds.
     */
    answerKeys: text("answer_keys").array(),
    answerLooseKeys: text("answer_loose_keys").array(),
    /** The teacher's hint, shown to a pupil after a wrong answer to this question; null when there is none. */
    clue: text("clue"),
    /** The question's picture (decision 019), null when it has none; an image in use cannot be deleted. */
    imageId: uuid("image_id").references(() => images.id),
    /** The picture described for a pupil who cannot see it: present exactly when there is a picture. */
    imageAlt: text("image_alt"),
    /**
     * The options' pictures (decision 038), A to D, each null when that option has none;
     * the option's text is its description. An image in use cannot be deleted.
     */
    optionImageA: uuid("option_image_a").references(() => images.id),
    optionImageB: uuid("option_image_b").references(() => images.id),
    optionImageC: uuid("option_image_c").references(() => images.id),
    optionImageD: uuid("option_image_d").references(() => images.id),
    /** An order question's fifth and sixth items' pictures (decision 050). */
    optionImageE: uuid("option_image_e").references(() => images.id),
    optionImageF: uuid("option_image_f").references(() => images.id),
    /**
     * The teacher's recordings (decision 052): of the question text, of the clue (only with a
     * clue), and of each option or order item (A to F, null where one has none; only the kinds
     * with options' pictures). A recording in use cannot be deleted.
     */
    recordingId: uuid("recording_id").references(() => recordings.id),
    clueRecordingId: uuid("clue_recording_id").references(() => recordings.id),
    optionRecordingA: uuid("option_recording_a").references(() => recordings.id),
    optionRecordingB: uuid("option_recording_b").references(() => recordings.id),
    optionRecordingC: uuid("option_recording_c").references(() => recordings.id),
    optionRecordingD: uuid("option_recording_d").references(() => recordings.id),
    optionRecordingE: uuid("option_recording_e").references(() => recordings.id),
    optionRecordingF: uuid("option_recording_f").references(() => recordings.id),
    /**
     * Why a child might pick each wrong option (decision 051): one entry per option (four; true and
     * false: two), null for the right ones and wrong ones without a note; the column null when the
     * question has no note. The teacher's only: no play statement reads it.
     */
    optionNotes: text("option_notes").array().$type<(string | null)[]>(),
    /** Where the teacher hid this question's station card ("under the globe"), null when not said. */
    hidingPlace: text("hiding_place"),
    /**
     * The question's identity across versions: an edit keeps it, so the question keeps its station
     * card (station_cards); a new question, a duplicate, an imported file or a share-link
     * copy gets a new one, and so cards of its own.
     */
    stationKey: uuid("station_key").notNull().defaultRandom(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.version, t.position] }),
    check(
      "questions_options_of_kind",
      sql`case ${t.kind}
        when 'choice' then cardinality(${t.options}) = 4 and ${t.correctAnswer} between 0 and 3
        when 'multi' then cardinality(${t.options}) = 4 and ${t.correctAnswer} between 1 and 15
        when 'truefalse' then cardinality(${t.options}) = 0 and ${t.correctAnswer} between 0 and 1
        when 'typed' then cardinality(${t.options}) between 1 and 5 and ${t.correctAnswer} = 0
          and cardinality(${t.answerKeys}) = cardinality(${t.options}) and cardinality(${t.answerLooseKeys}) = cardinality(${t.options})
        when 'order' then cardinality(${t.options}) between 3 and 6 and ${t.correctAnswer} = 0
        else false end`,
    ),
    check(
      "questions_option_notes_fit",
      sql`${t.optionNotes} is null or case ${t.kind}
        when 'choice' then cardinality(${t.optionNotes}) = 4 and ${t.optionNotes}[${t.correctAnswer} + 1] is null
        when 'truefalse' then cardinality(${t.optionNotes}) = 2 and ${t.optionNotes}[${t.correctAnswer} + 1] is null
        when 'multi' then cardinality(${t.optionNotes}) = 4
          and (${t.correctAnswer} & 1 = 0 or ${t.optionNotes}[1] is null) and (${t.correctAnswer} & 2 = 0 or ${t.optionNotes}[2] is null)
          and (${t.correctAnswer} & 4 = 0 or ${t.optionNotes}[3] is null) and (${t.correctAnswer} & 8 = 0 or ${t.optionNotes}[4] is null)
        else false end`,
    ),
    check("questions_image_has_alt", sql`(${t.imageId} is null) = (${t.imageAlt} is null)`),
    // Finding the pictures no question uses.
    index("questions_image_idx").on(t.imageId).where(sql`${t.imageId} is not null`),
    // The same for the options' pictures (decision 038): one small index per column, rows with pictures only.
    index("questions_option_image_a_idx").on(t.optionImageA).where(sql`${t.optionImageA} is not null`),
    index("questions_option_image_b_idx").on(t.optionImageB).where(sql`${t.optionImageB} is not null`),
    index("questions_option_image_c_idx").on(t.optionImageC).where(sql`${t.optionImageC} is not null`),
    index("questions_option_image_d_idx").on(t.optionImageD).where(sql`${t.optionImageD} is not null`),
    index("questions_option_image_e_idx").on(t.optionImageE).where(sql`${t.optionImageE} is not null`),
    index("questions_option_image_f_idx").on(t.optionImageF).where(sql`${t.optionImageF} is not null`),
    check("questions_clue_recording_has_clue", sql`${t.clueRecordingId} is null or ${t.clue} is not null`),
    // Finding the recordings no question uses: one small index per column, rows with recordings only.
    index("questions_recording_idx").on(t.recordingId).where(sql`${t.recordingId} is not null`),
    index("questions_clue_recording_idx").on(t.clueRecordingId).where(sql`${t.clueRecordingId} is not null`),
    index("questions_option_recording_a_idx").on(t.optionRecordingA).where(sql`${t.optionRecordingA} is not null`),
    index("questions_option_recording_b_idx").on(t.optionRecordingB).where(sql`${t.optionRecordingB} is not null`),
    index("questions_option_recording_c_idx").on(t.optionRecordingC).where(sql`${t.optionRecordingC} is not null`),
    index("questions_option_recording_d_idx").on(t.optionRecordingD).where(sql`${t.optionRecordingD} is not null`),
    index("questions_option_recording_e_idx").on(t.optionRecordingE).where(sql`${t.optionRecordingE} is not null`),
    index("questions_option_recording_f_idx").on(t.optionRecordingF).where(sql`${t.optionRecordingF} is not null`),
  ],
);

/**
 * A question's printed station card (decision 031), one per station key of the game, whichever
 * version asks it: a session pinned to an earlier version finds its questions' cards here too.
 * The QR code holds `token` (128 random bits); a child may type `word` instead, matched by
 * `word_key` (nameKey folding) among the game's cards. "New cards" gives every card of the game
 * a new token, word and number, so the laminated old ones stop working. A card outlives its
 * question being removed from the game (a pinned session may still ask it); it goes with the game.
 */
export const stationCards = pgTable(
  "station_cards",
  {
    stationKey: uuid("station_key").primaryKey(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    word: text("word").notNull(),
    wordKey: text("word_key").notNull(),
    /** The big number on the card: 1, 2, 3… in the order the cards were made ("New cards" renumbers by position). */
    number: smallint("number").notNull(),
    /** When the teacher last printed this card; null: a card to print (the print page marks it new). */
    printedAt: timestamp("printed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("station_cards_token_idx").on(t.token),
    uniqueIndex("station_cards_game_word_idx").on(t.gameId, t.wordKey),
    uniqueIndex("station_cards_game_number_idx").on(t.gameId, t.number),
  ],
);

/**
 * The words a game's cards no longer say ("New cards", or a save that made a card's word an option):
 * no card of the game is given one again, so an old laminated card's word never finds another
 * station. Only a game's newest retired words are kept (RETIRED_WORDS_KEPT in station-card-commands.ts).
 */
export const stationRetiredWords = pgTable(
  "station_retired_words",
  {
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    /** Folded as `station_cards.word_key`. */
    wordKey: text("word_key").notNull(),
    retiredAt: timestamp("retired_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.wordKey] })],
);

// A teacher's saved classes (decision 040): first names only, until the teacher deletes the class or
// the account. A session started with one copies its names (game_sessions.class_list).

export const classes = pgTable(
  "classes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teacherId: text("teacher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 1 to 60 characters after cleaning (shared/classes/saved-class-contracts.server.ts). */
    name: text("name").notNull(),
    /** One of CLASS_LEVELS (shared/games/curriculum.ts), or null. */
    level: text("level"),
    /** The pupils' first names: the class list's rules (shared/classes/class-list.ts). */
    names: text("names").array().notNull(),
    ...timestamps,
  },
  (t) => [index("classes_teacher_name_idx").on(t.teacherId, t.name)],
);

// Live sessions, their groups and the students' progress.

export const gameSessions = pgTable(
  "game_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    hostTeacherId: text("host_teacher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["active", "completed", "archived"] })
      .notNull()
      .default("active"),
    startTime: timestamp("start_time", { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp("end_time", { withTimezone: true }),
    /** Minutes. */
    maxDuration: integer("max_duration").notNull().default(60),
    questionCount: integer("question_count").notNull(),
    /** The version of the game's questions this session asks, fixed when it starts (decision 017). */
    questionVersion: integer("question_version").notNull().default(1),
    /** The teacher turned sound effects on for the pupils' devices (Start Session). */
    soundEffects: boolean("sound_effects").notNull().default(false),
    /** The teacher's class list (Start Session): pupils choose their name from it; null → names are typed. */
    classList: text("class_list").array(),
    /**
     * The saved class the session was started with; its names were copied into class_list,
     * so deleting the class changes no session (the link is set null).
     */
    classId: uuid("class_id").references(() => classes.id, { onDelete: "set null" }),
    /**
     * Homework (decision 041): the session stays open until this moment, past its maxDuration,
     * and ends by itself then; null for a session played in class.
     */
    closesAt: timestamp("closes_at", { withTimezone: true }),
    /** The pupils' language, chosen by the teacher at Start Session: 'en' or 'ga'. */
    pupilLanguage: text("pupil_language").notNull().default("en"),
    /**
     * How the hunt is played (decision 031): 'screen', the questions one after another on the device,
     * or 'room', each question found at its station card around the room, on the group's own route.
     */
    huntMode: text("hunt_mode", { enum: ["screen", "room"] })
      .notNull()
      .default("screen"),
    ...timestamps,
  },
  (t) => [
    index("game_sessions_host_status_idx").on(t.hostTeacherId, t.status),
    // A game's sessions and the question versions they keep (decision 017): edits, deletes, the dashboard's counts.
    index("game_sessions_game_version_idx").on(t.gameId, t.questionVersion),
    // A class's sessions (its progress page), and the set null when a class is deleted.
    index("game_sessions_class_idx").on(t.classId),
    check("game_sessions_status", sql`${t.status} in ('active', 'completed', 'archived')`),
    check("game_sessions_pupil_language", sql`${t.pupilLanguage} in ('en', 'ga')`),
    check("game_sessions_hunt_mode", sql`${t.huntMode} in ('screen', 'room')`),
  ],
);

export const sessionGroups = pgTable(
  "session_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    joinCode: text("join_code").notNull(),
    groupIdentifier: text("group_identifier").notNull(),
    memberCount: integer("member_count").notNull().default(0),
    /** Mirrors the session's status so a join code can be unique among active sessions. */
    isActive: boolean("is_active").notNull().default(true),
    /**
     * The game this group plays (decision 036): the session's own game unless the teacher
     * gave the group another of their games at Start Session. Its version is fixed when the session
     * starts (decision 017, per group) and `question_count` is that version's number of questions:
     * a pupil of the group completes at it.
     */
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    questionVersion: integer("question_version").notNull(),
    questionCount: integer("question_count").notNull(),
    ...timestamps,
  },
  (t) => [
    index("session_groups_session_idx").on(t.sessionId),
    // A game's groups and the question versions they keep (decision 017): edits, deletes.
    index("session_groups_game_version_idx").on(t.gameId, t.questionVersion),
    uniqueIndex("session_groups_active_code_idx").on(t.joinCode).where(sql`${t.isActive}`),
    check("session_groups_join_code", sql`${t.joinCode} ~ '^[1-9][0-9]{5}$'`),
  ],
);

export const studentProgress = pgTable(
  "student_progress",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => sessionGroups.id, { onDelete: "cascade" }),
    groupIdentifier: text("group_identifier").notNull(),
    /**
     * The pupil's device id (auth/pupil-device.ts, decision 014): random, signed into the
     * device's cookie by the join, stable for the device's school day. No account behind it.
     */
    studentId: text("student_id").notNull(),
    studentName: text("student_name").notNull(),
    /**
     * Null for a child alone on their device; on a tablet several children of the group share
     * (decision 048), the child's place in its turn order, 0 for the first added.
     */
    seat: smallint("seat"),
    completedQuestionsCount: integer("completed_questions_count").notNull().default(0),
    firstAttemptCorrectCount: integer("first_attempt_correct_count").notNull().default(0),
    helpRequested: boolean("help_requested").notNull().default(false),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("student_progress_session_idx").on(t.sessionId),
    index("student_progress_student_idx").on(t.studentId),
    // The same pupil (device) joining the same group under the same name is the same player.
    uniqueIndex("student_progress_rejoin_idx").on(t.groupId, t.studentId, t.studentName),
    // One child per place in a tablet's turn order: two children added at once cannot share one.
    uniqueIndex("student_progress_seat_idx").on(t.groupId, t.studentId, t.seat).where(sql`${t.seat} is not null`),
  ],
);

/**
 * Names taken in a session, by their comparison key (shared/text.ts nameKey: case, accents
 * and look-alike letters folded), and the device that took each. A second device cannot
 * join as "aoife" next to "Aoife"; the same device may rejoin under its name.
 */
export const sessionNames = pgTable(
  "session_names",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    nameKey: text("name_key").notNull(),
    /** The pupil's device id that took the name (as student_progress.student_id). */
    studentId: text("student_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.nameKey] })],
);

/**
 * Pupils a teacher removed from a live session (decision 016): their progress is deleted, and
 * this row keeps their device from joining again and tells its play page it was removed rather
 * than "not found". `device_id` is `student_progress.student_id`, without a foreign key: it is
 * whatever identifies a pupil's device.
 */
export const removedPupils = pgTable(
  "removed_pupils",
  {
    progressId: uuid("progress_id").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    deviceId: text("device_id").notNull(),
    removedAt: timestamp("removed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("removed_pupils_session_device_idx").on(t.sessionId, t.deviceId)],
);

/** The latest answer to each question: the SPEC's `answers` map, keyed by question index. */
export const progressAnswers = pgTable(
  "progress_answers",
  {
    progressId: uuid("progress_id")
      .notNull()
      .references(() => studentProgress.id, { onDelete: "cascade" }),
    questionIndex: smallint("question_index").notNull(),
    /** The option chosen (true/false: 0 or 1; choose all: the mask of those chosen); -1 for a typed answer or an order. */
    selectedOption: smallint("selected_option").notNull(),
    /** What the child typed (a typed answer's question), as sent: null for other kinds. */
    typedAnswer: text("typed_answer"),
    /** The order the child gave, as the items' indices in the right order ([0, 1, 2] is right); null for other kinds. */
    givenOrder: smallint("given_order").array(),
    isCorrect: boolean("is_correct").notNull(),
    /** The first try was wrong (a right first try ends the question, so its answer is the latest one). */
    wasEverIncorrect: boolean("was_ever_incorrect").notNull(),
    /**
     * The first try of the question, as the answer columns above: written by the insert of the first
     * answer, never by a later try's update, so the results and class progress read each child's
     * first answer here instead of looking up the earliest answer_attempts row (migration 0024 filled
     * the rows of before from it). Null only on a row written without an attempt (never by the app).
     */
    firstSelectedOption: smallint("first_selected_option"),
    firstTypedAnswer: text("first_typed_answer"),
    firstGivenOrder: smallint("first_given_order").array(),
    /** How many answers this question took so far (kept here so results need not count attempts). */
    attempts: integer("attempts").notNull().default(1),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.progressId, t.questionIndex] })],
);

/**
 * The stations a pupil found in a session played around the room, by question index:
 * the server sends a question to a device only once its station is found. Deleted with the pupil.
 */
export const stationFinds = pgTable(
  "station_finds",
  {
    progressId: uuid("progress_id")
      .notNull()
      .references(() => studentProgress.id, { onDelete: "cascade" }),
    questionIndex: smallint("question_index").notNull(),
    foundAt: timestamp("found_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.progressId, t.questionIndex] })],
);

/** Every attempt, kept for the results page. `clientAttemptId` makes retried submits idempotent. */
export const answerAttempts = pgTable(
  "answer_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    progressId: uuid("progress_id")
      .notNull()
      .references(() => studentProgress.id, { onDelete: "cascade" }),
    questionIndex: smallint("question_index").notNull(),
    /** As progress_answers': the option, the mask of the options chosen, or -1 with `typed_answer` or `given_order`. */
    selectedOption: smallint("selected_option").notNull(),
    typedAnswer: text("typed_answer"),
    givenOrder: smallint("given_order").array(),
    isCorrect: boolean("is_correct").notNull(),
    clientAttemptId: text("client_attempt_id").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("answer_attempts_client_idx").on(t.progressId, t.clientAttemptId),
    // Attempts per question, for the results.
    index("answer_attempts_question_idx").on(t.progressId, t.questionIndex),
  ],
);

// Abuse limits shared by every instance (decision 015).

/**
 * The abuse limits' fixed-window counters, one row per key (limits/limit-counters.ts). UNLOGGED
 * (migration 0008): a counter lost in a crash only forgives a few minutes of a limit, and no
 * write-ahead log is spent on it.
 */
export const limitCounters = pgTable(
  "limit_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowEnds: timestamp("window_ends", { withTimezone: true }).notNull(),
  },
  (t) => [index("limit_counters_window_ends_idx").on(t.windowEnds)],
);
