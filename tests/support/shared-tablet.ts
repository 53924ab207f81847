/**
 * Children of a group on one tablet (issue 41, decision 048), for tests of what their teacher sees:
 * the names joined one after another from one device (one cookie jar), each a pupil of their own,
 * seated by the join in the order added.
 */
import { expect } from "vitest";
import type { PlayState } from "../../src/shared/play/play-responses.ts";
import { attemptId } from "./classroom.ts";
import { HttpClient } from "./http-client.ts";

export async function joinedTablet(baseUrl: string, code: string, names: readonly string[]) {
  const client = new HttpClient(baseUrl);
  const found = await client.post("/api/join/lookup", { code });
  expect(found.status).toBe(200);
  const children: Array<{ name: string; progressId: string }> = [];
  for (const name of names) {
    const joined = await client.post("/api/join", { code, groupId: found.body.groupId, name });
    expect(joined.status, name).toBe(201);
    children.push({ name, progressId: joined.body.progressId as string });
  }
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
  /** Whose turn the tablet itself says it is (its play state, the pupils' side): a name, or null once all finished. */
  const turnOnTablet = async (): Promise<string | null> => {
    const state = await client.get<PlayState>(`/api/play/${children[0]!.progressId}`);
    expect(state.status).toBe(200);
    const tablet = state.body.tablet!;
    return tablet.players.find((p) => p.progressId === tablet.turn)?.name ?? null;
  };
  return { client, children, child, turnOnTablet };
}
