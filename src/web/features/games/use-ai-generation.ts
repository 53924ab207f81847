/**
 * Generate with AI on the create-game form: checks the AI fields, asks the server, and adds the
 * usable suggestions (shuffled) after the questions already written, replacing blank ones.
 */

import { useMutation } from "@tanstack/react-query";
import { type Dispatch, type SetStateAction, useState } from "react";
import { questionFromAiSuggestion } from "../../../shared/ai/ai-suggestions.ts";
import type { ClassLevel } from "../../../shared/games/curriculum.ts";
import { gameMessages, isBlankQuestion, type Question } from "../../../shared/games/games.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { type AiFailure, aiFailure, generateQuestions } from "../../lib/games-api.ts";
import { sentences, type Translated, translate } from "../../lib/i18n/i18n.ts";
import type { AiFields } from "./ai-section.tsx";

/** `language`: the questions' language the AI writes in. */
export function useAiGeneration(ai: AiFields, language: Language, setQuestions: Dispatch<SetStateAction<Question[]>>) {
  const [error, setError] = useState<AiFailure | null>(null);
  const [notice, setNotice] = useState<Translated | null>(null);
  const generation = useMutation({
    mutationFn: generateQuestions,
    onMutate: () => {
      setError(null);
      setNotice(null);
    },
    onSuccess: (result) => {
      const suggestions = Array.isArray(result?.questions) ? result.questions : [];
      const generated = suggestions.map((s) => questionFromAiSuggestion(s));
      const usable = generated.filter((q) => !isBlankQuestion(q)).length;
      // The suggestions of a mix the server left out, each with its problem (its kind's fields were wrong).
      const refused = (result?.refused ?? []).map((message) => translate(message));
      if (usable === 0) {
        setError({
          message: gameMessages.aiInvalidResponse,
          ...(refused.length > 0 ? { detail: sentences(...refused) } : {}),
        });
        return;
      }
      setQuestions((current) => [...current.filter((q) => !isBlankQuestion(q)), ...generated]);
      const blanks = generated.length - usable;
      const added = translate(msg("games.ai.added", { count: usable }));
      setNotice(
        sentences(added, ...(blanks > 0 ? [translate(msg("games.ai.unusable", { count: blanks }))] : []), ...refused),
      );
    },
    onError: (error) => setError(aiFailure(error)),
  });

  const generate = () => {
    if (!ai.subject || !ai.level || !ai.topic.trim()) {
      setError({ message: gameMessages.aiFieldsRequired });
      return;
    }
    generation.mutate({
      subject: ai.subject,
      level: ai.level as ClassLevel,
      topic: ai.topic.trim(),
      contextText: ai.context,
      numQuestions: ai.numQuestions,
      language,
      kinds: ai.kinds ?? "choice",
    });
  };

  return { generate, generating: generation.isPending, error, notice };
}
