import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { queryKeys } from "../query-keys.ts";
import { logout } from "./auth-api.ts";

/** Sign out, forget everything cached for this teacher, and go to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me, { user: null });
      navigate("/login", { replace: true });
    },
  });
}
