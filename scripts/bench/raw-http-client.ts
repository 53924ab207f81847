/**
 * A lean HTTP/1.1 client for the burst: one keep-alive connection per pupil, one
 * request at a time, the request written as one string and the reply parsed from its bytes.
 *
 * The burst generator shares this machine's two cores with the server it measures; a pupil's
 * real browser runs on its own tablet. Node's `http.request` spent about 0.5 ms of the
 * generator's CPU per request (an agent, a ClientRequest, an IncomingMessage, their streams),
 * which at 30 pupils was most of a join's measured time even against a bare server (the
 * floor). A peer's load driver sending a websocket frame spends a fraction of that, so the two
 * could not be compared. This client does what the pupil's browser needs and no more: it
 * sends the headers the server reads, keeps the connection, and reads a reply whose length
 * is given (Content-Length) or chunked.
 */
import net from "node:net";

export type RawReply = { status: number; headers: Map<string, string[]>; body: string };

type Waiting = { resolve: (reply: RawReply) => void; reject: (error: Error) => void };

const HEADER_END = Buffer.from("\r\n\r\n");

export class RawHttpConnection {
  private socket: net.Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: Waiting | null = null;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly localAddress: string,
  ) {}

  /** The request being answered; the next one waits for it, as on a browser's one connection. */
  private previous: Promise<unknown> = Promise.resolve();

  /** Sends one request (headers already formatted, each ending in \r\n) and waits for its whole reply. */
  request(method: string, path: string, headerLines: string, body?: string): Promise<RawReply> {
    const sent = this.waiting
      ? this.previous.then(
          () => this.send(method, path, headerLines, body),
          () => this.send(method, path, headerLines, body),
        )
      : this.send(method, path, headerLines, body);
    this.previous = sent;
    return sent;
  }

  private send(method: string, path: string, headerLines: string, body?: string): Promise<RawReply> {
    const socket = this.socket ?? this.connect();
    const length = body === undefined ? "" : `content-length: ${Buffer.byteLength(body)}\r\n`;
    return new Promise<RawReply>((resolve, reject) => {
      this.waiting = { resolve, reject };
      socket.write(
        `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n${headerLines}${length}\r\n${body ?? ""}`,
      );
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }

  private connect(): net.Socket {
    const socket = net.connect({ host: this.host, port: this.port, localAddress: this.localAddress });
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.readReply();
    });
    const fail = (error: Error) => {
      // A connection closed after it was replaced (Connection: close) fails nothing.
      if (this.socket !== socket) return;
      this.socket = null;
      this.buffer = Buffer.alloc(0);
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.reject(error);
    };
    socket.setTimeout(30_000, () => socket.destroy(new Error("timeout")));
    socket.on("error", fail);
    socket.on("close", () => fail(Object.assign(new Error("connection closed"), { code: "ECONNRESET" })));
    this.socket = socket;
    return socket;
  }

  /** Resolves the waiting request once its reply is whole; a partial reply waits for more bytes. */
  private readReply() {
    const end = this.buffer.indexOf(HEADER_END);
    if (end < 0 || !this.waiting) return;
    const lines = this.buffer.toString("latin1", 0, end).split("\r\n");
    const status = Number(lines[0]!.split(" ")[1]);
    const headers = new Map<string, string[]>();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(":");
      const name = line.slice(0, colon).toLowerCase();
      const values = headers.get(name) ?? [];
      values.push(line.slice(colon + 1).trim());
      headers.set(name, values);
    }
    const start = end + 4;
    let body: Buffer;
    let consumed: number;
    if (headers.get("transfer-encoding")?.[0] === "chunked") {
      const chunks: Buffer[] = [];
      let at = start;
      for (;;) {
        const lineEnd = this.buffer.indexOf("\r\n", at);
        if (lineEnd < 0) return;
        const size = parseInt(this.buffer.toString("latin1", at, lineEnd), 16);
        if (this.buffer.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          consumed = lineEnd + 4;
          break;
        }
        chunks.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(chunks);
    } else {
      const length = Number(headers.get("content-length")?.[0] ?? 0);
      if (this.buffer.length < start + length) return;
      body = this.buffer.subarray(start, start + length);
      consumed = start + length;
    }
    const text = body.toString("utf8");
    this.buffer = this.buffer.subarray(consumed);
    const waiting = this.waiting;
    this.waiting = null;
    if (headers.get("connection")?.[0]?.toLowerCase() === "close") this.close();
    waiting.resolve({ status, headers, body: text });
  }
}
