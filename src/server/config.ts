/**
 * Configuration comes from the environment only, checked once at start-up.
 * A bad value stops the server with a message that names the variable.
 */
import path from "node:path";
import { z } from "zod";
import { CONNECTION_LIMITS } from "./limits/limits.ts";

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

function urlWithProtocols(protocols: string[], example: string) {
  return optionalText.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL like ${example}` },
  );
}

/**
 * TRUST_PROXY: unset or "false" → use the socket address for rate limits;
 * "true" → trust X-Forwarded-For from anyone (only behind a proxy you control);
 * a number → trust that many hops; otherwise a comma-separated list of proxy addresses/CIDRs.
 */
const trustProxy = optionalText.transform((v, ctx): boolean | number | string[] => {
  if (v === undefined || v === "false") return false;
  if (v === "true") return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0 || list.some((s) => !/^[0-9a-fA-F.:/]+$/.test(s))) {
    ctx.addIssue({
      code: "custom",
      message: 'must be "true", "false", a hop count, or a comma-separated list of IP addresses',
    });
    return z.NEVER;
  }
  return list;
});

/** ALLOWED_HOSTS: extra host names (or addresses) this server answers to, comma-separated. */
const hostList = optionalText.transform((v, ctx): string[] => {
  if (v === undefined) return [];
  const list = v
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (list.some((s) => !/^[a-z0-9.:\-[\]]+$/.test(s))) {
    ctx.addIssue({
      code: "custom",
      message: "must be a comma-separated list of host names or IP addresses, without ports (quiz.school.ie,10.0.0.5)",
    });
    return z.NEVER;
  }
  return list;
});

const wholeNumber = (fallback: number, min: number, max: number, unit: string) =>
  optionalText
    .transform((v) => (v === undefined ? fallback : Number(v)))
    .refine((n) => Number.isInteger(n) && n >= min && n <= max, {
      message: `must be a whole number${unit} from ${min} to ${max}`,
    });

const EnvSchema = z.object({
  PORT: optionalText
    .transform((v) => (v === undefined ? 3000 : Number(v)))
    .refine((n) => Number.isInteger(n) && n >= 0 && n <= 65535, { message: "must be a whole number from 0 to 65535" }),
  HOST: optionalText.transform((v) => v ?? "0.0.0.0"),
  DATA_DIR: optionalText.transform((v) => path.resolve(v ?? "./data")),
  DATABASE_URL: urlWithProtocols(["postgres:", "postgresql:"], "postgres://user@127.0.0.1:5432/cluehunt"),
  APP_URL: urlWithProtocols(["http:", "https:"], "https://quiz.example.ie"),
  SMTP_URL: urlWithProtocols(["smtp:", "smtps:"], "smtp://127.0.0.1:2525"),
  SMTP_FROM: optionalText.transform((v) => v ?? "Cluehunt <no-reply@cluehunt.local>"),
  SESSION_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: "must be at least 32 characters (or leave it unset to have one generated)",
  }),
  TRUST_PROXY: trustProxy,
  ALLOWED_HOSTS: hostList,
  REQUEST_TIMEOUT_MS: wholeNumber(CONNECTION_LIMITS.defaultRequestTimeoutMs, 1000, 600_000, " of milliseconds"),
  MAX_CONNECTIONS_PER_ADDRESS: wholeNumber(CONNECTION_LIMITS.defaultPerAddress, 10, 1_000_000, ""),
  AI_BASE_URL: urlWithProtocols(["http:", "https:"], "http://127.0.0.1:11434/v1"),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  AI_TIMEOUT_MS: optionalText
    .transform((v) => (v === undefined ? 70_000 : Number(v)))
    .refine((n) => Number.isInteger(n) && n >= 1000 && n <= 600_000, {
      message: "must be a whole number of milliseconds from 1000 to 600000",
    }),
  BLOCKED_NAMES_FILE: optionalText.transform((v) => (v === undefined ? undefined : path.resolve(v))),
  STARTER_GAMES_DIR: optionalText.transform((v) => (v === undefined ? undefined : path.resolve(v))),
  RESULTS_RETENTION_DAYS: wholeNumber(30, 1, 3650, " of days"),
  WARM_UP_MS: optionalText
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .refine((n) => n === undefined || (Number.isInteger(n) && n >= 0 && n <= 60_000), {
      message: "must be a whole number of milliseconds from 0 to 60000",
    }),
  MEMORY_REPORT_MS: optionalText
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .refine((n) => n === undefined || (Number.isInteger(n) && n >= 100 && n <= 3_600_000), {
      message: "must be a whole number of milliseconds from 100 to 3600000",
    }),
  LOG_LEVEL: optionalText
    .transform((v) => v ?? "warn")
    .pipe(
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        message: "must be one of fatal, error, warn, info, debug, trace, silent",
      }),
    ),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Public base URL, without a trailing slash; used in emails and as an allowed origin. */
  appUrl: string;
  /** Whether APP_URL was given (else join links use the machine's network address). */
  appUrlIsExplicit: boolean;
  smtpUrl: string | undefined;
  smtpFrom: string;
  sessionSecret: string | undefined;
  trustProxy: boolean | number | string[];
  /** Host names this server answers to besides APP_URL's, localhost and its network addresses. */
  allowedHosts: string[];
  /** A request (headers and body) must arrive within this time; live streams are not affected once open. */
  requestTimeoutMs: number;
  /** How long a start may spend warming the join path (warm-up.ts; 0: not at all); unset: warm-up.ts's own budget. */
  warmUpMs: number | undefined;
  /** Open connections one client address may hold (not applied behind a trusted proxy: all would share its address). */
  maxConnectionsPerAddress: number;
  /** A line on stderr with the server's memory every so often (memory-report.ts); undefined: none. */
  memoryReportMs: number | undefined;
  logLevel: string;
  /** Days after a session ends before its pupils' names, progress and answers are deleted (privacy/retention.ts). */
  resultsRetentionDays: number;
  /** The words refused in pupils' names; undefined → config/blocked-names.txt (play/blocked-names.ts). */
  blockedNamesFile: string | undefined;
  /** The folder of starter hunts (docs/STARTER-HUNTS.md); undefined → the shipped set, starter-hunts/ (starter/starter-library.ts). */
  starterGamesDir: string | undefined;
  /** Any OpenAI-compatible chat-completions endpoint; undefined when AI generation is not set up. */
  ai: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (parsed.success && Boolean(parsed.data.AI_BASE_URL) !== Boolean(parsed.data.AI_MODEL)) {
    const missing = parsed.data.AI_BASE_URL ? "AI_MODEL" : "AI_BASE_URL";
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: must be set too (AI generation needs both AI_BASE_URL and AI_MODEL)`,
    );
  }
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    appUrlIsExplicit: e.APP_URL !== undefined,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    sessionSecret: e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY,
    allowedHosts: e.ALLOWED_HOSTS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    warmUpMs: e.WARM_UP_MS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    memoryReportMs: e.MEMORY_REPORT_MS,
    logLevel: e.LOG_LEVEL,
    resultsRetentionDays: e.RESULTS_RETENTION_DAYS,
    blockedNamesFile: e.BLOCKED_NAMES_FILE,
    starterGamesDir: e.STARTER_GAMES_DIR,
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? {
            baseUrl: e.AI_BASE_URL.replace(/\/+$/, ""),
            apiKey: e.AI_API_KEY,
            model: e.AI_MODEL,
            timeoutMs: e.AI_TIMEOUT_MS,
          }
        : undefined,
  };
}
