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
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { ApiError } from "../../shared/api-errors.ts";
import type { Config } from "../config.ts";
import { limitMessages } from "../limits/limits.ts";
import { networkAddresses } from "../network.ts";
import { badRequest, forbidden } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * An Origin header's host and origin as the URL parser reads them (null: not a URL),
 * remembered: a server sees a handful of origins, and parsing one on every unsafe request
 * is measurable in a burst of joins. Bounded, so that made-up origins cannot grow it.
 */
const parsedOrigins = new Map<string, { host: string; origin: string } | null>();
const PARSED_ORIGINS_MAX = 64;
function parsedOrigin(text: string): { host: string; origin: string } | null {
  let parsed = parsedOrigins.get(text);
  if (parsed === undefined) {
    try {
      const url = new URL(text);
      parsed = { host: url.host, origin: url.origin };
    } catch {
      parsed = null;
    }
    if (parsedOrigins.size >= PARSED_ORIGINS_MAX) parsedOrigins.clear();
    parsedOrigins.set(text, parsed);
  }
  return parsed;
}

export function originIsAllowed(request: FastifyRequest, appUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin || origin === "null") return false;
  const url = parsedOrigin(origin);
  if (!url) return false;
  return url.host === request.headers.host || url.origin === parsedOrigin(appUrl)?.origin;
}

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", "data:"],
  // Sound plays only from this server (a teacher's recordings, /api/recordings/): no blob:, no other site.
  mediaSrc: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** helmet's options: the CSP above, and what a classroom network needs. */
function helmetOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        ...CSP_DIRECTIVES,
        // The app is often opened over plain http on a classroom network.
        upgradeInsecureRequests: null,
      },
    },
    // Same reason: HSTS on a LAN address would break the next visit over http.
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  };
}

export type SecurityHeaders = {
  /** Lower-case name and value of every header helmet sets. */
  readonly set: ReadonlyArray<readonly [name: string, value: string]>;
  /** Headers helmet removes (X-Powered-By). */
  readonly remove: readonly string[];
};

/**
 * What helmet's middleware does to a response, found by running it once against a stand-in
 * that records the calls. None of our options depends on the request (no CSP nonces, no
 * directive functions), so every response gets the same headers (@fastify/helmet rebuilds
 * the middleware on every request: ~5.6 % of server CPU in a burst of pupil joins).
 */
export function computeSecurityHeaders(options: Readonly<HelmetOptions>): SecurityHeaders {
  const set = new Map<string, string>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (typeof value !== "string") throw new Error(`helmet set ${name} to a ${typeof value}; expected a string`);
      removed.delete(name.toLowerCase());
      set.set(name.toLowerCase(), value);
      return recorder;
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.add(name.toLowerCase());
    },
  };
  let finished = false;
  const request = {} as IncomingMessage;
  helmet(options)(request, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Were a later helmet asynchronous, the list above would be incomplete: refuse to start
  // rather than send half the headers.
  if (!finished)
    throw new Error("helmet's middleware did not finish synchronously; the security headers could not be computed");
  return { set: [...set], remove: [...removed] };
}

/** Computed at most once per scheme (the only thing the options depend on), at start-up. */
const computed = new Map<boolean, { headers: SecurityHeaders; asRecord: Readonly<Record<string, string>> }>();

function securityHeadersFor(appUrl: string) {
  const https = appUrl.startsWith("https:");
  let entry = computed.get(https);
  if (!entry) {
    const headers = computeSecurityHeaders(helmetOptions(https));
    entry = { headers, asRecord: Object.freeze(Object.fromEntries(headers.set)) };
    computed.set(https, entry);
  }
  return entry;
}

/** The headers every response carries, for this APP_URL (HSTS only with https). */
export function securityHeaders(appUrl: string): SecurityHeaders {
  return securityHeadersFor(appUrl).headers;
}

/**
 * Of those, the ones a script, stylesheet or font acts on (decision 024): X-Content-Type-Options
 * (never run as another type), Cross-Origin-Resource-Policy (no other site embeds it),
 * Referrer-Policy (a stylesheet's own fetches, its fonts) and HSTS. The others govern a
 * document, which such a file never is, and would cost most of the header bytes of each of
 * the ten to twenty files of a pupil's first visit.
 */
const SUBRESOURCE_HEADERS = new Set([
  "x-content-type-options",
  "cross-origin-resource-policy",
  "referrer-policy",
  "strict-transport-security",
]);

export function subresourceHeaders(headers: SecurityHeaders): SecurityHeaders {
  return { set: headers.set.filter(([name]) => SUBRESOURCE_HEADERS.has(name)), remove: headers.remove };
}

/** A built script, stylesheet or font under /assets/ (content-hashed; never a document, never user content). */
export const isSubresourceAsset = (url: string) => /^\/assets\/[\w.-]+\.(js|css|woff2?)(\?|$)/.test(url);

/**
 * The same headers for the few answers Fastify writes before any hook runs (an address it
 * cannot decode, an id over the length limit), which the onRequest hook never sees. Taken
 * from the same computed list, so the two cannot drift apart.
 */
export function routingErrorHeaders(appUrl: string): Readonly<Record<string, string>> {
  return securityHeadersFor(appUrl).asRecord;
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

/** A %-escape of an unreserved character, a slash or a backslash: /%61pi/games would pass a prefix check. */
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
  // Computed here, at start-up, and the same arrays reused on every request.
  const documents = securityHeaders(appUrl);
  const subresources = subresourceHeaders(documents);
  // Before the checks below, so that it runs for every routed request, 404s, thrown errors and
  // static files included; on the raw response, so the headers hold however the reply is written.
  app.addHook("onRequest", (request, reply, done) => {
    const { set, remove } = isSubresourceAsset(request.url) ? subresources : documents;
    const raw = reply.raw;
    for (const [name, value] of set) raw.setHeader(name, value);
    for (const name of remove) raw.removeHeader(name);
    done();
  });

  // Synchronous, with `done`: an async hook costs a promise and a microtask hop on every request.
  app.addHook("onRequest", (request, _reply, done) => {
    if (!hostIsServed(request.hostname ?? ""))
      return done(new ApiError(421, "host_not_served", limitMessages.hostNotServed));
    if (!targetIsPlain(request.raw.url ?? ""))
      return done(badRequest("bad_request", limitMessages.addressNotCanonical));
    if (!SAFE_METHODS.has(request.method) && !originIsAllowed(request, appUrl))
      return done(forbidden(limitMessages.foreignOrigin));
    done();
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
  const list = (Array.isArray(cookies) ? cookies : [String(cookies)]).map((c) =>
    /;\s*secure\s*(;|$)/i.test(c) ? c : `${c}; Secure`,
  );
  // reply.header appends to an existing set-cookie: replace it instead.
  reply.removeHeader("set-cookie").header("set-cookie", list);
}
