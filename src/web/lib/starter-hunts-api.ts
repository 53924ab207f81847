/**
 * The starter hunts: the list, one hunt for the preview, and "Use this hunt" (a copy as
 * a new game of the teacher's). The dashboard's Starter hunts section and the starter preview both use it.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { starterEndpoints } from "../../shared/starter/starter-endpoints.ts";
import { apiCall } from "./api-client.ts";
import { queryKeys } from "./query-keys.ts";

/** Every starter hunt: the dashboard filters them in the browser (the same filterStarterHunts as the server's ?level=…). */
export const fetchStarterHunts = () => apiCall(starterEndpoints.list, { query: {} });
export const fetchStarterHunt = (starterId: string) => apiCall(starterEndpoints.read, { params: { starterId } });

/** "Use this hunt": the new game's id and title once it is one of the teacher's games (the library is read again). */
export function useStarterHuntCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (starterId: string) => apiCall(starterEndpoints.use, { params: { starterId }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.games }),
  });
}
