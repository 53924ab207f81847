import { describe, expect, it } from "vitest";
import { functionErrorReason } from "./function-errors.web.ts";

describe("cloud-function status mapping (SPEC section 8)", () => {
  it.each([
    [400, "invalid-argument"],
    [401, "unauthenticated"],
    [403, "permission-denied"],
    [404, "not-found"],
    [409, "aborted"],
    [429, "resource-exhausted"],
    [499, "cancelled"],
    [500, "internal"],
    [501, "unimplemented"],
    [503, "unavailable"],
    [504, "deadline-exceeded"],
  ])("%i → %s", (status, reason) => {
    expect(functionErrorReason(status)).toBe(reason);
  });
  it("treats other statuses by class, and no answer at all as unavailable", () => {
    expect(functionErrorReason(502)).toBe("internal");
    expect(functionErrorReason(418)).toBe("invalid-argument");
    expect(functionErrorReason(0)).toBe("unavailable");
  });
});
