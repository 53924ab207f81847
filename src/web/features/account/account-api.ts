/** The account page's calls: one small function each, all through the one API client. */
import type {
  ChangeEmailInput,
  ChangeNameInput,
  ChangePasswordInput,
  ConfirmEmailInput,
  DeleteAccountInput,
  UndoEmailChangeInput,
} from "../../../shared/account/account-contracts.ts";
import { accountEndpoints } from "../../../shared/account/account-endpoints.ts";
import { apiCall } from "../../lib/api-client.ts";

/** A plain link: the browser downloads the file with the teacher's own cookies. */
export const ACCOUNT_EXPORT_URL = accountEndpoints.exportData.path;

export const changeName = (input: ChangeNameInput) => apiCall(accountEndpoints.name, { body: input });
export const changeEmail = (input: ChangeEmailInput) => apiCall(accountEndpoints.email, { body: input });
export const confirmEmail = (input: ConfirmEmailInput) => apiCall(accountEndpoints.confirmEmail, { body: input });
export const undoEmailChange = (input: UndoEmailChangeInput) =>
  apiCall(accountEndpoints.undoEmailChange, { body: input });
export const changePassword = (input: ChangePasswordInput) => apiCall(accountEndpoints.password, { body: input });
export const signOutEverywhere = () => apiCall(accountEndpoints.signOutEverywhere, { body: {} });
export const deleteAccount = (input: DeleteAccountInput) => apiCall(accountEndpoints.remove, { body: input });
