/**
 * The fixed lists of SPEC section 3: subject groups and subjects, class levels and the six
 * group identifiers. The suggested topics per subject are in topics.web.ts: only the teacher's
 * editor uses them, and this module is in the pupils' download (the group badge).
 */

import type { MessageKey } from "../i18n/messages.ts";

export const SUBJECT_GROUPS = [
  { label: "Core", subjects: ["English", "Irish", "Mathematics"] },
  { label: "STEM and Arts", subjects: ["Science", "Geography", "History", "Visual Arts", "Music", "Drama"] },
  { label: "Wellbeing", subjects: ["Physical Education", "SPHE"] },
  { label: "Religious Education", subjects: ["Religious Education"] },
  { label: "Modern Foreign Languages", subjects: ["Modern Foreign Languages"] },
  { label: "Other", subjects: ["Other"] },
] as const;

export type Subject = (typeof SUBJECT_GROUPS)[number]["subjects"][number];
export const SUBJECTS: readonly Subject[] = SUBJECT_GROUPS.flatMap((g) => g.subjects);

export const CLASS_LEVELS = [
  "Junior Infants",
  "Senior Infants",
  "1st Class",
  "2nd Class",
  "3rd Class",
  "4th Class",
  "5th Class",
  "6th Class",
  "Learning Support",
  "Other/Mixed",
] as const;
export type ClassLevel = (typeof CLASS_LEVELS)[number];

export const AI_QUESTION_COUNTS = [3, 5, 7, 10, 15] as const;
export const DEFAULT_AI_QUESTION_COUNT = 5;

export const GROUP_IDENTIFIERS = [
  "yellow-square",
  "red-circle",
  "blue-triangle",
  "green-rectangle",
  "purple-oval",
  "orange-octagon",
] as const;
export type GroupIdentifier = (typeof GROUP_IDENTIFIERS)[number];

/** Colour, shape symbol and name of each group: never told apart by colour alone. */
/** `displayName` is the English (CSV, logs); `nameKey` the name in the reader's language. */
export const GROUPS: Record<
  GroupIdentifier,
  { colour: string; colourName: string; shape: string; symbol: string; displayName: string; nameKey: MessageKey }
> = {
  "yellow-square": {
    colour: "#f5c400",
    colourName: "Yellow",
    shape: "Square",
    symbol: "■",
    displayName: "Yellow Square",
    nameKey: "common.group.yellowSquare",
  },
  "red-circle": {
    colour: "#d62828",
    colourName: "Red",
    shape: "Circle",
    symbol: "●",
    displayName: "Red Circle",
    nameKey: "common.group.redCircle",
  },
  "blue-triangle": {
    colour: "#1f5fbf",
    colourName: "Blue",
    shape: "Triangle",
    symbol: "▲",
    displayName: "Blue Triangle",
    nameKey: "common.group.blueTriangle",
  },
  "green-rectangle": {
    colour: "#2a9d3f",
    colourName: "Green",
    shape: "Rectangle",
    symbol: "▬",
    displayName: "Green Rectangle",
    nameKey: "common.group.greenRectangle",
  },
  "purple-oval": {
    colour: "#7b3fa0",
    colourName: "Purple",
    shape: "Oval",
    symbol: "⬬",
    displayName: "Purple Oval",
    nameKey: "common.group.purpleOval",
  },
  "orange-octagon": {
    colour: "#e76f00",
    colourName: "Orange",
    shape: "Octagon",
    symbol: "⯃",
    displayName: "Orange Octagon",
    nameKey: "common.group.orangeOctagon",
  },
};

/**
 * The catalogue key of a subject, subject group or class level: the value stays
 * English (stored, sent to the AI, in the CSV); its name on screen is the reader's language.
 */
export const catalogueNameKey = (kind: "subject" | "group" | "level", value: string): string =>
  `catalogue.${kind}.${value.replace(/[^A-Za-z0-9]/g, "")}`;
