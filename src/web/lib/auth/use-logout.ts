import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { logout, meQueryKey } from "./auth-api.ts";

/** Sign out, forget everything cached for this teacher, and go to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, { user: null });
      navigate("/login", { replace: true });
    },
  });
}
