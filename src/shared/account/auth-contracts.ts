/**
 * Request shapes and messages for teacher auth, used by the forms and by the server.
 */
import { z } from "zod";
import { isLanguage, type Language } from "../i18n/languages.ts";
import { issueMessage, type MessageTable, type MessageText, messageText, msg } from "../i18n/messages.ts";
import { brokenCharacterMessage, hasLoneSurrogate, withoutAnyControlCharacters } from "../text.ts";

export { isLanguage };

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** Catalogue keys; the English of each is in src/shared/i18n/locales/en.json. */
export const authMessages = {
  displayNameRequired: "auth.displayNameRequired",
  displayNameTooLong: messageText(msg("auth.displayNameTooLong", { max: DISPLAY_NAME_MAX_LENGTH })),
  emailRequired: "auth.emailRequired",
  emailInvalid: "auth.emailInvalid",
  passwordRequired: "auth.passwordRequired",
  passwordTooShort: messageText(msg("auth.passwordTooShort", { min: PASSWORD_MIN_LENGTH })),
  passwordTooLong: messageText(msg("auth.passwordTooLong", { max: PASSWORD_MAX_LENGTH })),
  invalidCredentials: "auth.invalidCredentials",
  emailTaken: "auth.emailTaken",
  resetLinkInvalid: "auth.resetLinkInvalid",
  resetEmailSent: "auth.resetEmailSent",
  tooManyAttempts: "auth.tooManyAttempts",
  teacherCannotJoin: "pupil.join.teacherCannotJoin",
} as const satisfies MessageTable;

export const email = z
  .string({ message: authMessages.emailRequired })
  .trim()
  .min(1, authMessages.emailRequired)
  .max(EMAIL_MAX_LENGTH, authMessages.emailInvalid)
  .pipe(z.email({ message: authMessages.emailInvalid }))
  .transform((e) => e.toLowerCase());

export const newPassword = z
  .string({ message: authMessages.passwordRequired })
  .min(1, authMessages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);

export const displayName = z
  .string({ message: authMessages.displayNameRequired })
  .transform((s) => withoutAnyControlCharacters(s).trim())
  .pipe(
    z
      .string()
      .min(1, authMessages.displayNameRequired)
      .max(DISPLAY_NAME_MAX_LENGTH, authMessages.displayNameTooLong)
      .refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage),
  );

export const SignupSchema = z.object({
  displayName,
  email,
  password: newPassword,
});
export type SignupInput = z.input<typeof SignupSchema>;

export const LoginSchema = z.object({
  email,
  // Never judge length at login: an old password rule must not lock anyone out.
  password: z
    .string({ message: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, authMessages.invalidCredentials),
});
export type LoginInput = z.input<typeof LoginSchema>;

export const ForgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z.object({
  // The links we send carry letters and digits only; anything else cannot be one of ours.
  token: z
    .string({ message: authMessages.resetLinkInvalid })
    .regex(/^[A-Za-z0-9_-]{1,200}$/, authMessages.resetLinkInvalid),
  password: newPassword,
});
export type ResetPasswordInput = z.input<typeof ResetPasswordSchema>;

/** What the server tells the browser about the signed-in user; nothing more. */
export type CurrentUser = {
  id: string;
  displayName: string;
  email: string | null;
  role: "teacher" | "student" | null;
  isAnonymous: boolean;
  /** A teacher's interface language; null until they choose one. */
  preferredLanguage: Language | null;
};

export type MeResponse = { user: CurrentUser | null };

/** First message of a failed zod parse, for one-line form errors. */
export function firstIssueMessage(error: z.ZodError): MessageText {
  return issueMessage(error.issues[0]);
}
