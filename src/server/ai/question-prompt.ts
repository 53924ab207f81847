/**
 * What we ask the language model. Kept apart from the call so it can be read, tested and
 * improved on its own.
 */

import type { AiKindChoice, GenerateQuestionsInput, GenerateQuestionsRequest } from "../../shared/ai/ai-suggestions.ts";
import type { Language } from "../../shared/i18n/languages.ts";

/** Reading age and register per class level, so questions fit the children in front of the teacher. */
const LEVEL_GUIDANCE: Record<string, string> = {
  "Junior Infants":
    "children aged 4 to 5 who are only starting to read: very short questions (under 10 words), one- or two-word options, everyday things they know",
  "Senior Infants":
    "children aged 5 to 6 who are early readers: short, simple questions and one- to three-word options",
  "1st Class": "children aged 6 to 7: short sentences, familiar vocabulary",
  "2nd Class": "children aged 7 to 8: simple sentences, familiar vocabulary",
  "3rd Class": "children aged 8 to 9: clear sentences; some subject vocabulary is fine",
  "4th Class": "children aged 9 to 10: clear sentences with subject vocabulary",
  "5th Class": "children aged 10 to 11: can handle more demanding vocabulary and two-step reasoning",
  "6th Class": "children aged 11 to 12, about to start secondary school: demanding vocabulary and reasoning are fine",
  "Learning Support":
    "children who need extra support: very plain language, short sentences, one idea per question, no trick questions",
  "Other/Mixed": "a mixed group of children aged 4 to 12: keep the language simple enough for the youngest readers",
};

/** The notes on wrong options ("why a child might pick this"): for the teacher, never shown to a child. */
const NOTES_RULE = [
  "- For the teacher only (never shown to a child): for each wrong option, one short note (under 120 characters) on why a child",
  '  might pick it, the misconception behind it (e.g. "thinks a bigger bottom number means a bigger fraction"), in the language of the questions.',
].join("\n");

export const SYSTEM_PROMPT = [
  "You write multiple-choice quiz questions for children in Irish primary schools.",
  "Follow the Primary School Curriculum of Ireland (NCCA) for the subject and class level given,",
  "and the Primary Language Curriculum for English and Irish.",
  "Rules:",
  "- Every question has exactly four options, all different, and exactly one of them is correct.",
  "- The correct option is ALWAYS the first option in the list. The other three are plausible but clearly wrong.",
  "- No 'all of the above', 'none of the above' or trick questions. Facts must be accurate.",
  "- Keep options short. Do not number or letter the options.",
  "- Use Irish and European examples where they fit (places, names, currency in euro, metric units).",
  "- Content must be suitable and kind for young children.",
  "- Every question has a clue: one short hint (under 150 characters) for a child who has just answered it wrongly.",
  "  The clue helps them think again (what to look at, a way to work it out, a related fact) WITHOUT giving the answer away:",
  "  it never states, spells, rhymes with or points at the correct option, and never rules out options one by one.",
  NOTES_RULE,
  '  "notes" has one entry per option, in the same order: "" for the correct option, then one note for each wrong option.',
  'Reply with JSON only, in the form {"questions":[{"questionText":"...","options":["correct","wrong","wrong","wrong"],"clue":"...","notes":["","why","why","why"]}]}.',
].join("\n");

/**
 * Asked for a mix (decision 050): the kinds of question, each with its own fields in one JSON shape
 * (strict structured outputs need every property in every item, so a kind leaves the others empty).
 */
