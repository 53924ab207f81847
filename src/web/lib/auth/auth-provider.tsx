/**
 * Holds the auth state for the whole app: who the server says we are (/api/me) and,
 * for a signed-in user still without the teacher role, the role polling of SPEC section 4.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import {
  type AuthView,
  afterPollAttempt,
  authView,
  needsRolePoll,
  ROLE_POLL_INTERVAL_MS,
  type RolePoll,
} from "../../../shared/account/auth-state.web.ts";
import { ApiError, isTransient } from "../api-client.ts";
import { queryKeys } from "../query-keys.ts";
import { fetchMe } from "./auth-api.ts";

const ME_TRANSIENT_RETRIES = 20;
const ME_RETRY_MAX_MS = 3000;

const AuthContext = createContext<AuthView>({ kind: "loading" });

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A server that cannot answer just now (restarting, database down) says nothing about who
  // is signed in: keep asking for a minute (the page shows "Loading...") rather than sending a
  // teacher to the login page.
  const me = useQuery({
    queryKey: queryKeys.me,
    queryFn: fetchMe,
    staleTime: 5 * 60_000,
    retry: (failures, error) => failures < (isTransient(error) ? ME_TRANSIENT_RETRIES : 2),
    retryDelay: (failures) => Math.min(ME_RETRY_MAX_MS, 1000 * 2 ** failures),
  });
  const user = me.data?.user;
  const [poll, setPoll] = useState<RolePoll | null>(null);

  // A teacher signed out elsewhere (sign out everywhere, a password change or reset; decision
  // 020): the page's next request is refused with 401. Then ask the server who we are again,
  // so the teacher-only pages go to the login page instead of showing errors.
  const isTeacher = user?.role === "teacher";
  useEffect(() => {
    if (!isTeacher) return;
    const recheck = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401)
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    };
    const fromQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && (event.action.type === "failed" || event.action.type === "error"))
        recheck(event.action.error);
    });
    const fromMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && (event.action.type === "failed" || event.action.type === "error"))
        recheck(event.action.error);
    });
    return () => {
      fromQueries();
      fromMutations();
    };
  }, [isTeacher, queryClient]);

  const pollingUserId = user && needsRolePoll(user) && !(poll?.userId === user.id && poll.failed) ? user.id : null;
  useEffect(() => {
    if (!pollingUserId) return;
    let stopped = false;
    const timer = setTimeout(async () => {
      let errored = false;
      try {
        const next = await queryClient.fetchQuery({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 0 });
        // A different user (or none) now: this polling is over.
        if (stopped || next.user?.id !== pollingUserId || next.user.role === "teacher") return;
      } catch {
        errored = true;
      }
      if (!stopped) setPoll((previous) => afterPollAttempt(previous, pollingUserId, errored));
    }, ROLE_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pollingUserId, poll, queryClient]);

  const view = me.isError ? { kind: "signed-out" as const } : authView(me.isPending, user, poll);
  return <AuthContext.Provider value={view}>{children}</AuthContext.Provider>;
}

export const useAuth = () => useContext(AuthContext);
