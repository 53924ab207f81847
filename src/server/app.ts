/**
 * Builds the Fastify application from its dependencies. main.ts wires real ones from the
 * environment; tests build it the same way against PGlite or PostgreSQL.
 */
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from "fastify";
import { ZodError } from "zod";
import { authMessages } from "../shared/account/auth-contracts.ts";
import { createAuth, type PasswordHashing } from "./auth/auth.ts";
import { registerAiRoutes } from "./ai/ai-routes.ts";
import { registerAccountRoutes } from "./account/account-routes.ts";
import { registerClassRoutes } from "./classes/class-routes.ts";
import { registerAuthRoutes } from "./auth/auth-routes.ts";
import { forwardRefreshedCookies } from "./auth/current-user.ts";
import { createPupilDevices, PUPIL_DEVICE_COOKIE } from "./auth/pupil-device.ts";
import { registerGameFileRoutes } from "./games/game-file-routes.ts";
import { registerGameRoutes } from "./games/game-routes.ts";
import { registerShareRoutes } from "./games/share-routes.ts";
import { deleteUnusedImages } from "./images/image-commands.ts";
import { registerImageRoutes } from "./images/image-routes.ts";
import { registerPlayRoutes } from "./play/play-routes.ts";
import { registerStationPlayRoutes } from "./play/station-play-routes.ts";
import { loadBlockedWords } from "./play/blocked-names.ts";
import { registerResultsRoutes } from "./results/results-routes.ts";
import { createEventBus } from "./realtime/event-bus.ts";
import { createSseHub } from "./realtime/sse.ts";
import { endExpiredSessions } from "./sessions/session-commands.ts";
import { scheduleRetentionSweep } from "./privacy/retention-schedule.ts";
import { registerPrivacyRoutes } from "./privacy/privacy-routes.ts";
import { registerSessionRoutes } from "./sessions/session-routes.ts";
import { registerStationCardRoutes } from "./stations/station-card-routes.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { resolveSessionSecret } from "./db/settings.ts";
import { databaseUnavailableMessage, isDatabaseUnavailable, rootCauseMessage } from "./db/unavailable.ts";
import { serviceContracts } from "../shared/api-contracts.server.ts";
import { ApiError, type ErrorBody, type ServerErrorCode } from "../shared/api-errors.ts";
import { errorBody } from "./http/error-body.ts";
import { loggableError, uniqueViolationAsConflict } from "./http/error-log.ts";
import { addressKey } from "./limits/address-key.ts";
import { capConnectionsPerAddress } from "./limits/connection-guard.ts";
import { registerApiCompression } from "./http/content-encoding.ts";
import { compileFromContracts, serve } from "./http/contract-routes.ts";
import { noApiRoute, tooManyRequests } from "./http/errors.ts";
import { registerJsonBodyParser } from "./http/json-body.ts";
import { registerOpenApiRoute } from "./http/openapi.ts";
import { registerLimitCounters } from "./limits/limit-counters.ts";
import { BODY_LIMITS, CONNECTION_LIMITS } from "./limits/limits.ts";
import { registerSecurity, routingErrorHeaders, secureCookiesOverHttps } from "./http/security.ts";
import { rateLimitStoreOn } from "./limits/shared-rate-limit-store.ts";
import { registerWebApp } from "./http/web-app.ts";
import { createMailer } from "./mail/mailer.ts";
import { passwordResetEmail } from "./mail/password-reset-email.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Ends the sessions past their time, as the server does every EXPIRY_SWEEP_MS (database clock moved `aheadMs` on, for tests). */
    sweepExpiredSessions(aheadMs?: number): Promise<string[]>;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  /** Directory of the built web app; omitted → API only. */
  webDir?: string;
  logger?: boolean | object;
  /** Where emails go when SMTP_URL is unset; stdout by default. */
  print?: (text: string) => void;
  /** Join-code source; tests replace it to force clashes. */
  nextJoinCode?: () => string;
  /** Password hashing other than better-auth's scrypt: tests only (auth.ts, AuthOptions). */
  passwordHashing?: PasswordHashing;
};

/** How often this instance ends sessions that ran past their maxDuration. */
export const EXPIRY_SWEEP_MS = 30_000;
/** How often this instance deletes pictures no question uses (after their day of grace). */
export const IMAGE_SWEEP_MS = 60 * 60_000;

export type RegisteredRoute = { method: string; url: string };
const routeTables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route the app registered (HEAD twins of GET routes left out), for the authorization matrix. */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const table = routeTables.get(app) ?? [];
  const hasGet = new Set(table.filter((r) => r.method === "GET").map((r) => r.url));
  return table.filter((r) => !(r.method === "HEAD" && hasGet.has(r.url)));
}

