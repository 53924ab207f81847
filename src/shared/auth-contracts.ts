/**
 * Request shapes and messages for teacher auth, used by the forms and by the server.
 */
import { z } from "zod";
import { brokenCharacterMessage, hasLoneSurrogate, withoutAnyControlCharacters } from "./text.ts";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const authMessages = {
  displayNameRequired: "Display name is required.",
  displayNameTooLong: `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address.",
  passwordRequired: "Password is required.",
  passwordTooShort: `Password is too short: use at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password is too long: use at most ${PASSWORD_MAX_LENGTH} characters.`,
  invalidCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists",
  resetLinkInvalid: "This password reset link is invalid or has expired. Please request a new one.",
  resetEmailSent: "Password reset email sent. Check your inbox.",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  teacherCannotJoin: "You are logged in as a teacher. Log out, or use another browser window, to join as a student.",
} as const;

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
  password: z.string({ message: authMessages.passwordRequired }).min(1, authMessages.passwordRequired).max(PASSWORD_MAX_LENGTH, authMessages.invalidCredentials),
});
export type LoginInput = z.input<typeof LoginSchema>;

export const ForgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z.object({
  // The links we send carry letters and digits only; anything else cannot be one of ours.
  token: z.string({ message: authMessages.resetLinkInvalid }).regex(/^[A-Za-z0-9_-]{1,200}$/, authMessages.resetLinkInvalid),
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
};

export type MeResponse = { user: CurrentUser | null };

/** First message of a failed zod parse, for one-line form errors. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.message ?? "common.error.invalidInput";
}
