/**
 * A teacher's preferred language follows them: on signing in on any device the page
 * takes their language, unless the switch was pressed in this tab, and pressing the switch
 * while signed in saves it on their account.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { accountEndpoints } from "../../../shared/account/account-endpoints.ts";
import type { MeResponse } from "../../../shared/account/auth-contracts.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { apiCall } from "../api-client.ts";
import { useAuth } from "../auth/auth-provider.tsx";
import { queryKeys } from "../query-keys.ts";
import { languageChosenHere, rememberedLanguage } from "./i18n.ts";
import { useLanguage } from "./language.tsx";

export const saveLanguage = (language: Language) => apiCall(accountEndpoints.language, { body: { language } });

/**
 * Once per signed-in teacher: their saved language, if they have one, becomes the page's. A
 * teacher who has none yet (just signed up, or never chose one) keeps the page's language,
 * and it is saved: a teacher who signed up in Irish finds Irish on the next device too.
 */
export function TeacherLanguage() {
  const auth = useAuth();
  const { language, setLanguage } = useLanguage();
  const save = useSaveTeacherLanguage();
  const applied = useRef<string | null>(null);
  const teacher = auth.kind === "teacher" ? auth.user : null;
  useEffect(() => {
    if (!teacher || applied.current === teacher.id) return;
    applied.current = teacher.id;
    // Pressed in this tab (before the page knew who was signed in, say): that choice wins, and
    // the account keeps it. Its language may still be loading, so it is read from the device.
    if (languageChosenHere()) save(rememberedLanguage() ?? language);
    else if (teacher.preferredLanguage) void setLanguage(teacher.preferredLanguage);
    else save(language);
  }, [teacher, language, setLanguage, save]);
  return null;
}

/** What the switch does for a signed-in teacher, besides switching the page: keep the choice on the account. */
export function useSaveTeacherLanguage(): (language: Language) => void {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const isTeacher = auth.kind === "teacher";
  return useCallback(
    (language: Language) => {
      if (!isTeacher) return;
      queryClient.setQueryData<MeResponse>(queryKeys.me, (me) =>
        me?.user ? { user: { ...me.user, preferredLanguage: language } } : me,
      );
      // Not worth an error on screen: the page has switched; the account keeps the old choice until the next press.
      saveLanguage(language).catch(() => {});
    },
    [isTeacher, queryClient],
  );
}
