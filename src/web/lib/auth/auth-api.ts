import type {
  ForgotPasswordInput,
  LoginInput,
  MeResponse,
  ResetPasswordInput,
  SignupInput,
} from "../../../shared/account/auth-contracts.ts";
import { api } from "../api-client.ts";

export const meQueryKey = ["me"] as const;

export const fetchMe = () => api<MeResponse>("/api/me");
export const signup = (input: SignupInput) => api<MeResponse>("/api/auth/signup", { method: "POST", body: input });
export const login = (input: LoginInput) => api<MeResponse>("/api/auth/login", { method: "POST", body: input });
export const logout = () => api<{ ok: true }>("/api/auth/logout", { method: "POST", body: {} });
export const requestPasswordReset = (input: ForgotPasswordInput) =>
  api<{ message: string }>("/api/auth/forgot-password", { method: "POST", body: input });
export const resetPassword = (input: ResetPasswordInput) =>
  api<MeResponse>("/api/auth/reset-password", { method: "POST", body: input });
