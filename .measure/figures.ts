import { startTestServer } from "../tests/support/test-server.ts";
import { HttpClient, newMachineAddress } from "../tests/support/http-client.ts";
import { signedUpTeacher } from "../tests/support/teachers.ts";

const server = await startTestServer({ db: "pglite" });
// 1. Guessing: 20 addresses, 10 s, a fresh device whenever one is refused.
{
  const addresses = Array.from({ length: 20 }, () => newMachineAddress());
  let tested = 0;
  let refused = 0;
  const end = Date.now() + 10_000;
  await Promise.all(addresses.map(async (address, a) => {
    let device = new HttpClient(server.url, { localAddress: address });
    await device.post("/api/auth/student", {});
    let i = 0;
    while (Date.now() < end) {
      const r = await device.post("/api/join/lookup", { code: String(100000 + a * 40000 + i++) });
      if (r.status === 404 || r.status === 200) tested++;
      else {
        refused++;
        device = new HttpClient(server.url, { localAddress: address });
        const s = await device.post("/api/auth/student", {});
        if (s.status === 429) await new Promise((r) => setTimeout(r, 200));
      }
    }
  }));
  console.log(`guessing: ${tested} codes tested in 10 s from 20 addresses (${tested * 6}/min), ${refused} refused`);
}
// 3. Hostile bodies.
async function time(label: string, send: () => Promise<{ status: number }>) {
  const runs: number[] = [];
  let status = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    status = (await send()).status;
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  console.log(`${label}: status ${status}, median ${runs[2]!.toFixed(1)} ms`);
}
const nested = (bytes: number) => `${"[".repeat(bytes / 2)}${"]".repeat(bytes / 2)}`;
const flat = (bytes: number) => JSON.stringify({ padding: "x".repeat(bytes - 20) });
await time("977 KiB nested → /api/auth/logout", () => new HttpClient(server.url).request("POST", "/api/auth/logout", nested(977 * 1024)));
await time("977 KiB flat → /api/auth/logout", () => new HttpClient(server.url).request("POST", "/api/auth/logout", flat(977 * 1024)));
const teacher = await signedUpTeacher(server.url);
const t2 = new HttpClient(server.url);
for (const [k, v] of teacher.client.cookies) t2.cookies.set(k, v);
await time("630 KiB nested → /api/games (teacher)", () => { const c = new HttpClient(server.url); for (const [k, v] of teacher.client.cookies) c.cookies.set(k, v); return c.request("POST", "/api/games", nested(630 * 1024)); });
await server.close();
process.exit(0);
