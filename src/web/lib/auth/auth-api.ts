import { authEndpoints } from "../../../shared/account/account-endpoints.ts";
import type {
  ForgotPasswordInput,
  LoginInput,
  ResetPasswordInput,
  SignupInput,
} from "../../../shared/account/auth-contracts.ts";
import { apiCall } from "../api-client.ts";

export const fetchMe = () => apiCall(authEndpoints.me);
export const signup = (input: SignupInput) => apiCall(authEndpoints.signup, { body: input });
export const login = (input: LoginInput) => apiCall(authEndpoints.login, { body: input });
export const logout = () => apiCall(authEndpoints.logout, { body: {} });
export const requestPasswordReset = (input: ForgotPasswordInput) =>
  apiCall(authEndpoints.forgotPassword, { body: input });
export const resetPassword = (input: ResetPasswordInput) => apiCall(authEndpoints.resetPassword, { body: input });