export const MIX_SYSTEM_PROMPT = [
  "You write quiz questions for children in Irish primary schools, of several kinds.",
  "Follow the Primary School Curriculum of Ireland (NCCA) for the subject and class level given,",
  "and the Primary Language Curriculum for English and Irish.",
  "Write a mix of these kinds, each where it suits the content (spellings and number facts as typed answers, sequences as orders):",
  '- "choice": exactly four options, all different, exactly one correct, and the correct option is ALWAYS the first in the list.',
  '- "truefalse": a statement that is clearly true or clearly false; "options" is [] and "isTrue" says which.',
  '- "typed": the child types a short answer (a word or a number); "options" lists 1 to 5 accepted answers, each under 60 characters',
  '  (other spellings or forms that are also right); "fadasCount" is true when a missing fada should count as a mistake (spelling in Irish).',
  '- "order": "options" lists 3 to 6 items IN THE RIGHT ORDER (the children see them shuffled), all different; the question says what the order is.',
  '- "multi": exactly four options of which 2 or 3 are correct ("choose all that apply"); "rightOptions" lists the indices (0 to 3) of the correct ones.',
  'Fill every field of every question: "rightOptions" is [] except for "multi", "isTrue" is false except for a true "truefalse",',
  '"fadasCount" is false except for "typed".',
  "Rules:",
  "- No 'all of the above', 'none of the above' or trick questions. Facts must be accurate.",
  "- Keep options and items short. Do not number or letter them.",
  "- Use Irish and European examples where they fit (places, names, currency in euro, metric units).",
  "- Content must be suitable and kind for young children.",
  "- Every question has a clue: one short hint (under 150 characters) for a child who has just answered it wrongly.",
  "  The clue helps them think again WITHOUT giving the answer away: it never states, spells or points at the answer.",
  NOTES_RULE,
  '  "notes": for "choice" and "multi" one entry per option in the same order, "" for each correct one; for "truefalse" one note,',
  '  why a child might give the wrong answer; [] for "typed" and "order".',
  'Reply with JSON only, in the form {"questions":[{"kind":"choice","questionText":"...","options":["correct","wrong","wrong","wrong"],"rightOptions":[],"isTrue":false,"fadasCount":false,"clue":"...","notes":["","why","why","why"]}]}.',
].join("\n");

/** The system prompt for what the teacher asked for. */
export const systemPromptFor = (kinds: AiKindChoice) => (kinds === "mix" ? MIX_SYSTEM_PROMPT : SYSTEM_PROMPT);

const LANGUAGE_NAMES_IN_ENGLISH: Record<Language, string> = { en: "English", ga: "Irish" };

/** The language the questions are written in: the teacher's choice, else Irish for the subject Irish. */
export const questionLanguageOf = (input: Pick<GenerateQuestionsInput, "subject" | "language">) =>
  input.language ?? (input.subject === "Irish" ? "ga" : "en");

export function buildUserPrompt(input: GenerateQuestionsRequest): string {
  const lines = [
    input.alike !== undefined
      ? `Write ${input.numQuestions} questions, every one of the kind "${input.alike}".`
      : input.kinds === "mix"
        ? `Write ${input.numQuestions} questions, a mix of the kinds (at least two kinds; no more than half of them "choice").`
        : `Write ${input.numQuestions} questions.`,
    `Subject: ${input.subject}`,
    `Class level: ${input.level} — ${LEVEL_GUIDANCE[input.level] ?? "primary school children"}.`,
    `Topic: ${input.topic}`,
  ];
  if (questionLanguageOf(input) === "ga") {
    lines.push(
      "Write every question, every option, every note and every clue entirely in Irish (Gaeilge), as taught in Irish primary schools,",
      "with correct spelling and all fadas (á, é, í, ó, ú). Do not add English translations.",
    );
  }
  const basedOn = input.basedOn ?? [];
  if (input.alike !== undefined) lines.push(...alikeLines(input, basedOn[0] ?? ""));
  else if (basedOn.length > 0) {
    lines.push(
      `This is a version of an existing game for ${input.level}: the same topic, the same number of questions (${input.numQuestions}), the same language (${LANGUAGE_NAMES_IN_ENGLISH[questionLanguageOf(input)]}).`,
      `Write new questions that suit ${input.level}; do not copy these questions of the existing game:`,
      // One line each: a line break inside a question must not read as the end of the list.
      ...basedOn.map((question, index) => `${index + 1}. ${question.replace(/\s+/g, " ")}`),
    );
  }
  const context = input.contextText.trim();
  if (context) lines.push("The teacher's instructions (follow them where they do not break the rules above):", context);
  return lines.join("\n");
}

/**
 * A follow-up hunt: children got this question wrong at their first try, so the model writes new
 * ones that practise the same thing in other words, numbers or examples: never the question again.
 */
function alikeLines(input: GenerateQuestionsRequest, question: string): string[] {
  return [
    `Children in ${input.level} got this question wrong at their first try:`,
    `"${question.replace(/\s+/g, " ")}"`,
    `Write ${input.numQuestions} new questions like it for them to practise: each tests the same skill or knowledge, as a variation`,
    "(other numbers, words or examples), at the same level of difficulty, in the same language",
    `(${LANGUAGE_NAMES_IN_ENGLISH[questionLanguageOf(input)]}). Do not copy or merely reword the question, and make the ${input.numQuestions} different from each other.`,
  ];
}
