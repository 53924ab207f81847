/** Who is signed in, the teachers' sign-in, and their own account page (schemas: account-contracts.server.ts). */
import { endpoint } from "../endpoint.ts";

export const authEndpoints = {
  me: endpoint("GET", "/api/me"),
  signup: endpoint("POST", "/api/auth/signup"),
  login: endpoint("POST", "/api/auth/login"),
  logout: endpoint("POST", "/api/auth/logout"),
  forgotPassword: endpoint("POST", "/api/auth/forgot-password"),
  resetPassword: endpoint("POST", "/api/auth/reset-password"),
} as const;

export const accountEndpoints = {
  exportData: endpoint("GET", "/api/account/export"),
  name: endpoint("POST", "/api/account/name"),
  email: endpoint("POST", "/api/account/email"),
  confirmEmail: endpoint("POST", "/api/account/email/confirm"),
  undoEmailChange: endpoint("POST", "/api/account/email/undo"),
  language: endpoint("PATCH", "/api/account/language"),
  password: endpoint("POST", "/api/account/password"),
  signOutEverywhere: endpoint("POST", "/api/account/sign-out-everywhere"),
  remove: endpoint("POST", "/api/account/delete"),
} as const;
