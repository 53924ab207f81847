/**
 * The teacher's account page: request shapes and messages, for the forms and the server.
 */
import { z } from "zod";
import { LANGUAGES } from "../i18n/languages.ts";
import type { MessageTable } from "../i18n/messages.ts";
import { displayName, email, newPassword, PASSWORD_MAX_LENGTH } from "./auth-contracts.ts";

/** Catalogue keys. */
export const accountMessages = {
  nameSaved: "account.nameSaved",
  emailChangeSent: "account.emailChangeSent",
  emailChanged: "account.emailChanged",
  sameEmail: "account.sameEmail",
  emailLinkInvalid: "account.emailLinkInvalid",
  currentPasswordRequired: "account.currentPasswordRequired",
  wrongPassword: "account.wrongPassword",
  passwordChanged: "account.passwordChanged",
  signedOutEverywhere: "account.signedOutEverywhere",
  deleteConfirmationMismatch: "account.deleteConfirmationMismatch",
  accountDeleted: "account.accountDeleted",
  languageSaved: "account.languageSaved",
  undoLinkInvalid: "account.undo.linkInvalid",
  changeUndone: "account.undo.cancelled",
  emailRestored: "account.undo.restored",
  undoAddressTaken: "account.undo.addressTaken",
} as const satisfies MessageTable;

/**
 * The account's password, asked again before anything that could take the account from its
 * teacher (a signed-in browser left open is not proof enough): the email, the password, deletion.
 */
const currentPassword = z
  .string({ message: accountMessages.currentPasswordRequired })
  .min(1, accountMessages.currentPasswordRequired)
  .max(PASSWORD_MAX_LENGTH, accountMessages.wrongPassword);

/** A teacher's preferred interface language. */
export const ChangeLanguageSchema = z.object({ language: z.enum(LANGUAGES, { message: "account.languageInvalid" }) });
export type ChangeLanguageInput = z.input<typeof ChangeLanguageSchema>;

export const ChangeNameSchema = z.object({ displayName });
export type ChangeNameInput = z.input<typeof ChangeNameSchema>;

export const ChangeEmailSchema = z.object({ newEmail: email, currentPassword });
export type ChangeEmailInput = z.input<typeof ChangeEmailSchema>;

export const ConfirmEmailSchema = z.object({
  token: z
    .string({ message: accountMessages.emailLinkInvalid })
    .regex(/^[A-Za-z0-9_-]{1,200}$/, accountMessages.emailLinkInvalid),
});
export type ConfirmEmailInput = z.input<typeof ConfirmEmailSchema>;

/** The "this wasn't me" link's token, from the notice sent to the address in use (decision 030). */
export const UndoEmailChangeSchema = z.object({
  token: z
    .string({ message: accountMessages.undoLinkInvalid })
    .regex(/^[A-Za-z0-9_-]{1,200}$/, accountMessages.undoLinkInvalid),
});
export type UndoEmailChangeInput = z.input<typeof UndoEmailChangeSchema>;

export const ChangePasswordSchema = z.object({ currentPassword, newPassword });
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

/** Deleting an account is confirmed by typing its email address, and proven by its password. */
export const DeleteAccountSchema = z.object({
  confirmation: z
    .string({ message: accountMessages.deleteConfirmationMismatch })
    .max(300, accountMessages.deleteConfirmationMismatch),
  currentPassword,
});
export type DeleteAccountInput = z.input<typeof DeleteAccountSchema>;

/** Whether the typed confirmation names this account: the email, ignoring case and spaces around it. */
export function confirmsDeletion(typed: string, accountEmail: string): boolean {
  return typed.trim().toLowerCase() === accountEmail.trim().toLowerCase() && accountEmail.trim() !== "";
}

/** A success: its sentence in English and, for the page, its catalogue key. */
export type AccountMessageResponse = { message: string; key?: string };

