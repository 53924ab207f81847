/** The account page's calls: one small function each, all through the one API client. */
import type {
  AccountMessageResponse,
  ChangeEmailInput,
  ChangeNameInput,
  ChangePasswordInput,
  ConfirmEmailInput,
  DeleteAccountInput,
  UndoEmailChangeInput,
} from "../../../shared/account/account-contracts.ts";
import type { CurrentUser } from "../../../shared/account/auth-contracts.ts";
import { api } from "../../lib/api-client.ts";

/** A plain link: the browser downloads the file with the teacher's own cookies. */
export const ACCOUNT_EXPORT_URL = "/api/account/export";

export const changeName = (input: ChangeNameInput) =>
  api<AccountMessageResponse & { user: CurrentUser | null }>("/api/account/name", { method: "POST", body: input });
export const changeEmail = (input: ChangeEmailInput) =>
  api<AccountMessageResponse>("/api/account/email", { method: "POST", body: input });
export const confirmEmail = (input: ConfirmEmailInput) =>
  api<AccountMessageResponse>("/api/account/email/confirm", { method: "POST", body: input });
export const undoEmailChange = (input: UndoEmailChangeInput) =>
  api<AccountMessageResponse>("/api/account/email/undo", { method: "POST", body: input });
export const changePassword = (input: ChangePasswordInput) =>
  api<AccountMessageResponse>("/api/account/password", { method: "POST", body: input });
export const signOutEverywhere = () =>
  api<AccountMessageResponse>("/api/account/sign-out-everywhere", { method: "POST", body: {} });
export const deleteAccount = (input: DeleteAccountInput) =>
  api<AccountMessageResponse>("/api/account/delete", { method: "POST", body: input });
