/**
 * The floor under the burst's join figures: a bare `node:http` server, no framework, no
 * database, no checks, answering the join page's two requests (code lookup, then join) with
 * bodies and a cookie of the real ones' size. It also serves, at `/`, the floor under the
 * Lighthouse figures (lighthouse.ts): a page of a heading and a line of text, no script, no
 * stylesheet to fetch, no font, what Lighthouse gives any page on this machine. The burst generator drives it exactly as it
 * drives the real server (`floor: true`), so the difference between the two is what our
 * server and its database cost, and the floor itself is what this machine, its loopback and
 * the load generator sharing its cores cost before any of our code runs.
 *
 *   node --import tsx scripts/bench/http-floor-server.ts   (PORT, HOST as for the server)
 */
import http from "node:http";

const groupId = "0b6f9c1e-3a52-4d8e-9f10-2c7a8b5d4e61";
const lookupBody = JSON.stringify({
  groupId,
  groupIdentifier: { colour: "red", shape: "circle" },
  sessionId: "5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
  gameTitle: "Burst game",
  pupilLanguage: "en",
  questionLanguage: "en",
  classList: null,
});
let joins = 0;

const referencePage = `<!doctype html>
<html lang="en-IE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cluehunt</title><style>body{font-family:sans-serif;margin:2rem}h1{font-size:2rem}</style></head>
<body><main><h1>Enter Join Code</h1><p>The 6 numbers your teacher shows for your group.</p></main></body></html>
`;

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (c: Buffer) => chunks.push(c));
  request.on("end", () => {
    JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
    const json = (status: number, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(body),
        ...headers,
      });
      response.end(body);
    };
    if (request.method === "GET" && (request.url === "/" || request.url === "/join")) {
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-length": Buffer.byteLength(referencePage),
      });
      return response.end(referencePage);
    }
    if (request.method === "POST" && request.url === "/api/join/lookup") return json(200, lookupBody);
    if (request.method === "POST" && request.url === "/api/join") {
      const progressId = `00000000-0000-4000-8000-${String(++joins).padStart(12, "0")}`;
      return json(201, JSON.stringify({ progressId }), {
        "set-cookie": `cluehunt_device=${"d".repeat(90)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200`,
      });
    }
    json(404, JSON.stringify({ error: { code: "not_found" } }));
  });
});

server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? "127.0.0.1", () => {
  const { port } = server.address() as import("node:net").AddressInfo;
  process.stdout.write(`  ➜  Local:   http://127.0.0.1:${port}/\n`);
});
// A browser keeps its connections open: they are closed too, or close() would wait for them.
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