/** A question as the export gives it. `picture`: where it can be downloaded (signed in or not), and its description. */
export type ExportedQuestion = {
  questionText: string;
  /** What `options` and `correctAnswer` hold (decision 050: shared/games/question-kinds.ts). */
  kind: string;
  options: string[];
  correctAnswer: number;
  /** Choose all that apply: the right options; otherwise null. */
  correctAnswers: number[] | null;
  fadasCount: boolean;
  clue: string | null;
  picture: { address: string; description: string } | null;
  /** The options' pictures, A to D (null where none), described by the option's text; null when no option has one (decision 038). */
  optionPictures: ({ address: string; description: string } | null)[] | null;
  /** "Why a child might pick this", per option (null where none and on a right option); null when none has one. */
  optionNotes: (string | null)[] | null;
  /** Where the teacher's recordings can be downloaded: the question text's, the clue's, and one per option (null where none; null when none has one). */
  recording: string | null;
  clueRecording: string | null;
  optionRecordings: (string | null)[] | null;
};

/** The export: everything of the teacher's, as one JSON document. */
export type AccountExport = {
  exportedAt: string;
  account: {
    displayName: string;
    email: string;
    emailVerified: boolean;
    preferredLanguage: string | null;
    createdAt: string;
  };
  pictures: Array<{ address: string; width: number; height: number; createdAt: string }>;
  /** The teacher's recordings of her voice, each with its type and length. */
  recordings: Array<{ address: string; mimeType: string; durationMs: number; createdAt: string }>;
  games: Array<{
    id: string;
    title: string;
    description: string;
    language: string | null;
    archived: boolean;
    /** The game's share link while it is on. */
    shareLink: string | null;
    aiLastUsed: {
      subject: string | null;
      level: string | null;
      topic: string | null;
      context: string | null;
      numQuestions: number | null;
    } | null;
    createdAt: string;
    updatedAt: string;
    questions: ExportedQuestion[];
  }>;
  /** The teacher's saved classes: each class's name, level and pupils' first names. */
  classes: Array<{
    id: string;
    name: string;
    level: string | null;
    names: string[];
    createdAt: string;
    updatedAt: string;
  }>;
  sessions: Array<{
    id: string;
    gameId: string;
    gameTitle: string;
    status: string;
    startTime: string;
    endTime: string | null;
    maxDurationMinutes: number;
    soundEffects: boolean;
    pupilLanguage: string;
    /** The names the teacher pasted, or null when pupils typed theirs. */
    classList: string[] | null;
    /** The saved class the session was started with (its names copied into `classList`), while it is kept. */
    classId: string | null;
    /** `gameId`: the game the group played, one of `games`. */
    groups: Array<{ group: string; joinCode: string; gameId: string }>;
    /**
     * The questions of the game the session was started from (the version it was pinned to): a pupil's
     * `questionIndex` points into them when the groups all played it.
     */
    questions: ExportedQuestion[];
    /**
     * Every game the session's groups played, each with its questions as they were asked
     * (the version its groups were pinned to): a pupil's `questionIndex` points into their `gameId`'s.
     */
    games: Array<{ id: string; title: string; questions: ExportedQuestion[] }>;
    pupils: Array<{
      name: string;
      group: string;
      /** The game of the pupil's group. */
      gameId: string;
      completedQuestionsCount: number;
      firstAttemptCorrectCount: number;
      helpRequested: boolean;
      startedAt: string;
      completedAt: string | null;
      answers: Array<{
        questionIndex: number;
        /** The option; choose all: the options chosen as a mask (bit k, option k); -1 for typed answers and orders. */
        selectedOption: number;
        /** What the child typed; null for other kinds. */
        typedAnswer: string | null;
        /** The order the child gave, as the items' right places ([0, 1, 2] is right); null for other kinds. */
        givenOrder: number[] | null;
        isCorrect: boolean;
        attempts: number;
        answeredAt: string;
        /** Every try at the question, in order. */
        tries: Array<{
          selectedOption: number;
          typedAnswer: string | null;
          givenOrder: number[] | null;
          isCorrect: boolean;
          answeredAt: string;
        }>;
      }>;
    }>;
  }>;
};
