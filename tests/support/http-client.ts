/**
 * A small HTTP client that behaves like one browser: it keeps cookies, sends the page's
 * Origin on writes, and can speak from a given local address (127.0.0.x), so tests can
 * be several machines on one box.
 */
import http from "node:http";

/** `bytes`: the body as received (a picture is not text). */
export type HttpResponse<T = any> = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: T;
  text: string;
  bytes?: Buffer;
};

let nextMachine = 0;
/** A loopback address no other client of this test process has used: another "machine". */
export function newMachineAddress(): string {
  nextMachine++;
  return `127.${(process.pid % 200) + 10}.${Math.floor(nextMachine / 250) % 250}.${(nextMachine % 250) + 2}`;
}

export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly options: { localAddress?: string; origin?: string | null } = {},
  ) {
    // Unless told otherwise, each client is its own machine, as each teacher or pupil is.
    this.options = { localAddress: newMachineAddress(), ...options };
  }

  get<T = any>(path: string, headers: Record<string, string> = {}) {
    return this.request<T>("GET", path, undefined, headers);
  }

  post<T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>("POST", path, body === undefined ? undefined : JSON.stringify(body), headers);
  }

  put<T = any>(path: string, body: unknown) {
    return this.request<T>("PUT", path, JSON.stringify(body));
  }

  patch<T = any>(path: string, body: unknown) {
    return this.request<T>("PATCH", path, JSON.stringify(body));
  }

  delete<T = any>(path: string) {
    return this.request<T>("DELETE", path);
  }

  /** Sends `rawBody` as JSON unless `extraHeaders` names another content-type (a picture's bytes, say). */
  request<T = any>(
    method: string,
    path: string,
    rawBody?: string | Buffer,
    extraHeaders: Record<string, string> = {},
  ): Promise<HttpResponse<T>> {
    const url = new URL(path, this.baseUrl);
    const headers: Record<string, string> = { accept: "application/json" };
    if (rawBody !== undefined) {
      headers["content-type"] = "application/json";
      // As browsers do; without it Node sends a DELETE's body unframed.
      headers["content-length"] = String(Buffer.byteLength(rawBody));
    }
    const origin = this.options.origin === undefined ? new URL(this.baseUrl).origin : this.options.origin;
    if (origin !== null && method !== "GET") headers.origin = origin;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    Object.assign(headers, extraHeaders);

    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        { method, headers, localAddress: this.options.localAddress, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            for (const cookie of res.headers["set-cookie"] ?? []) {
              const [pair, ...attributes] = cookie.split(";");
              const [name, ...value] = pair!.split("=");
              const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
              if (expired || value.join("=") === "") this.cookies.delete(name!.trim());
              else this.cookies.set(name!.trim(), value.join("="));
            }
            const bytes = Buffer.concat(chunks);
            const text = bytes.toString("utf8");
            let body: any = text;
            try {
              body = JSON.parse(text);
            } catch {
              // not JSON: keep the text
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, bytes });
          });
        },
      );
      req.on("error", reject);
      if (rawBody !== undefined) req.write(rawBody);
      req.end();
    });
  }
}
