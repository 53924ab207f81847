/**
 * What the load generators' simulated devices share: a cookie jar as a browser keeps it, a JSON
 * request over a keep-alive agent, the reading of a live channel (Server-Sent Events), the kinds
 * failed requests are counted by, and the quiz their teachers make.
 */
import http from "node:http";
import type { RawHttpConnection, RawReply } from "./raw-http-client.ts";

export type Reply = { status: number; body: any };

/** The jar's cookies as a request's Cookie header. */
export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** Keeps each Set-Cookie's name and value (its attributes are not needed here). */
export function storeCookies(jar: Map<string, string>, setCookies: readonly string[] | undefined) {
  for (const c of setCookies ?? []) {
    const [pair] = c.split(";");
    const i = pair!.indexOf("=");
    jar.set(pair!.slice(0, i), pair!.slice(i + 1));
  }
}

/** A request as the web app sends it, over `agent`: JSON in, JSON out (other bodies kept as text). */
export function agentRequest(
  base: URL,
  agent: http.Agent,
  jar: Map<string, string>,
  method: string,
  path: string,
  body?: unknown,
): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { accept: "application/json" };
  if (payload !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET") headers.origin = base.origin;
  if (jar.size) headers.cookie = cookieHeader(jar);
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        storeCookies(jar, res.headers["set-cookie"]);
        const text = Buffer.concat(chunks).toString("utf8");
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // CSV, or an empty body
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/**
 * A request as the web app sends it, on a lean keep-alive connection (raw-http-client.ts): JSON
 * body, Origin on writes, the jar's cookies (and its Set-Cookies kept); the reply's body as text.
 */
export async function rawRequest(
  connection: RawHttpConnection,
  base: URL,
  jar: Map<string, string>,
  method: string,
  path: string,
  accept: string,
  body?: unknown,
): Promise<RawReply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  let headers = `accept: ${accept}\r\n`;
  if (payload !== undefined) headers += "content-type: application/json\r\n";
  if (method !== "GET") headers += `origin: ${base.origin}\r\n`;
  if (jar.size) headers += `cookie: ${cookieHeader(jar)}\r\n`;
  const reply = await connection.request(method, path, headers, payload);
  storeCookies(jar, reply.headers.get("set-cookie"));
  return reply;
}

/**
 * Reads a live channel's events as they arrive, each with its arrival time. With no `onEvent`
 * the stream still flows (read and dropped), as a page that ignores its events.
 */
export function readEvents(res: http.IncomingMessage, onEvent: ((event: any, at: number) => void) | null) {
  let buffer = "";
  res.setEncoding("utf8");
  res.on("data", (chunk: string) => {
    if (!onEvent) return;
    const at = performance.now();
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of block.split("\n")) if (line.startsWith("data: ")) onEvent(JSON.parse(line.slice(6)), at);
    }
  });
}

/**
 * A live channel (Server-Sent Events) on a connection of its own, as EventSource opens it, its
 * events read as they come (`readEvents`). Resolves once it has answered 200; rejects (with the
 * status as `code`) if it answers otherwise, or if the connection fails before then.
 */
export function openEvents(
  base: URL,
  path: string,
  jar: Map<string, string>,
  localAddress: string,
  onEvent: ((event: any, at: number) => void) | null,
): Promise<{ req: http.ClientRequest; res: http.IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      new URL(path, base),
      { headers: { accept: "text/event-stream", cookie: cookieHeader(jar) }, localAddress, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(Object.assign(new Error(`events answered ${res.statusCode}`), { code: res.statusCode }));
        }
        readEvents(res, onEvent);
        resolve({ req, res });
      },
    );
    req.on("error", reject);
  });
}

/** What a failed request met, for the errors by kind: "join:409:name_taken", "answer:network:ECONNRESET". */
export const kindOf = (step: string, reply: Reply) =>
  `${step}:${reply.status}${reply.body?.error?.code ? `:${reply.body.error.code}` : ""}`;
export const networkKind = (step: string, error: unknown) =>
  `${step}:network:${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;

/**
 * Calls `read` at once, then at most every `everyMs` while calls keep coming (the last after the
 * pause), as the results page re-reads on its live channel's events; none once `stopped()`.
 */
export function throttled(read: () => void, everyMs: number, stopped: () => boolean = () => false) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  return () => {
    if (timer) {
      pending = true;
      return;
    }
    read();
    const tick = () => {
      if (pending && !stopped()) {
        pending = false;
        read();
        timer = setTimeout(tick, everyMs);
      } else timer = undefined;
    };
    timer = setTimeout(tick, everyMs);
  };
}

/** The quiz a bench's teachers make: `count` four-option questions, the right option turn about. */
export const benchGame = (title: string, count: number, clues = false) => ({
  title,
  questions: Array.from({ length: count }, (_, i) => ({
    questionText: `Question ${i + 1}?`,
    options: ["a", "b", "c", "d"],
    correctAnswer: i % 4,
    ...(clues ? { clue: `Clue ${i + 1}` } : {}),
  })),
});
