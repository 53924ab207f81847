/**
 * Holding connections open (defect 3), against the server as `npm start` runs it,
 * with the timeouts shortened through the environment so that the test stays short:
 * a request that dribbles its headers or its body is closed once REQUEST_TIMEOUT_MS has
 * passed, one address holds no more than MAX_CONNECTIONS_PER_ADDRESS connections, health
 * keeps answering meanwhile, and a live stream (its request long received) stays open.
 */
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../../scripts/lib/scratch-database.ts";
import { teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { freePort } from "../support/free-port.ts";
import { HttpClient, newMachineAddress } from "../support/http-client.ts";
import { dataDirWithDatabase, pause, startApiServerProcess } from "../support/server-process.ts";
import { connectSse } from "../support/sse-client.ts";

const TIMEOUT_MS = 2000;
/** Node checks timeouts every TIMEOUT_MS / 4 (limits/limits.ts): closed by 2.5 s; slack for a loaded machine. */
const CLOSED_WITHIN_MS = TIMEOUT_MS + 500 + 2000;
const PER_ADDRESS = 40;

type Held = { socket: net.Socket; openedAt: number; closedAt: number | null };

/** A connection from `localAddress` that sends `first`, then one byte of `drip` every 300 ms. */
function dribble(port: number, localAddress: string, first: string, drip: string): Promise<Held> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1", localAddress });
    const held: Held = { socket, openedAt: Date.now(), closedAt: null };
    let sent = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed && sent < drip.length) socket.write(drip[sent++]!);
    }, 300);
    socket.on("connect", () => {
      socket.write(first);
      resolve(held);
    });
    socket.on("data", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      held.closedAt = Date.now();
    });
    socket.on("error", () => {});
    setTimeout(() => reject(new Error("could not connect")), 5000).unref();
  });
}

/**
 * Until the server has closed every one of `held`, or each has been open `ms` (the lifetimes then
 * say which): `ms` allows for a loaded machine, and a quiet one goes on once they are closed.
 */
async function allClosedOrTimeUp(held: Held[], ms: number) {
  const deadline = Math.max(...held.map((h) => h.openedAt)) + ms;
  while (held.some((h) => h.closedAt === null) && Date.now() < deadline) await pause(20);
}

/** Health, asked every 200 ms from an address of its own while `during` runs: every answer's status and time. */
async function healthDuring<T>(
  baseUrl: string,
  during: () => Promise<T>,
): Promise<{ result: T; checks: Array<{ status: number; ms: number }> }> {
  const checks: Array<{ status: number; ms: number }> = [];
  let running = true;
  const monitor = (async () => {
    const client = new HttpClient(baseUrl);
    while (running) {
      const started = performance.now();
      const status = await client.get("/api/health").then(
        (r) => r.status,
        () => 0,
      );
      checks.push({ status, ms: performance.now() - started });
      await pause(200);
    }
  })();
  try {
    return { result: await during(), checks };
  } finally {
    running = false;
    await monitor;
  }
}

describe.each(testDatabaseKinds())("slow and piled-up connections on %s", (db) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  let server: { port: number; url: string };
  // One server for the three attacks (start-up is the slow part); each attacker uses an address of its own.
  beforeAll(async () => {
    server = await startServer();
  }, 120_000);
  afterAll(async () => {
    for (const step of cleanups.splice(0).reverse()) await step();
  });

  async function startServer() {
    const port = await freePort();
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: "127.0.0.1",
      REQUEST_TIMEOUT_MS: String(TIMEOUT_MS),
      MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
    };
    if (db === "postgres") {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "cluehunt_slow");
      cleanups.push(() => scratch.drop());
      env.DATABASE_URL = scratch.url;
    } else {
      const dataDir = dataDirWithDatabase("cluehunt-slow-");
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      env.DATA_DIR = dataDir;
    }
    await startApiServerProcess(env, cleanups);
    return { port, url: `http://localhost:${port}` };
  }

  // The dribbling requests and the live stream at the same time: each test waits seconds for the
  // server's timeout checks, and the stream is to outlast the very checks that close the dribblers.
  it.concurrent("closes requests that dribble their headers or their body, and health keeps answering", async ({
    expect,
  }) => {
    const { port, url } = server;
    const { result: held, checks } = await healthDuring(url, async () => {
      const attacker = newMachineAddress();
      const headers = Array.from({ length: 10 }, () =>
        dribble(port, attacker, "GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ", "a".repeat(100)),
      );
      const bodies = Array.from({ length: 10 }, () =>
        dribble(
          port,
          attacker,
          `POST /api/auth/logout HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost:${port}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n`,
          " ".repeat(200),
        ),
      );
      const all = await Promise.all([...headers, ...bodies]);
      await allClosedOrTimeUp(all, CLOSED_WITHIN_MS);
      return all;
    });
    const lifetimes = held.map((h) => (h.closedAt ?? Number.POSITIVE_INFINITY) - h.openedAt);
    expect(
      lifetimes.every((ms) => ms <= CLOSED_WITHIN_MS),
      `lifetimes ${lifetimes.join(", ")}`,
    ).toBe(true);
    // Not cut short either: the timeout is what closed them.
    expect(lifetimes.every((ms) => ms >= TIMEOUT_MS - 100)).toBe(true);
    expect(checks.length).toBeGreaterThan(5);
    expect(
      checks.every((c) => c.status === 200 && c.ms < 1000),
      JSON.stringify(checks),
    ).toBe(true);
  });

  it.concurrent("keeps a live stream open past the request timeout, and delivers to it", async ({ expect }) => {
    const { url } = server;
    const { teacher, sessionId } = await teacherWithSession(url, 1);
    const stream = await connectSse(teacher.client, `/api/sessions/${sessionId}/events`);
    let closed = false;
    void stream.closed.then(() => (closed = true));
    await pause(TIMEOUT_MS * 2);
    expect(closed).toBe(false);
    expect((await teacher.client.post(`/api/sessions/${sessionId}/end`, {})).status).toBe(200);
    await stream.waitFor((e) => e.type === "session-ended");
    stream.close();
  });

  it("holds no more than MAX_CONNECTIONS_PER_ADDRESS connections from one address, and health keeps answering", async () => {
    const { port, url } = server;
    const { result: open, checks } = await healthDuring(url, async () => {
      const attacker = newMachineAddress();
      const sockets = await Promise.all(Array.from({ length: PER_ADDRESS * 3 }, () => dribble(port, attacker, "", "")));
      await pause(500);
      return sockets.filter((s) => s.closedAt === null).length;
    });
    expect(open).toBe(PER_ADDRESS);
    expect(
      checks.every((c) => c.status === 200 && c.ms < 1000),
      JSON.stringify(checks),
    ).toBe(true);
  });
});
