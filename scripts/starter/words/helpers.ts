/**
 * The two ways to write a language or SESE hunt of words/<level>.ts (build-words.ts): `oneLanguage`
 * for a hunt whose two languages are different hunts, `bothLanguages` for a pair asked question
 * for question in both. Hiding places are given in turn from HIDING_PLACES.
 */
import type { Subject } from "../../../src/shared/games/curriculum.ts";
import {
  type Hunt,
  type HuntQuestion,
  type HuntSubject,
  hidingPlaces,
  LANGS,
  type Lang,
  type Level,
  type Words,
} from "../hunt-file.ts";
import type { PictureKey } from "../pictures.ts";

/** A question in one language; `answer` is the right option's text. */
export type WordsQuestion = {
  q: string;
  options: string[];
  answer: string;
  clue: string;
  /** The options' pictures, A to D, null where one has none. */
  pictures?: (PictureKey | null)[];
  /** The question's picture. */
  picture?: { key: PictureKey; alt: string };
};

export type Meta = { level: Level; subject: HuntSubject; gameSubject: Subject };

/** A hunt in one language; hiding places from `placesFrom` in HIDING_PLACES. */
export function oneLanguage(
  meta: Meta & { lang: Lang; topic: string; description: string },
  questions: WordsQuestion[],
  placesFrom = 0,
): Hunt {
  const places = hidingPlaces(questions.length, placesFrom);
  return {
    ...meta,
    questions: questions.map(
      (q, i): HuntQuestion => ({
        question: q.q,
        options: q.options,
        answer: q.answer,
        clue: q.clue,
        hidingPlace: places[i]![meta.lang],
        ...(q.picture ? { picture: q.picture } : {}),
        ...(q.pictures ? { optionPictures: q.pictures } : {}),
      }),
    ),
  };
}

/** A question asked in both languages: the options in the same order, the same pictures. */
export type PairQuestion = {
  en: Omit<WordsQuestion, "pictures" | "picture">;
  ga: Omit<WordsQuestion, "pictures" | "picture">;
  pictures?: (PictureKey | null)[];
  picture?: { key: PictureKey; alt: Words };
};

/** The English and the Irish hunt of a pair, question for question. */
export function bothLanguages(
  meta: Meta & { topic: Words; description: Words },
  questions: PairQuestion[],
  placesFrom = 0,
): Hunt[] {
  return LANGS.map((lang) => {
    questions.forEach((q, i) => {
      if (q.en.options.indexOf(q.en.answer) !== q.ga.options.indexOf(q.ga.answer))
        throw new Error(
          `${meta.level} ${meta.subject} question ${i + 1}: the right option is not in the same place in both languages`,
        );
    });
    return oneLanguage(
      { ...meta, lang, topic: meta.topic[lang], description: meta.description[lang] },
      questions.map((q) => ({
        ...q[lang],
        ...(q.pictures ? { pictures: q.pictures } : {}),
        ...(q.picture ? { picture: { key: q.picture.key, alt: q.picture.alt[lang] } } : {}),
      })),
      placesFrom,
    );
  });
}
