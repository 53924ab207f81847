/**
 * The teacher's account page: request shapes and messages, for the forms and the server.
 */
import { z } from "zod";
import { displayName, email, newPassword, PASSWORD_MAX_LENGTH } from "./auth-contracts.ts";

export const accountMessages = {
  nameSaved: "Your name has been changed.",
  emailChangeSent: "We sent a link to the new address. Open it within one hour to confirm the change.",
  emailChanged: "Your email address has been changed.",
  sameEmail: "This is already your email address.",
  emailLinkInvalid: "This email confirmation link is invalid or has expired. Please ask for a new one from your account page.",
  currentPasswordRequired: "Enter your current password.",
  wrongPassword: "Your current password is not correct.",
  passwordChanged: "Your password has been changed. You have been signed out everywhere else.",
  signedOutEverywhere: "You have been signed out everywhere.",
  deleteConfirmationMismatch: "Type your email address exactly as shown to delete your account.",
  accountDeleted: "Your account and everything in it have been deleted.",
} as const;

export const ChangeNameSchema = z.object({ displayName });
export type ChangeNameInput = z.input<typeof ChangeNameSchema>;

export const ChangeEmailSchema = z.object({ newEmail: email });
export type ChangeEmailInput = z.input<typeof ChangeEmailSchema>;

export const ConfirmEmailSchema = z.object({
  token: z.string({ message: accountMessages.emailLinkInvalid }).regex(/^[A-Za-z0-9_-]{1,200}$/, accountMessages.emailLinkInvalid),
});
export type ConfirmEmailInput = z.input<typeof ConfirmEmailSchema>;

export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ message: accountMessages.currentPasswordRequired })
    .min(1, accountMessages.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, accountMessages.wrongPassword),
  newPassword,
});
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

/** Deleting an account is confirmed by typing its email address. */
export const DeleteAccountSchema = z.object({
  confirmation: z.string({ message: accountMessages.deleteConfirmationMismatch }).max(300, accountMessages.deleteConfirmationMismatch),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountSchema>;

/** Whether the typed confirmation names this account: the email, ignoring case and spaces around it. */
export function confirmsDeletion(typed: string, accountEmail: string): boolean {
  return typed.trim().toLowerCase() === accountEmail.trim().toLowerCase() && accountEmail.trim() !== "";
}

export type AccountMessageResponse = { message: string };

/** The export: everything of the teacher's, as one JSON document. */
export type AccountExport = {
  exportedAt: string;
  account: { displayName: string; email: string; createdAt: string };
  games: Array<{
    id: string;
    title: string;
    description: string;
    archived: boolean;
    createdAt: string;
    /** `picture`: where the question's picture can be downloaded (signed in or not), and its description. */
    questions: Array<{ questionText: string; options: string[]; correctAnswer: number; clue: string | null; picture: { address: string; description: string } | null }>;
  }>;
  sessions: Array<{
    id: string;
    gameId: string;
    gameTitle: string;
    status: string;
    startTime: string;
    endTime: string | null;
    pupils: Array<{
      name: string;
      group: string;
      completedQuestionsCount: number;
      firstAttemptCorrectCount: number;
      startedAt: string;
      completedAt: string | null;
      answers: Array<{ questionIndex: number; selectedOption: number; isCorrect: boolean; attempts: number; answeredAt: string }>;
    }>;
  }>;
};

