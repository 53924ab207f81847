/**
 * The SPEC's cloud-function reasons (section 8), from the HTTP status of a failed call.
 * A timeout or an unreachable server reads as deadline-exceeded / unavailable.
 */
const REASONS: Record<number, string> = {
  400: "invalid-argument",
  401: "unauthenticated",
  403: "permission-denied",
  404: "not-found",
  409: "aborted",
  429: "resource-exhausted",
  499: "cancelled",
  500: "internal",
  501: "unimplemented",
  503: "unavailable",
  504: "deadline-exceeded",
};

export function functionErrorReason(status: number): string {
  if (status === 0) return "unavailable";
  return REASONS[status] ?? (status >= 500 ? "internal" : "invalid-argument");
}
