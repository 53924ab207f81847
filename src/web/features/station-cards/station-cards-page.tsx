/**
 * Station cards to print: /games/:gameId/station-cards, from the dashboard and the
 * editor. One card per question: a big number and symbol, a large QR code holding the card's
 * address, the station word and the game's title; never the question or its answer. Printed by
 * the browser's own print (styles/station-cards.css): two or four cards on each A4 sheet, cut
 * lines, black and white, a card never cut across pages. The page names the address the codes
 * hold (and warns when it can change), marks the cards still to print, and makes new cards after
 * a confirmation.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { libraryMessages } from "../../../shared/games/game-library.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { StationCard, StationCardsResponse } from "../../../shared/stations/station-responses.ts";
import { stationCardPath } from "../../../shared/stations/station-responses.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { QrCode } from "../../components/qr-code.tsx";
import { StationSymbol } from "../../components/station-symbol.tsx";
import { TeacherPageMessage } from "../../components/teacher-page-message.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { fetchStationCards, markStationCardsPrinted, renewStationCards } from "./station-cards-api.ts";
import "../../styles/station-cards.css";
import { queryKeys } from "../../lib/query-keys.ts";

/** Cards on each A4 sheet: two large, or four. */
export const CARDS_PER_SHEET = [2, 4] as const;
type CardsPerSheet = (typeof CARDS_PER_SHEET)[number];

const sheetsOf = <T,>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, k) => items.slice(k * size, (k + 1) * size));

export default function StationCardsPage() {
  const gameId = useParams().gameId ?? "";
  const cards = useQuery({
    queryKey: queryKeys.stationCards(gameId),
    queryFn: () => fetchStationCards(gameId),
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  if (cards.isPending) return <TeacherPageMessage title="stationCards.title" text="common.loading" loading />;
  if (cards.isError)
    return (
      <TeacherPageMessage
        title="stationCards.title"
        text={
          cards.error instanceof ApiError && cards.error.status === 404
            ? libraryMessages.gameNotFound
            : msg("stationCards.fetchFailed", { reason: errorMessage(cards.error) })
        }
      />
    );
  return <StationCardsSheets gameId={gameId} data={cards.data} />;
}

function StationCardsSheets({ gameId, data }: { gameId: string; data: StationCardsResponse }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [perSheet, setPerSheet] = useState<CardsPerSheet>(4);
  const [onlyNew, setOnlyNew] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const show = (next: StationCardsResponse) => queryClient.setQueryData(queryKeys.stationCards(gameId), next);

  const printed = useMutation({ mutationFn: () => markStationCardsPrinted(gameId), onSuccess: show });
  const renew = useMutation({
    mutationFn: () => renewStationCards(gameId),
    onSuccess: (next) => {
      show(next);
      setConfirming(false);
      setOnlyNew(false);
      setNotice("stationCards.renewed");
    },
  });

  const newCount = data.cards.filter((c) => c.isNew).length;
  const choosingNew = newCount > 0 && newCount < data.cards.length;
  const shown = choosingNew && onlyNew ? data.cards.filter((c) => c.isNew) : data.cards;
  const print = () => {
    setNotice(null);
    window.print();
    // The browser's print dialog is closed by now: these cards are no longer "new".
    if (newCount > 0) printed.mutate();
  };

  return (
    <main className="page station-cards-page">
      <div className="station-cards-controls">
        <p>
          <Link to="/dashboard">{t("common.backToDashboardArrow")}</Link>
        </p>
        <h1>{t("stationCards.title")}</h1>
        <p className="station-cards-game">{data.gameTitle}</p>
        <p>{t("stationCards.intro")}</p>
        <div className={`station-cards-address${data.baseUrlIsBareAddress ? " warning-box" : ""}`}>
          <p>{t(msg("stationCards.address", { address: data.cardBaseUrl }))}</p>
          {data.baseUrlIsBareAddress ? <p>{t("stationCards.bareAddress")}</p> : null}
        </div>
        {newCount > 0 ? (
          <p className="station-cards-new-count" role="status">
            {t(msg("stationCards.newCount", { count: newCount }))}
          </p>
        ) : null}
        <fieldset className="station-cards-layout">
          <legend>{t("stationCards.perSheet")}</legend>
          {CARDS_PER_SHEET.map((n) => (
            <label key={n} className="radio-choice">
              <input type="radio" name="cards-per-sheet" checked={perSheet === n} onChange={() => setPerSheet(n)} />
              {t(n === 2 ? "stationCards.twoPerSheet" : "stationCards.fourPerSheet")}
            </label>
          ))}
        </fieldset>
        {choosingNew ? (
          <label className="checkbox-field">
            <input type="checkbox" checked={onlyNew} onChange={(e) => setOnlyNew(e.target.checked)} />
            <span>{t(msg("stationCards.onlyNew", { count: newCount }))}</span>
          </label>
        ) : null}
        <div className="actions">
          <button type="button" className="button" onClick={print}>
            {t("stationCards.print")}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              renew.reset();
              setConfirming(true);
            }}
          >
            {t("stationCards.renew")}
          </button>
        </div>
        {notice ? (
          <p className="notice" role="status">
            {t(notice)}
          </p>
        ) : null}
        {printed.isError ? (
          <p className="error" role="alert">
            {t(errorMessage(printed.error))}
          </p>
        ) : null}
      </div>

      <section className={`station-sheets per-${perSheet}`} aria-label={t("stationCards.sheets")}>
        {sheetsOf(shown, perSheet).map((sheet, k) => (
          <div className="station-sheet" key={`${perSheet}-${k}`}>
            {sheet.map((card) => (
              <PrintedCard key={card.token} card={card} data={data} />
            ))}
          </div>
        ))}
      </section>

      <ConfirmDialog
        open={confirming}
        title={t("stationCards.renewTitle")}
        confirmLabel={t("stationCards.renewConfirm")}
        cancelLabel={t("dashboard.cancel")}
        busy={renew.isPending}
        error={renew.isError ? t(errorMessage(renew.error)) : null}
        onConfirm={() => renew.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t("stationCards.renewDetail")}</p>
      </ConfirmDialog>
    </main>
  );
}

/** One card as printed: nothing of its question, only what finds the station. */
function PrintedCard({ card, data }: { card: StationCard; data: StationCardsResponse }) {
  const t = useT();
  const label = t(msg("stationCards.cardLabel", { number: card.number }));
  return (
    <article className={`station-card${card.isNew ? " is-new" : ""}`} aria-label={label}>
      {card.isNew ? <span className="station-card-new">{t("stationCards.new")}</span> : null}
      <QrCode
        text={`${data.cardBaseUrl}${stationCardPath(card.token)}`}
        label={t(msg("stationCards.qrLabel", { number: card.number }))}
      />
      <div className="station-card-text">
        <div className="station-card-head">
          <span className="station-card-number" aria-hidden="true">
            {card.number}
          </span>
          <StationSymbol symbol={card.symbol} className="station-card-symbol" />
        </div>
        <p className="station-card-word" lang={data.language}>
          {card.word}
        </p>
        <p className="station-card-title">{data.gameTitle}</p>
        {card.hidingPlace ? (
          <p className="station-card-place">{t(msg("stationCards.hideAt", { place: card.hidingPlace }))}</p>
        ) : null}
      </div>
    </article>
  );
}
