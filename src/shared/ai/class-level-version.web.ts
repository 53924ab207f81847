/**
 * "Make a version for another class level" (decision 037): what the AI is asked for a
 * game's version at another level, and the new game's title and AI fields in the editor.
 */

import { CLASS_LEVELS, type ClassLevel, SUBJECTS } from "../games/curriculum.ts";
import { customTitlePart } from "../games/game-library.ts";
import type { GameDetail } from "../games/game-responses.ts";
import { effectiveTitle, GAME_LIMITS, type TitleNames } from "../games/games.ts";
import { kindOf, type QuestionKind } from "../games/question-kinds.ts";
import { BASED_ON_LIMITS, type GenerateQuestionsInput } from "./ai-suggestions.ts";

/** What a version is made from: a game as its creator reads it back (only its question texts are sent). */
export type VersionSource = Pick<
  GameDetail,
  "title" | "language" | "aiLastUsedSubject" | "aiLastUsedLevel" | "aiLastUsedTopic"
> & { questions: readonly { questionText: string; kind?: QuestionKind }[] };

const storedNames: TitleNames = (_kind, value) => value;

/** At most `max` characters, never cutting a character in two (a lone surrogate is refused by the server). */
const clip = (text: string, max: number) => {
  const chars = Array.from(text);
  let out = "";
  for (const char of chars) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
};

/**
 * A title without the " (level)" a version was given, so a version of a version is "Halves
 * (5th Class)", never "Halves (4th Class) (5th Class)". `namings`: each way a level may have
 * been written (the page's language when it was made, the stored English).
 */
export function titleWithoutLevel(title: string, ...namings: TitleNames[]): string {
  const trimmed = title.trim();
  for (const names of [...namings, storedNames])
    for (const level of CLASS_LEVELS) {
      const suffix = ` (${names("level", level)})`;
      if (trimmed.endsWith(suffix) && trimmed.length > suffix.length) return trimmed.slice(0, -suffix.length).trim();
    }
  return trimmed;
}

/** The question texts the model is shown: the first BASED_ON_LIMITS.questions written ones, one line each. */
export const basedOnTexts = (game: Pick<VersionSource, "questions">): string[] =>
  game.questions
    .map((q) => q.questionText.replace(/\s+/g, " ").trim())
    .filter((text) => text !== "")
    .slice(0, BASED_ON_LIMITS.questions)
    .map((text) => clip(text, BASED_ON_LIMITS.text));

/** How many questions the version has: as many as the game, up to what one generation writes. */
export const versionQuestionCount = (questionCount: number) => Math.min(questionCount, BASED_ON_LIMITS.questions);

/**
 * The generate-questions request for the game's version at `level`: the game's subject (else
 * Other) and topic (else its title), the same number of questions, in the game's language,
 * shown the game's questions so that it writes new ones rather than copying them.
 */
export function versionRequest(game: VersionSource, level: ClassLevel): GenerateQuestionsInput {
  const basedOn = basedOnTexts(game);
  const subject =
    game.aiLastUsedSubject && (SUBJECTS as readonly string[]).includes(game.aiLastUsedSubject)
      ? game.aiLastUsedSubject
      : "Other";
  const topic = game.aiLastUsedTopic?.trim() || titleWithoutLevel(game.title) || basedOn[0] || "";
  return {
    subject,
    level,
    topic: clip(topic, GAME_LIMITS.topic),
    numQuestions: basedOn.length,
    language: game.language,
    basedOn,
    // A game with other kinds than four options gets a version that mixes them too (decision 050).
    ...(game.questions.some((q) => kindOf(q) !== "choice") ? { kinds: "mix" as const } : {}),
  };
}

/** The editor's Game Title and AI fields of the new version (AiFields' title, subject, level and topic). */
export type VersionTitleFields = { customTitle: string; subject: string; level: string; topic: string };

/**
 * The new game's title. A title made of the game's AI fields ("Mathematics - 3rd Class -
 * Fractions", with or without a title part before it) is made again with the new level
 * ("Mathematics - 4th Class - Fractions"), the fields kept. Any other title gets the level's
 * name after it: "Halves and quarters (4th Class)", with no AI fields, so that the title is
 * exactly that (effectiveTitle would add "Subject - Level - Topic" after it).
 * `names`: the subject and level as the teacher reads them.
 */
export function versionTitleFields(game: VersionSource, level: ClassLevel, names: TitleNames): VersionTitleFields {
  const parts = { subject: game.aiLastUsedSubject, level: game.aiLastUsedLevel, topic: game.aiLastUsedTopic };
  const custom = customTitlePart(game.title, parts, names, storedNames);
  if (effectiveTitle(parts) !== "" && custom !== game.title) {
    return { customTitle: custom, subject: parts.subject ?? "", level, topic: parts.topic ?? "" };
  }
  const suffix = ` (${names("level", level)})`;
  const base = titleWithoutLevel(game.title, names);
  const customTitle = base ? `${clip(base, GAME_LIMITS.title - suffix.length)}${suffix}` : names("level", level);
  return { customTitle, subject: "", level: "", topic: "" };
}
