/**
 * A station card's address (/s/:token), opened by a device's own camera app. A device
 * that joined a live session of the card's game, played around the room, goes on to its play
 * page with the find made (its question, or the kind word that it is not the next station); any
 * other device goes to the join page, which comes on to the station after joining.
 */
import "../../styles/pupil-screens.css";
import "../../styles/play-screens.css";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { msg } from "../../../shared/i18n/messages.ts";
import { findNotice, STATION_PARAM } from "../../../shared/play/station-finds.web.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { queryKeys } from "../../lib/query-keys.ts";
import { postStationVisit } from "./play-api.ts";

export default function StationVisitPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The play page is where this ends, most often: its code starts coming now.
    void import("./play-page.tsx").catch(() => {});
    postStationVisit(token).then(
      (visit) => {
        if (visit.progressId === null) {
          void navigate(`/join?${STATION_PARAM}=${encodeURIComponent(token)}`, { replace: true });
          return;
        }
        queryClient.setQueryData(queryKeys.play(visit.progressId), visit.find.state);
        void navigate(`/play/${encodeURIComponent(visit.progressId)}`, {
          replace: true,
          state: { stationFind: findNotice(visit.find, { token }) },
        });
      },
      (error: unknown) => setFailure(errorMessage(error)),
    );
  }, [token, navigate, queryClient]);

  return (
    <main className="page play pupil-screen pupil-message">
      <h1 className="visually-hidden">Cluehunt</h1>
      {failure ? (
        <>
          <p role="alert" className="error">
            {t(msg("pupil.station.visitFailed", { reason: t(failure) }))}
          </p>
          <p>
            <Link to="/join">{t("pupil.play.joinAGame")}</Link>
          </p>
        </>
      ) : (
        <p role="status">{t("pupil.station.opening")}</p>
      )}
    </main>
  );
}
