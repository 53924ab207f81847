/**
 * The English texts SPEC.md gives word for word, each with the catalogue key that holds it
 * (issue 17: English keeps every text of SPEC.md). spec-texts.test.ts fails if a catalogue
 * entry drifts from its SPEC text, or if a text listed here is not in SPEC.md.
 */
import type { MessageKey } from "./messages.ts";

export const SPEC_TEXTS: Partial<Record<MessageKey, string>> = {
  "landing.tagline": "interactive learning, instantly",
  "landing.teacherLogin": "Teacher Login",
  "landing.teacherSignup": "Teacher Signup",
  "landing.studentJoin": "Student Join Game",
  "landing.goToDashboard": "Go to Dashboard (Teacher)",
  "notFound.title": "404 - Page Not Found",
  "common.loading": "Loading...",
  "common.offline": "You are offline. Some features may be limited.",
  "common.routeError.title": "Unexpected Application Error!",
  "common.appError": "Something went wrong. Please refresh the page.",
  "common.error.notSignedIn": "User not authenticated.",
};
