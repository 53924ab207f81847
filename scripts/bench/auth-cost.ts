/**
 * What immediate revocation (decision 020) costs per request. Every teacher request checks that
 * its sign-in row still exists (src/server/auth/session-check.ts); pupils' requests carry a
 * signed device cookie and no account cookie, so they never run it. Measured here, in one
 * process (server and client), sequential, keep-alive, after a warm-up:
 *   - the check alone (the prepared statement, as a request runs it);
 *   - a teacher's GET on a route with no query of its own (/api/ai/status);
 *   - a pupil's GET of their own play state (/api/play/:id), for comparison.
 * Run from a worktree root:  npx tsx scripts/bench/auth-cost.ts [pglite|postgres] [requests]
 * (postgres needs TEST_DATABASE_URL).
 */
import http from "node:http";
import path from "node:path";

const root = process.cwd();
const { startTestServer } = await import(path.join(root, "tests/support/test-server.ts"));
const { teacherWithSession, joinedStudent } = await import(path.join(root, "tests/support/classroom.ts"));
const { sessionRowIsStored } = await import(path.join(root, "src/server/auth/session-check.ts"));
const { queryRows } = await import(path.join(root, "src/server/db/client.ts"));
const { sql } = await import("drizzle-orm");

const db = (process.argv[2] ?? "pglite") as "pglite" | "postgres";
const n = Number(process.argv[3] ?? 3000);
const server = await startTestServer({ db });
const { teacher, session } = await teacherWithSession(server.url, 1);
const pupil = await joinedStudent(server.url, session.groups[0].joinCode, "Aoife");
const cookieOf = (client: { cookies: Map<string, string> }) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
const [stored] = await queryRows(
  server.database.db,
  sql`select token, user_id as "userId" from auth_sessions where user_id = ${teacher.id}`,
);

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(p: string, cookie: string) {
  return new Promise<number>((resolve, reject) => {
    const req = http.get(`${server.url}${p}`, { agent, headers: { cookie } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
  });
}

async function measure(label: string, once: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(300, n / 10); i++) await once();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await once();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const wall = (ms * 1000) / n;
  const cpuPer = (cpu.user + cpu.system) / n;
  console.log(
    `${db.padEnd(8)} ${label.padEnd(44)} ${wall.toFixed(0).padStart(5)} µs wall  ${cpuPer.toFixed(0).padStart(5)} µs CPU`,
  );
  return { wall, cpu: cpuPer };
}

const expect = (status: number, wanted: number, label: string) => {
  if (status !== wanted) throw new Error(`${label}: ${status}`);
};
const check = await measure("the sign-in check alone", async () => {
  if (!(await sessionRowIsStored(server.database.db, stored))) throw new Error("the teacher's sign-in row is missing");
});
const teacherReq = await measure("teacher GET /api/ai/status", async () =>
  expect(await get("/api/ai/status", cookieOf(teacher.client)), 200, "teacher"),
);
await measure("pupil GET /api/play/:id (no check)", async () =>
  expect(await get(`/api/play/${pupil.progressId}`, cookieOf(pupil.client)), 200, "pupil"),
);
console.log(
  `${db.padEnd(8)} the check is ${((100 * check.wall) / teacherReq.wall).toFixed(0)} % of a teacher request's wall time, ${((100 * check.cpu) / teacherReq.cpu).toFixed(0)} % of its CPU`,
);
await server.close();
process.exit(0);
