/**
 * Builds the Fastify application from its dependencies. main.ts wires real ones from the
 * environment; tests build it the same way against PGlite or PostgreSQL.
 */
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { authMessages } from "../shared/account/auth-contracts.ts";
import { serviceContracts } from "../shared/api-contracts.server.ts";
import { registerAccountRoutes } from "./account/account-routes.ts";
import { registerAiRoutes } from "./ai/ai-routes.ts";
import { type Auth, createAuth, type PasswordHashing } from "./auth/auth.ts";
import { registerAuthRoutes } from "./auth/auth-routes.ts";
import { forwardRefreshedCookies } from "./auth/current-user.ts";
import { createPupilDevices, PUPIL_DEVICE_COOKIE, type PupilDevices } from "./auth/pupil-device.ts";
import { registerClassRoutes } from "./classes/class-routes.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { resolveSessionSecret } from "./db/settings.ts";
import { rootCauseMessage } from "./db/unavailable.ts";
import { registerGameFileRoutes } from "./games/game-file-routes.ts";
import { registerGameRoutes } from "./games/game-routes.ts";
import { registerShareRoutes } from "./games/share-routes.ts";
import { registerApiCompression } from "./http/content-encoding.ts";
import { compileFromContracts, serve } from "./http/contract-routes.ts";
import { frameworkErrors, registerErrorHandler } from "./http/error-handler.ts";
import { withSafeErrors } from "./http/error-log.ts";
import { noApiRoute, tooManyRequests } from "./http/errors.ts";
import { registerJsonBodyParser } from "./http/json-body.ts";
import { registerOpenApiRoute } from "./http/openapi.ts";
import { captureRouteTable } from "./http/route-table.ts";
import { registerSecurity, secureCookiesOverHttps } from "./http/security.ts";
import { registerWebApp } from "./http/web-app.ts";
import { registerImageRoutes } from "./images/image-routes.ts";
import { addressKey } from "./limits/address-key.ts";
import { capConnectionsPerAddress } from "./limits/connection-guard.ts";
import { registerLimitCounters } from "./limits/limit-counters.ts";
import { BODY_LIMITS, CONNECTION_LIMITS } from "./limits/limits.ts";
import { rateLimitStoreOn } from "./limits/shared-rate-limit-store.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { passwordResetEmail } from "./mail/password-reset-email.ts";
import { loadBlockedWords } from "./play/blocked-names.ts";
import { createOrderShuffle, type OrderShuffle } from "./play/order-shuffle.ts";
import { registerPlayRoutes } from "./play/play-routes.ts";
import { registerStationPlayRoutes } from "./play/station-play-routes.ts";
import { registerPrivacyRoutes } from "./privacy/privacy-routes.ts";
import { createEventBus, type EventBus } from "./realtime/event-bus.ts";
import { createSseHub, type SseHub } from "./realtime/sse.ts";
import { registerRecordingRoutes } from "./recordings/recording-routes.ts";
import { registerResultsRoutes } from "./results/results-routes.ts";
import { registerSessionRoutes } from "./sessions/session-routes.ts";
import { loadStarterLibrary, type StarterLibrary } from "./starter/starter-library.ts";
import { registerStarterRoutes } from "./starter/starter-routes.ts";
import { registerStationCardRoutes } from "./stations/station-card-routes.ts";
import { registerSweeps } from "./sweeps.ts";

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

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify(serverOptions(config, options.logger));
  // The starter hunts' folder is listed now (one that cannot be read stops the start); its files are
  // read while the rest starts and the server answers (one picture per turn), the routes waiting for them.
  const starterLibrary = loadStarterLibrary(config.starterGamesDir, app.log);
  if (config.trustProxy === false) capConnectionsPerAddress(app.server, config.maxConnectionsPerAddress);
  registerJsonBodyParser(app);
  // Every route is registered from its contract: zod validates and serializes (decision 045).
  compileFromContracts(app);
  captureRouteTable(app);
  registerErrorHandler(app);
  await registerSecurity(app, config);
  await registerRateLimits(app, database);

  const secret = await resolveSessionSecret(database.db, config.sessionSecret);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.smtpFrom,
    print: options.print ?? ((text) => process.stdout.write(text)),
  });
  app.addHook("onClose", async () => mailer.close());
  const auth = createTeacherAuth(app, { database, config, secret, mailer, passwordHashing: options.passwordHashing });
  // Synchronous, with `done`: no promise per response.
  app.addHook("onSend", (request, reply, payload, done) => {
    forwardRefreshedCookies(request, reply);
    secureCookiesOverHttps(request, reply);
    done(null, payload);
  });
  registerApiCompression(app);

  const devices = createPupilDevices(secret);
  const shuffle = createOrderShuffle(secret);
  const events = await createEventBus(database, app.log);
  const sse = createSseHub();
  // Streams end first, so that closing does not wait on open connections.
  app.addHook("preClose", async () => sse.closeAll());
  app.addHook("onClose", async () => events.close());
  registerSweeps(app, { database, events, retentionDays: config.resultsRetentionDays });

  serve(app, serviceContracts.health, {}, async () => ({ ok: true as const, database: database.kind }));
  registerOpenApiRoute(app, { teacher: "cluehunt.session_token", pupil: PUPIL_DEVICE_COOKIE });
  await registerRoutes(app, {
    config,
    database,
    auth,
    devices,
    shuffle,
    events,
    sse,
    mailer,
    nextJoinCode: options.nextJoinCode,
    starterLibrary,
  });
  if (options.webDir) await registerWebApp(app, options.webDir);
  else
    app.setNotFoundHandler(async (request) => {
      throw noApiRoute(request.method, request.url);
    });
  return app;
}

