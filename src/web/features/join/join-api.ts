import type { JoinLookupResponse, JoinResponse } from "../../../shared/play/play-responses.ts";
import { api } from "../../lib/api-client.ts";

export const lookupCode = (code: string) =>
  api<JoinLookupResponse>("/api/join/lookup", { method: "POST", body: { code } });
export const joinGroup = (input: { code: string; groupId: string; name: string }) =>
  api<JoinResponse>("/api/join", { method: "POST", body: input });
