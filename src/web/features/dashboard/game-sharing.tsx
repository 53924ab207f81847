/**
 * On a game's card: "Download game file" (docs/GAME-FORMAT.md; a refusal is said on the card)
 * and "Share", which opens the game's share link panel: turn the link on, copy it, turn it off
 * (decision 018).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { type MessageKey, msg } from "../../../shared/i18n/messages.ts";
import { shareMessages } from "../../../shared/sharing/sharing.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { downloadGameFile, fetchShareLink, turnShareLinkOff, turnShareLinkOn } from "../../lib/game-sharing-api.ts";
import { useT } from "../../lib/i18n/language.tsx";
import "../../styles/sharing.css";
import { queryKeys } from "../../lib/query-keys.ts";

export function GameSharing({ gameId, title }: { gameId: string; title: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const download = useMutation({ mutationFn: () => downloadGameFile(gameId) });
  return (
    <>
      <div className="game-sharing">
        <button
          type="button"
          className="button button-secondary"
          disabled={download.isPending}
          onClick={() => download.mutate()}
          aria-label={t(msg("sharing.downloadLabel", { title }))}
        >
          {t(download.isPending ? "sharing.downloading" : "sharing.download")}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {t("sharing.share")}
        </button>
      </div>
      {download.isError ? (
        <p role="alert" className="error download-error">
          {errorMessage(download.error)}
        </p>
      ) : null}
      {open ? <SharePanel id={panelId} gameId={gameId} title={title} /> : null}
    </>
  );
}

function SharePanel({ id, gameId, title }: { id: string; gameId: string; title: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const link = useQuery({ queryKey: queryKeys.shareLink(gameId), queryFn: () => fetchShareLink(gameId) });
  const [copied, setCopied] = useState<MessageKey | null>(null);
  // The pressed button goes away when the link turns on or off: focus moves to the one that replaces it.
  const focusAfterChange = useRef(false);
  const nextButton = useRef<HTMLButtonElement>(null);
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? turnShareLinkOn(gameId) : turnShareLinkOff(gameId)),
    onSuccess: (state) => {
      setCopied(null);
      focusAfterChange.current = true;
      queryClient.setQueryData(queryKeys.shareLink(gameId), state);
    },
  });
  const sharePath = link.data?.sharePath ?? null;
  useEffect(() => {
    if (!focusAfterChange.current) return;
    focusAfterChange.current = false;
    nextButton.current?.focus();
  }, [sharePath]);
  const url = sharePath ? `${window.location.origin}${sharePath}` : null;
  const inputId = `${id}-url`;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied("sharing.linkCopied");
    } catch {
      // No clipboard (an http address other than localhost): the link is selected for copying by hand.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      setCopied("sharing.copyRefused");
    }
  };

  return (
    <div className="share-panel" id={id} role="group" aria-label={t(msg("sharing.panelLabel", { title }))}>
      {link.isPending ? <p role="status">{t("common.loading")}</p> : null}
      {link.isError ? (
        <p role="alert" className="error">
          {errorMessage(link.error)}
        </p>
      ) : null}
      {link.isSuccess && url ? (
        <>
          <p>{t(shareMessages.linkOn)}</p>
          <label htmlFor={inputId} className="visually-hidden">
            {t("sharing.linkLabel")}
          </label>
          <input id={inputId} className="share-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <div className="actions">
            <button type="button" className="button button-small" onClick={copy} ref={nextButton}>
              {t("sharing.copyLink")}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={change.isPending}
              onClick={() => change.mutate(false)}
            >
              {t("sharing.turnOff")}
            </button>
          </div>
        </>
      ) : null}
      {link.isSuccess && !url ? (
        <>
          <p>{t(shareMessages.linkOffState)}</p>
          <button
            type="button"
            className="button button-small"
            disabled={change.isPending}
            onClick={() => change.mutate(true)}
            ref={nextButton}
          >
            {t("sharing.turnOn")}
          </button>
        </>
      ) : null}
      {copied ? (
        <p role="status" className="success">
          {t(copied)}
        </p>
      ) : null}
      {change.isError ? (
        <p role="alert" className="error">
          {errorMessage(change.error)}
        </p>
      ) : null}
    </div>
  );
}