function serverOptions(config: Config, logger: AppOptions["logger"]) {
  return {
    // Errors are logged without any query's values (http/error-log.ts).
    logger: withSafeErrors(logger ?? { level: config.logLevel }),
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
    frameworkErrors: frameworkErrors(config.appUrl),
  };
}

/** Route limits (@fastify/rate-limit) on the counters every abuse limit uses: shared by every instance on PostgreSQL (decision 015). */
async function registerRateLimits(app: FastifyInstance, database: Database) {
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
}

function createTeacherAuth(
  app: FastifyInstance,
  deps: { database: Database; config: Config; secret: string; mailer: Mailer; passwordHashing?: PasswordHashing },
) {
  return createAuth({
    db: deps.database.db,
    secret: deps.secret,
    appUrl: deps.config.appUrl,
    log: app.log,
    passwordHashing: deps.passwordHashing,
    // Not awaited: a slow mail server must not make a registered email answer slower
    // than an unknown one (that would tell who has an account).
    sendPasswordResetEmail: async (to, link) => {
      deps.mailer
        .send(passwordResetEmail(to, link))
        .catch((err: unknown) => app.log.error({ err }, "Could not send the password reset email"));
    },
  });
}

type RouteDeps = {
  config: Config;
  database: Database;
  auth: Auth;
  devices: PupilDevices;
  /** Each child's order of an order question's items (decision 050). */
  shuffle: OrderShuffle;
  events: EventBus;
  sse: SseHub;
  mailer: Mailer;
  nextJoinCode?: () => string;
  starterLibrary: Promise<StarterLibrary>;
};

async function registerRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { config, database, auth, devices, shuffle, events, sse, mailer } = deps;
  const db = database.db;
  await registerAuthRoutes(app, { auth, db, devices, events });
  await registerGameRoutes(app, { auth, db });
  await registerGameFileRoutes(app, { auth, db });
  await registerShareRoutes(app, { auth, db });
  await registerStarterRoutes(app, { auth, db, library: deps.starterLibrary });
  await registerImageRoutes(app, { auth, db });
  await registerRecordingRoutes(app, { auth, db });
  await registerStationCardRoutes(app, { auth, db, config });
  await registerClassRoutes(app, { auth, db });
  await registerSessionRoutes(app, { auth, db, config, events, sse, nextJoinCode: deps.nextJoinCode });
  await registerPlayRoutes(app, {
    auth,
    database,
    events,
    sse,
    devices,
    shuffle,
    blockedWords: loadBlockedWords(config.blockedNamesFile),
  });
  await registerStationPlayRoutes(app, { auth, db, events, devices, shuffle });
  await registerResultsRoutes(app, { auth, db, events, retentionDays: config.resultsRetentionDays });
  await registerAiRoutes(app, { auth, config });
  await registerPrivacyRoutes(app, { retentionDays: config.resultsRetentionDays });
  await registerAccountRoutes(app, { auth, db, events, mailer, appUrl: config.appUrl });
}
