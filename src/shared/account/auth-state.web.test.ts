import { describe, expect, it } from "vitest";
import type { CurrentUser } from "./auth-contracts.ts";
import { afterPollAttempt, authView, needsRolePoll, ROLE_POLL_ATTEMPTS } from "./auth-state.web.ts";

const teacher: CurrentUser = {
  id: "t1",
  displayName: "Áine",
  email: "aine@example.ie",
  role: "teacher",
  isAnonymous: false,
  preferredLanguage: null,
};
const student: CurrentUser = {
  id: "s1",
  displayName: "Student",
  email: null,
  role: "student",
  isAnonymous: true,
  preferredLanguage: null,
};
const noRole: CurrentUser = { ...teacher, id: "t2", role: null };

describe("auth state machine", () => {
  it("is loading until the server has answered", () => {
    expect(authView(true, undefined, null).kind).toBe("loading");
    expect(authView(false, undefined, null).kind).toBe("loading");
  });

  it("tells no user, anonymous user and teacher apart", () => {
    expect(authView(false, null, null).kind).toBe("signed-out");
    expect(authView(false, student, null).kind).toBe("anonymous");
    expect(authView(false, teacher, null).kind).toBe("teacher");
  });

  it("never treats an anonymous user as a teacher and never polls for one", () => {
    const anonymousClaimingTeacher = { ...student, role: "teacher" as const };
    expect(authView(false, anonymousClaimingTeacher, null).kind).toBe("anonymous");
    expect(needsRolePoll(student)).toBe(false);
  });

  it("polls a signed-in user without the teacher role, and fails after five attempts", () => {
    expect(needsRolePoll(noRole)).toBe(true);
    let poll = null;
    for (let i = 1; i < ROLE_POLL_ATTEMPTS; i++) {
      poll = afterPollAttempt(poll, noRole.id, false);
      expect(authView(false, noRole, poll).kind).toBe("finishing-setup");
    }
    poll = afterPollAttempt(poll, noRole.id, false);
    expect(poll.attempts).toBe(5);
    expect(authView(false, noRole, poll).kind).toBe("setup-failed");
  });

  it("fails at once when a poll errors", () => {
    expect(authView(false, noRole, afterPollAttempt(null, noRole.id, true)).kind).toBe("setup-failed");
  });

  it("becomes a teacher as soon as the role appears, whatever the poll says", () => {
    const poll = afterPollAttempt(null, noRole.id, false);
    expect(authView(false, { ...noRole, role: "teacher" }, poll).kind).toBe("teacher");
  });

  it("starts over for a different user", () => {
    const failedForOther = { userId: "someone-else", attempts: 5, failed: true };
    expect(authView(false, noRole, failedForOther).kind).toBe("finishing-setup");
    expect(afterPollAttempt(failedForOther, noRole.id, false).attempts).toBe(1);
  });
});
