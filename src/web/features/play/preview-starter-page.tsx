/**
 * A starter hunt's preview (/starter-hunts/:starterId/preview, teachers only): the hunt
 * played on the pupil's screens as preview-game-page.tsx plays a teacher's own game, from the
 * starter hunt as the server reads it (answers included: a teacher reads it). Its bar says who
 * reviewed an Irish hunt's Irish ("—" until a native speaker signs it off) and offers "Use this
 * hunt", then Start Session and Edit for the copy. Its own chunk, like the game's preview.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useParams } from "react-router";
import { msg } from "../../../shared/i18n/messages.ts";
import type { PreviewGame } from "../../../shared/play/game-preview.web.ts";
import { type StarterHunt, starterMessages } from "../../../shared/starter/starter-hunts.ts";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { queryKeys } from "../../lib/query-keys.ts";
import { fetchStarterHunt, useStarterHuntCopy } from "../../lib/starter-hunts-api.ts";
import { PreviewMessage, PreviewPlay } from "./preview-game-page.tsx";

const previewOf = (hunt: StarterHunt): PreviewGame => ({
  id: hunt.id,
  title: hunt.title,
  aiLastUsedSubject: hunt.subject,
  language: hunt.language,
  questions: hunt.questions,
});

export default function PreviewStarterPage() {
  const { starterId = "" } = useParams();
  const hunt = useQuery({
    queryKey: queryKeys.starterHunt(starterId),
    queryFn: () => fetchStarterHunt(starterId),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    select: (r) => r.hunt,
  });
  if (hunt.isPending) return <PreviewMessage text="common.loading" />;
  if (hunt.isError) {
    const text =
      hunt.error instanceof ApiError && hunt.error.status === 404
        ? starterMessages.notFound
        : msg("starter.preview.fetchFailed", { reason: errorMessage(hunt.error) });
    return <PreviewMessage text={text} error />;
  }
  return (
    <PreviewPlay
      key={hunt.data.id}
      game={previewOf(hunt.data)}
      extras={{ lead: "starter.preview.lead", bar: <StarterBar hunt={hunt.data} /> }}
    />
  );
}

/** The reviewer of an Irish hunt, and "Use this hunt" → Start Session and Edit for the copy. */
function StarterBar({ hunt }: { hunt: StarterHunt }) {
  const t = useT();
  const copy = useStarterHuntCopy();
  const startRef = useRef<HTMLAnchorElement>(null);
  const used = copy.data;
  // The button is gone once the copy is made: the focus goes on to what comes next.
  useEffect(() => {
    if (used) startRef.current?.focus();
  }, [used]);
  return (
    <div className="preview-starter">
      {hunt.language === "ga" ? (
        <p className="preview-reviewed">{t(msg("starter.irishReviewedBy", { name: hunt.irishReviewedBy ?? "—" }))}</p>
      ) : null}
      <div aria-live="polite">{used ? <p className="success">{t(starterMessages.used(used.title))}</p> : null}</div>
      <div className="actions">
        {used ? (
          <>
            <Link
              ref={startRef}
              className="button button-small"
              to={`/start-session/${used.id}`}
              aria-label={t(msg("starter.startSessionLabel", { title: used.title }))}
            >
              {t("dashboard.startSession")}
            </Link>
            <Link
              className="button button-secondary button-small"
              to={`/edit-game/${used.id}`}
              aria-label={t(msg("dashboard.editLabel", { title: used.title }))}
            >
              {t("dashboard.edit")}
            </Link>
          </>
        ) : (
          <button
            type="button"
            className="button button-small"
            aria-disabled={copy.isPending}
            onClick={() => {
              if (!copy.isPending) copy.mutate(hunt.id);
            }}
          >
            {t(copy.isPending ? "starter.using" : "starter.use")}
          </button>
        )}
      </div>
      {copy.isError ? (
        <p role="alert" className="error">
          {t(msg("starter.useFailed", { reason: errorMessage(copy.error) }))}
        </p>
      ) : null}
    </div>
  );
}
