/**
 * Security headers, and the CSRF rule for cookie-authenticated writes: a state-changing
 * /api request must come from a page of this very server (its Origin's host is the host
 * it was sent to) or from APP_URL. That holds whether the app is opened at localhost,
 * at the machine's network address, or at APP_URL, with no list to keep up to date.
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { forbidden } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function originIsAllowed(request: FastifyRequest, appUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin || origin === "null") return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.host === request.headers.host || url.origin === new URL(appUrl).origin;
}

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * The same headers for the few answers Fastify writes before any hook runs (an address it
 * cannot decode, an id over the length limit), which helmet never sees.
 */
export function routingErrorHeaders(appUrl: string): Record<string, string> {
  const csp = Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(" ")}`)
    .join(";");
  return {
    "content-security-policy": csp,
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-frame-options": "SAMEORIGIN",
    ...(appUrl.startsWith("https:") ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

export async function registerSecurity(app: FastifyInstance, appUrl: string) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        ...CSP_DIRECTIVES,
        // The app is often opened over plain http on a classroom network.
        upgradeInsecureRequests: null,
      },
    },
    // Same reason: HSTS on a LAN address would break the next visit over http.
    strictTransportSecurity: appUrl.startsWith("https:"),
    crossOriginEmbedderPolicy: false,
  });

  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    if (!originIsAllowed(request, appUrl)) {
      throw forbidden("This request did not come from the Cluehunt app (its Origin header is missing or not allowed).");
    }
  });
}

/**
 * Cookies set on a request that reached us over HTTPS are marked Secure. With APP_URL
 * https, better-auth does that itself (and prefixes the names with __Secure-); this covers
 * a server behind a TLS-terminating proxy (TRUST_PROXY, X-Forwarded-Proto: https) whose
 * APP_URL is unset or http. request.protocol follows X-Forwarded-Proto only when
 * TRUST_PROXY trusts the sender. Cookie names stay as they are, so sessions still match.
 */
export function secureCookiesOverHttps(request: FastifyRequest, reply: FastifyReply) {
  if (request.protocol !== "https") return;
  const cookies = reply.getHeader("set-cookie");
  if (cookies === undefined) return;
  const list = (Array.isArray(cookies) ? cookies : [String(cookies)]).map((c) => (/;\s*secure\s*(;|$)/i.test(c) ? c : `${c}; Secure`));
  // reply.header appends to an existing set-cookie: replace it instead.
  reply.removeHeader("set-cookie").header("set-cookie", list);
}
