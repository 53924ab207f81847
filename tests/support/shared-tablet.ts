/**
 * Children of a group on one tablet (issue 41, decision 048), for tests of what their teacher sees:
 * the names joined one after another from one device (one cookie jar), each a pupil of their own.
 */
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { type Db, queryRows } from "../../src/server/db/client.ts";
import { attemptId } from "./classroom.ts";
import { HttpClient } from "./http-client.ts";

/**
 * `seatIn`: the join does not seat the children yet (the server's side of tablets is on its way), so
 * the test gives them their seats in the order added, in that database.
 */
export async function joinedTablet(baseUrl: string, code: string, names: readonly string[], seatIn: Db) {
  const client = new HttpClient(baseUrl);
  const found = await client.post("/api/join/lookup", { code });
  expect(found.status).toBe(200);
  const children: Array<{ name: string; progressId: string }> = [];
  for (const name of names) {
    const joined = await client.post("/api/join", { code, groupId: found.body.groupId, name });
    expect(joined.status).toBe(201);
    children.push({ name, progressId: joined.body.progressId as string });
  }
  for (const [seat, child] of children.entries())
    await queryRows(
      seatIn,
      sql`update student_progress set seat = ${seat} where id = ${child.progressId} and seat is null`,
    );
  const child = (name: string) => {
    const found = children.find((c) => c.name === name);
    if (!found) throw new Error(`${name} is not on this tablet`);
    const { progressId } = found;
    return {
      name,
      progressId,
      answer: (questionIndex: number, selectedOption: number) =>
        client.post(`/api/play/${progressId}/answers`, { questionIndex, selectedOption, attemptId: attemptId() }),
    };
  };
  return { client, children, child };
}
