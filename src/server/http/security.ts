/**
 * Security headers, and the CSRF rule for cookie-authenticated writes: a state-changing
 * /api request must come from a page of this very server (its Origin's host is the host
 * it was sent to) or from APP_URL. That holds whether the app is opened at localhost,
 * at the machine's network address, or at APP_URL, with no list to keep up to date.
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
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

export async function registerSecurity(app: FastifyInstance, appUrl: string) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
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
