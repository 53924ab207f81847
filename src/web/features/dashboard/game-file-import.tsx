/**
 * "Import a game file" on the dashboard: a file made with "Download game file" (perhaps in
 * another account) becomes a new game in this one. The server checks it with the limits of a
 * save; the game goes straight to Your Games (decision 018).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useState } from "react";
import { GAME_FILE_LIMITS, gameFileMessages } from "../../../shared/sharing/sharing.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { importGameFile } from "../../lib/game-sharing-api.ts";
import { useT } from "../../lib/i18n/language.tsx";
import "../../styles/sharing.css";
import { queryKeys } from "../../lib/query-keys.ts";

export function GameFileImport() {
  const t = useT();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const upload = useMutation({
    mutationFn: importGameFile,
    onSuccess: async (game) => {
      setResult({ ok: true, message: gameFileMessages.imported(game.title) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.games });
    },
    onError: (error) => setResult({ ok: false, message: errorMessage(error) }),
  });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file || upload.isPending) return;
    setResult(null);
    if (file.size > GAME_FILE_LIMITS.fileBytes) return setResult({ ok: false, message: gameFileMessages.tooBig });
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      return setResult({ ok: false, message: gameFileMessages.notJson });
    }
    upload.mutate(parsed);
  };

  return (
    <>
      <label className="button button-secondary file-button">
        {t(upload.isPending ? "games.file.importing" : "games.file.import")}
        <input type="file" accept=".json,application/json" onChange={onFile} aria-describedby="game-file-hint" />
      </label>
      <span id="game-file-hint" className="visually-hidden">
        {t("games.file.importHint")}
      </span>
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={`import-result ${result.ok ? "success" : "error"}`}>
          {t(result.message)}
        </p>
      ) : null}
    </>
  );
}
