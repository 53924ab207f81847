/**
 * Per-request cost of authentication: a teacher's and a pupil's GET on a route that does no
 * other database work, sequential, keep-alive, after a warm-up. Run from a worktree root:
 *   npx tsx scripts/bench/auth-cost.ts [pglite|postgres]
 */
import http from "node:http";
import path from "node:path";
const root = process.cwd();
const { startTestServer } = await import(path.join(root, "tests/support/test-server.ts"));
const { signedUpTeacher } = await import(path.join(root, "tests/support/teachers.ts"));
const db = (process.argv[2] ?? "pglite") as "pglite" | "postgres";
const server = await startTestServer({ db });
const t = await signedUpTeacher(server.url);
const cookie = [...t.client.cookies].map(([k, v]: [string, string]) => `${k}=${v}`).join("; ");
const pupil = new (await import(path.join(root, "tests/support/http-client.ts"))).HttpClient(server.url);
await pupil.post("/api/auth/student", {});
const pupilCookie = [...pupil.cookies].map(([k, v]: [string, string]) => `${k}=${v}`).join("; ");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(p: string, c: string) {
  return new Promise<number>((resolve, reject) => {
    const req = http.get(`${server.url}${p}`, { agent, headers: { cookie: c } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
  });
}
async function measure(label: string, p: string, c: string, expected: number, n = 3000) {
  for (let i = 0; i < 300; i++) await get(p, c);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const s = await get(p, c);
    if (s !== expected) throw new Error(`${label}: ${s}`);
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  console.log(`${db} ${label}: ${((ms * 1000) / n).toFixed(0)} µs/request wall, ${((cpu.user + cpu.system) / n).toFixed(0)} µs CPU/request (server+client, one process)`);
}
// /api/ai/status: teachers only, no query of its own. /api/play/<random uuid>: a pupil's
// request that reaches a lookup; its 404 is the same before and after.
await measure("teacher GET /api/ai/status", "/api/ai/status", cookie, 200);
await measure("pupil   GET /api/ai/status (403)", "/api/ai/status", pupilCookie, 403);
await server.close();
process.exit(0);
