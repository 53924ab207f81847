/**
 * The common shape of the auth forms: check the input with the shared schema (same
 * messages as the server), send it, show the first problem in red, and on success
 * remember who is signed in.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { firstIssueMessage, type MeResponse } from "../../../shared/account/auth-contracts.ts";
import type { MessageText } from "../../../shared/i18n/messages.ts";
import { errorMessage } from "../../lib/api-client.ts";
import type { ShownText } from "../../lib/i18n/i18n.ts";
import { queryKeys } from "../../lib/query-keys.ts";

export function useAuthForm<S extends z.ZodType, R>(
  schema: S,
  action: (input: z.input<S>) => Promise<R>,
  onSuccess: (result: R) => void,
) {
  const queryClient = useQueryClient();
  const [validationError, setValidationError] = useState<MessageText | null>(null);
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: (result) => {
      const me = result as Partial<MeResponse>;
      if (me && "user" in me) queryClient.setQueryData(queryKeys.me, { user: me.user ?? null });
      onSuccess(result);
    },
  });

  const submit = (values: z.input<S>) => {
    if (mutation.isPending) return;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setValidationError(firstIssueMessage(parsed.error));
      return;
    }
    setValidationError(null);
    mutation.mutate(values);
  };

  return {
    submit,
    pending: mutation.isPending,
    error: (validationError ?? (mutation.isError ? errorMessage(mutation.error) : null)) satisfies ShownText | null,
    succeeded: mutation.isSuccess,
  };
}
