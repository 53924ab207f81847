/**
 * Per-client limits on the auth endpoints. The client is the socket address, or the
 * X-Forwarded-For address when TRUST_PROXY says a proxy we trust sets it (Fastify's
 * request.ip follows that setting), an IPv6 address counting as its /64 (address-key.ts).
 * Counted in the shared limit counters, so they hold across instances. Generous enough that
 * a teacher who mistypes a password a few times, or a whole school on one address, is
 * never locked out.
 */
export const authRateLimits = {
  login: { max: 20, timeWindow: "5 minutes" },
  signup: { max: 10, timeWindow: "10 minutes" },
  forgotPassword: { max: 5, timeWindow: "15 minutes" },
  resetPassword: { max: 10, timeWindow: "15 minutes" },
  // The account page: each mails someone, checks a password or deletes a great deal.
  changeEmail: { max: 5, timeWindow: "15 minutes" },
  confirmEmail: { max: 10, timeWindow: "15 minutes" },
  changePassword: { max: 10, timeWindow: "5 minutes" },
  accountWrite: { max: 30, timeWindow: "5 minutes" },
} as const;