/** Fastify's own routing errors (a URL that cannot be decoded, a too-long id) in our error shape. */
function frameworkErrorBody(error: FastifyError): { status: number; body: ErrorBody } {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "common.error.idTooLong" : "common.error.invalidAddress";
  return { status, body: errorBody("bad_request", message) };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    // Errors are logged without any query's values (http/error-log.ts).
    logger: withSafeErrors(options.logger ?? { level: config.logLevel }),
    // Fastify takes a hop count too, though its types only list the other forms.
    trustProxy: config.trustProxy as boolean | string[],
    // Routes that need more say so (the game save, AI generation).
    bodyLimit: BODY_LIMITS.default,
    // A request that dribbles its headers or body is closed once this has passed (Node
    // checks at connectionsCheckingInterval). Fastify's default is 0: never.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.requestTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: CONNECTION_LIMITS.checkIntervalFor(config.requestTimeoutMs),
    },
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = frameworkErrorBody(error);
      // The generic reply type knows no status codes; this one is plain JSON.
      return (reply as unknown as FastifyReply).code(status).headers(routingErrorHeaders(config.appUrl)).send(body);
    },
  });
  if (config.trustProxy === false) capConnectionsPerAddress(app.server, config.maxConnectionsPerAddress);
  registerJsonBodyParser(app);
  // Every route is registered from its contract: zod validates and serializes (decision 045).
  compileFromContracts(app);
  const routeTable: RegisteredRoute[] = [];
  routeTables.set(app, routeTable);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });

  const outageLog = everyFewSeconds(5000);
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    // Each body names its message by key where the catalogue has one (issue 17; server/i18n.ts).
    const send = (status: number, code: ServerErrorCode, text: string, field?: string) =>
      reply.code(status).send(errorBody(code, text, field));
    if (error instanceof ApiError) {
      // A limit that knows when it frees up says so (limits/limits.ts).
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter) reply.header("retry-after", String(retryAfter));
      // The server only throws server codes; the client-side ones are made up by the web client.
      return send(error.status, error.code as ServerErrorCode, error.message, error.field);
    }
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const field = issue?.path.join(".") || undefined;
      return send(400, "invalid_input", issue?.message ?? "common.error.invalidInput", field);
    }
    const statusCode = (error as FastifyError).statusCode;
    if (statusCode === 429) return send(429, "rate_limited", authMessages.tooManyAttempts);
    if (statusCode === 413) return send(413, "body_too_large", "common.error.bodyTooLarge");
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      const invalidJson =
        (error as FastifyError).code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.name === "SyntaxError";
      return send(statusCode, "bad_request", invalidJson ? "common.error.invalidJson" : error.message);
    }
    // Two requests raced for one row and this one lost (a unique constraint said so): 409, not 500.
    const taken = uniqueViolationAsConflict(error);
    if (taken) return send(taken.status, taken.code as ServerErrorCode, taken.message);
    if (isDatabaseUnavailable(error)) {
      // Not a bug: PostgreSQL is restarting or unreachable, and the pool reconnects by itself.
      // Clients keep what they were sending and try again (the play page resends answers).
      if (outageLog.shouldLog())
        request.log.warn(
          { cause: rootCauseMessage(error), suppressed: outageLog.suppressed() },
          "Database unavailable; answering 503",
        );
      reply.header("retry-after", "2");
      return send(503, "database_unavailable", databaseUnavailableMessage);
    }
    request.log.error({ err: error }, "Unhandled error");
    return send(500, "internal", "common.error.internal");
  });

  await registerSecurity(app, config);
  // Every abuse limit counts here: shared by every instance on PostgreSQL (decision 015).
  const limitCounters = registerLimitCounters(app, database, (err) =>
    app.log.warn({ cause: rootCauseMessage(err) }, "Could not sweep ended limit windows; trying again in a minute"),
  );
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStoreOn(limitCounters),
    keyGenerator: (request) => addressKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      Object.assign(tooManyRequests(authMessages.tooManyAttempts), { statusCode: context.statusCode }),
  });

  const secret = await resolveSessionSecret(database.db, config.sessionSecret);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.smtpFrom,
    print: options.print ?? ((text) => process.stdout.write(text)),
  });
  const auth = createAuth({
    db: database.db,
    secret,
    appUrl: config.appUrl,
    log: app.log,
    passwordHashing: options.passwordHashing,
    // Not awaited: a slow mail server must not make a registered email answer slower
    // than an unknown one (that would tell who has an account).
    sendPasswordResetEmail: async (to, link) => {
      mailer
        .send(passwordResetEmail(to, link))
        .catch((err: unknown) => app.log.error({ err }, "Could not send the password reset email"));
    },
  });
  app.addHook("onClose", async () => mailer.close());

  // Synchronous, with `done`: no promise per response.
  app.addHook("onSend", (request, reply, payload, done) => {
    forwardRefreshedCookies(request, reply);
    secureCookiesOverHttps(request, reply);
    done(null, payload);
  });
  registerApiCompression(app);
  serve(app, serviceContracts.health, {}, async () => ({ ok: true as const, database: database.kind }));
  registerOpenApiRoute(app, { teacher: "cluehunt.session_token", pupil: PUPIL_DEVICE_COOKIE });
  const devices = createPupilDevices(secret);
  const events = await createEventBus(database, app.log);
  await registerAuthRoutes(app, { auth, db: database.db, devices, events });
  await registerGameRoutes(app, { auth, db: database.db });
  await registerGameFileRoutes(app, { auth, db: database.db });
  await registerShareRoutes(app, { auth, db: database.db });
  await registerImageRoutes(app, { auth, db: database.db });
  await registerStationCardRoutes(app, { auth, db: database.db, config });
  const sse = createSseHub();
  // Streams end first, so that closing does not wait on open connections.
  app.addHook("preClose", async () => sse.closeAll());
  app.addHook("onClose", async () => events.close());
  // Sessions past their maxDuration or homework closing time end, and their live channels are told.
  // The same sweep is `app.sweepExpiredSessions(aheadMs)`, so that tests move the database's time on.
  const endExpired = async (aheadMs?: number) => {
    const ids = await endExpiredSessions(database.db, aheadMs);
    ids.forEach((sessionId) => events.publish({ type: "session-ended", sessionId }));
    return ids;
  };
  app.decorate("sweepExpiredSessions", endExpired);
  const sweep = setInterval(() => {
    endExpired().catch((err: unknown) =>
      isDatabaseUnavailable(err)
        ? app.log.warn(
            { cause: rootCauseMessage(err) },
            "Could not end expired sessions: database unavailable; trying again shortly",
          )
        : app.log.error({ err }, "Could not end expired sessions"),
    );
  }, EXPIRY_SWEEP_MS);
  sweep.unref();
  app.addHook("onClose", async () => clearInterval(sweep));
  scheduleRetentionSweep(app, database.db, config.resultsRetentionDays);
  const imageSweep = setInterval(() => {
    deleteUnusedImages(database.db).catch((err: unknown) =>
      isDatabaseUnavailable(err)
        ? app.log.warn(
            { cause: rootCauseMessage(err) },
            "Could not delete unused pictures: database unavailable; trying again later",
          )
        : app.log.error({ err }, "Could not delete unused pictures"),
    );
  }, IMAGE_SWEEP_MS);
  imageSweep.unref();
  app.addHook("onClose", async () => clearInterval(imageSweep));

  await registerClassRoutes(app, { auth, db: database.db });
  await registerSessionRoutes(app, { auth, db: database.db, config, events, sse, nextJoinCode: options.nextJoinCode });
  await registerPlayRoutes(app, {
    auth,
    database,
    events,
    sse,
    devices,
    blockedWords: loadBlockedWords(config.blockedNamesFile),
  });
  await registerStationPlayRoutes(app, { auth, db: database.db, events, devices });
  await registerResultsRoutes(app, { auth, db: database.db, events, retentionDays: config.resultsRetentionDays });
  await registerAiRoutes(app, { auth, config });
  await registerPrivacyRoutes(app, { retentionDays: config.resultsRetentionDays });
  await registerAccountRoutes(app, { auth, db: database.db, events, mailer, appUrl: config.appUrl });

  if (options.webDir) await registerWebApp(app, options.webDir);
  else
    app.setNotFoundHandler(async (request) => {
      throw noApiRoute(request.method, request.url);
    });

  return app;
}

/** The logger's options with our `err` serializer, whoever gave them. */
function withSafeErrors(logger: boolean | object): boolean | object {
  if (logger === false) return false;
  const given = logger === true ? {} : (logger as { serializers?: object });
  return { ...given, serializers: { ...given.serializers, err: loggableError } };
}

/** During an outage every request fails the same way: one log line per window says so. */
function everyFewSeconds(ms: number) {
  let last = 0;
  let skipped = 0;
  return {
    shouldLog() {
      const now = Date.now();
      if (now - last < ms) {
        skipped++;
        return false;
      }
      last = now;
      return true;
    },
    suppressed() {
      const n = skipped;
      skipped = 0;
      return n;
    },
  };
}
