/**
 * The pupil's side of finding a station, as pure functions: the token in a scanned
 * QR code, whichever address the card was printed with; what the child is told after a find
 * (a wrong card is a friendly redirect to the next station, never an error); whether this
 * browser may offer the in-page scanner.
 */
import { type Message, msg } from "../i18n/messages.ts";
import type { FindStationResponse } from "./play-responses.ts";

/** The join page's query parameter holding a card's token until the device has joined (/join?station=…). */
export const STATION_PARAM = "station";

/** A card's token as the server makes them (128 random bits, URL-safe): anything else in a QR code is not a card. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The station token a scanned QR code holds: its address's last path segment after /s/, whatever
 * the server's address was when the card was printed (laminated cards outlive an address change);
 * null for any other code (a web address, a join link, a stranger's QR code).
 */
export function scannedCardToken(text: string): string | null {
  let path: string;
  try {
    path = new URL(text.trim()).pathname;
  } catch {
    return null;
  }
  const match = /\/s\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  let token: string;
  try {
    token = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return TOKEN.test(token) ? token : null;
}

/** How a find is said: found (a small celebration), redirect (go to another station), or stranger (not this hunt's card). */
export type FindNotice = { tone: "found" | "redirect" | "stranger"; text: Message };

/** What the child is told after a find, by the card's token (scanned or opened) or by a typed word. */
export function findNotice(response: FindStationResponse, via: { word: string } | { token: string }): FindNotice {
  const next = response.state.hunt?.next ?? null;
  switch (response.outcome) {
    case "found":
      return {
        tone: "found",
        text: msg("pupil.station.found", { number: response.station?.number ?? next?.number ?? 0 }),
      };
    case "alreadyFound":
      return { tone: "redirect", text: msg("pupil.station.alreadyFound") };
    case "notNext": {
      const here = response.station?.number ?? 0;
      if (!next) return { tone: "redirect", text: msg("pupil.station.alreadyFound") };
      return next.hidingPlace
        ? {
            tone: "redirect",
            text: msg("pupil.station.wrongCardLook", { here, next: next.number, place: next.hidingPlace }),
          }
        : { tone: "redirect", text: msg("pupil.station.wrongCard", { here, next: next.number }) };
    }
    case "notInHunt":
      return "word" in via
        ? { tone: "stranger", text: msg("pupil.station.noSuchWord", { word: via.word.trim() }) }
        : { tone: "stranger", text: msg("pupil.station.notInHunt") };
  }
}

/**
 * The in-page scanner is offered only where the browser can decode QR codes itself
 * (BarcodeDetector: Chromebooks, Android) and may open the camera in a page (a secure context:
 * https, or localhost). Elsewhere the device's camera app and the typed word still work.
 */
export const canScanInPage = (scope: { isSecureContext?: boolean; BarcodeDetector?: unknown; navigator?: unknown }) =>
  scope.isSecureContext === true &&
  typeof scope.BarcodeDetector === "function" &&
  Boolean((scope.navigator as { mediaDevices?: { getUserMedia?: unknown } } | undefined)?.mediaDevices?.getUserMedia);
