/** The auth and account routes' contracts (decision 045): the forms' own request schemas, and the responses, each exactly its type. */
import { z } from "zod";
import { contract, exactly } from "../contract.server.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import {
  type AccountMessageResponse,
  ChangeEmailSchema,
  ChangeLanguageSchema,
  ChangeNameSchema,
  ChangePasswordSchema,
  ConfirmEmailSchema,
  DeleteAccountSchema,
  UndoEmailChangeSchema,
} from "./account-contracts.ts";
import { accountEndpoints, authEndpoints } from "./account-endpoints.ts";
import {
  type CurrentUser,
  ForgotPasswordSchema,
  LoginSchema,
  type MeResponse,
  ResetPasswordSchema,
  SignupSchema,
} from "./auth-contracts.ts";

const CurrentUserSchema = exactly<CurrentUser>()(
  z.object({
    id: z.string(),
    displayName: z.string(),
    email: z.string().nullable(),
    role: z.enum(["teacher", "student"]).nullable(),
    isAnonymous: z.boolean(),
    preferredLanguage: z.enum(LANGUAGES).nullable(),
  }),
);
const MeResponseSchema = exactly<MeResponse>()(z.object({ user: CurrentUserSchema.nullable() }));
const messageShape = { message: z.string(), key: z.string().optional() };
const AccountMessageSchema = exactly<AccountMessageResponse>()(z.object(messageShape));

export const authContracts = {
  me: contract(authEndpoints.me, {
    summary: "Who is signed in on this browser: a teacher, a pupil's device, or nobody",
    caller: "anyone",
    responses: { 200: MeResponseSchema },
  }),
  signup: contract(authEndpoints.signup, {
    summary: "Create a teacher's account and sign in",
    caller: "anyone",
    body: SignupSchema,
    responses: { 201: MeResponseSchema },
  }),
  login: contract(authEndpoints.login, {
    summary: "Sign a teacher in",
    caller: "anyone",
    body: LoginSchema,
    responses: { 200: MeResponseSchema },
  }),
  logout: contract(authEndpoints.logout, {
    summary: "Sign out",
    caller: "anyone",
    responses: { 200: z.object({ ok: z.literal(true) }) },
  }),
  forgotPassword: contract(authEndpoints.forgotPassword, {
    summary: "Email a password reset link (the same answer whether the email has an account or not)",
    caller: "anyone",
    body: ForgotPasswordSchema,
    responses: { 200: z.object({ message: z.string() }) },
  }),
  resetPassword: contract(authEndpoints.resetPassword, {
    summary: "Set a new password with a reset link's token, and sign in",
    caller: "anyone",
    body: ResetPasswordSchema,
    responses: { 200: MeResponseSchema },
  }),
} as const;

export const accountContracts = {
  exportData: contract(accountEndpoints.exportData, {
    summary: "Everything of the teacher's, as one JSON file",
    caller: "teacher",
    responses: { 200: { content: "application/json", description: "The account's export (a download)" } },
  }),
  name: contract(accountEndpoints.name, {
    summary: "Change the teacher's display name",
    caller: "teacher",
    body: ChangeNameSchema,
    responses: { 200: z.object({ ...messageShape, user: CurrentUserSchema.nullable() }) },
  }),
  email: contract(accountEndpoints.email, {
    summary: "Change the teacher's email: a link to the new address, a notice with an undo link to the old",
    caller: "teacher",
    body: ChangeEmailSchema,
    responses: { 200: AccountMessageSchema },
  }),
  confirmEmail: contract(accountEndpoints.confirmEmail, {
    summary: "Confirm an email change with its link's token",
    caller: "link",
    body: ConfirmEmailSchema,
    responses: { 200: AccountMessageSchema },
  }),
  undoEmailChange: contract(accountEndpoints.undoEmailChange, {
    summary: "Undo an email change from the notice's link",
    caller: "link",
    body: UndoEmailChangeSchema,
    responses: { 200: AccountMessageSchema },
  }),
  language: contract(accountEndpoints.language, {
    summary: "Save the teacher's interface language",
    caller: "teacher",
    body: ChangeLanguageSchema,
    responses: { 200: AccountMessageSchema },
  }),
  password: contract(accountEndpoints.password, {
    summary: "Change the teacher's password (every other sign-in ends)",
    caller: "teacher",
    body: ChangePasswordSchema,
    responses: { 200: AccountMessageSchema },
  }),
  signOutEverywhere: contract(accountEndpoints.signOutEverywhere, {
    summary: "End every sign-in of the account",
    caller: "teacher",
    responses: { 200: AccountMessageSchema },
  }),
  remove: contract(accountEndpoints.remove, {
    summary: "Delete the account and everything of it",
    caller: "teacher",
    body: DeleteAccountSchema,
    responses: { 200: AccountMessageSchema },
  }),
} as const;
