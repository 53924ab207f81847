/**
 * Security headers, and three checks every request passes before routing matters:
 * - its Host is one this server serves (DNS rebinding: a page of evil.example that resolves
 *   to a classroom laptop would otherwise drive the routes that need no login);
 * - its address is plain: no absolute-form target, no %-escape of a character that needs
 *   none, so the path the router decodes is the path these checks saw;
 * - the CSRF rule: every unsafe method, whatever the path, must come from a page of this
 *   very server (its Origin's host is the host it was sent to) or from APP_URL. That holds
 *   whether the app is opened at localhost, at the machine's network address, or at APP_URL.
 */
import os from "node:os";
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import { networkAddresses } from "../network.ts";
import { ApiError } from "../../shared/api-errors.ts";
import { badRequest, forbidden } from "./errors.ts";
import { limitMessages } from "./limits.ts";

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

/**
 * The host names this server answers to: APP_URL's, extra ones from ALLOWED_HOSTS, the
 * loopback names, this machine's name and its network addresses (the ones it prints; read
 * again every few seconds, as a laptop's Wi-Fi address changes).
 */
export function hostAllowList(config: Pick<Config, "appUrl" | "allowedHosts" | "host">) {
  const fixed = new Set([
    new URL(config.appUrl).hostname.replace(/^\[|\]$/g, "").toLowerCase(),
    ...config.allowedHosts.map((h) => h.replace(/^\[|\]$/g, "")),
    "localhost",
    "::1",
    os.hostname().toLowerCase(),
    `${os.hostname().toLowerCase()}.local`,
    ...(config.host === "0.0.0.0" || config.host === "::" ? [] : [config.host.toLowerCase()]),
  ]);
  let network = new Set<string>();
  let readAt = 0;
  return (hostname: string): boolean => {
    const name = hostname.replace(/^\[|\]$/g, "").toLowerCase();
    if (fixed.has(name) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)) return true;
    if (Date.now() - readAt > 5000) {
      network = new Set(networkAddresses());
      readAt = Date.now();
    }
    return network.has(name);
  };
}

/** A %-escape of an unreserved character, a slash or a backslash: how /%61pi/games hid from a prefix check. */
const NEEDLESS_ESCAPE = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[def]|5f|7e|5c)/i;

/** The request target is an origin-form path (not `http://host/…`, not `*`) with no needless %-escape. */
export function targetIsPlain(rawUrl: string): boolean {
  if (!rawUrl.startsWith("/") || rawUrl.startsWith("//")) return false;
  const path = rawUrl.split("?")[0]!;
  return !NEEDLESS_ESCAPE.test(path);
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const appUrl = config.appUrl;
  const hostIsServed = hostAllowList(config);
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
    if (!hostIsServed(request.hostname ?? "")) throw new ApiError(421, "host_not_served", limitMessages.hostNotServed);
    if (!targetIsPlain(request.raw.url ?? "")) throw badRequest("bad_request", limitMessages.addressNotCanonical);
    if (SAFE_METHODS.has(request.method)) return;
    if (!originIsAllowed(request, appUrl)) throw forbidden(limitMessages.foreignOrigin);
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
