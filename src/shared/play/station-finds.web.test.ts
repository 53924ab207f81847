import { describe, expect, it } from "vitest";
import type { StationStop } from "../stations/station-responses.ts";
import type { FindStationResponse, PlayState } from "./play-responses.ts";
import { canScanInPage, findNotice, scannedCardToken } from "./station-finds.web.ts";

const TOKEN = "Xq3v_9kLmN0pQrStUvWx-A";

describe("the token in a scanned QR code", () => {
  it("is the card's, whatever address the card was printed with", () => {
    expect(scannedCardToken(`https://cluehunt.school.ie/s/${TOKEN}`)).toBe(TOKEN);
    expect(scannedCardToken(`http://192.168.1.23:3000/s/${TOKEN}`)).toBe(TOKEN);
    expect(scannedCardToken(` http://laptop.local/cluehunt/s/${TOKEN}/ \n`)).toBe(TOKEN);
  });
  it("is null for any other code: a join link, a web page, text, a broken token", () => {
    expect(scannedCardToken("http://192.168.1.23:3000/join?code=123456")).toBeNull();
    expect(scannedCardToken("https://example.com/")).toBeNull();
    expect(scannedCardToken("OTTER")).toBeNull();
    expect(scannedCardToken("https://example.com/s/short")).toBeNull();
    expect(scannedCardToken("https://example.com/s/%E0%A4%A")).toBeNull();
    expect(scannedCardToken(`https://example.com/s/${TOKEN}/extra`)).toBeNull();
  });
});

const stop = (number: number, status: StationStop["status"], hidingPlace: string | null = null): StationStop => ({
  questionIndex: number - 1,
  number,
  symbol: "star",
  hidingPlace,
  status,
});

function response(outcome: FindStationResponse["outcome"], station: number | null, next: StationStop | null) {
  const state = { hunt: { route: next ? [next] : [], next } } as unknown as PlayState;
  return {
    outcome,
    station: station === null ? null : { number: station, symbol: "moon" },
    state,
  } as FindStationResponse;
}

describe("what a child is told after a find", () => {
  it("celebrates the station found", () => {
    expect(findNotice(response("found", 3, stop(3, "found")), { token: TOKEN })).toEqual({
      tone: "found",
      text: { key: "pupil.station.found", values: { number: 3 } },
    });
  });
  it("names the next station and where to look when the card is not the next one, and counts nothing", () => {
    expect(findNotice(response("notNext", 5, stop(3, "toFind", "under the globe")), { token: TOKEN })).toEqual({
      tone: "redirect",
      text: { key: "pupil.station.wrongCardLook", values: { here: 5, next: 3, place: "under the globe" } },
    });
    expect(findNotice(response("notNext", 5, stop(3, "toFind")), { word: "otter" }).text).toEqual({
      key: "pupil.station.wrongCard",
      values: { here: 5, next: 3 },
    });
  });
  it("says 'Already found!' for a station done", () => {
    expect(findNotice(response("alreadyFound", 2, stop(3, "toFind")), { token: TOKEN }).text).toEqual({
      key: "pupil.station.alreadyFound",
    });
  });
  it("says a card is not part of this hunt, and a word that is on no card is checked again", () => {
    expect(findNotice(response("notInHunt", null, stop(3, "toFind")), { token: TOKEN })).toEqual({
      tone: "stranger",
      text: { key: "pupil.station.notInHunt" },
    });
    expect(findNotice(response("notInHunt", null, stop(3, "toFind")), { word: "  OTER " }).text).toEqual({
      key: "pupil.station.noSuchWord",
      values: { word: "OTER" },
    });
  });
});

describe("the in-page scanner", () => {
  const camera = { mediaDevices: { getUserMedia: () => {} } };
  const BarcodeDetector = class {};
  it("is offered where the browser reads QR codes and may open the camera in a page", () => {
    expect(canScanInPage({ isSecureContext: true, BarcodeDetector, navigator: camera })).toBe(true);
  });
  it("is not offered over plain http, without BarcodeDetector, or without a camera", () => {
    expect(canScanInPage({ isSecureContext: false, BarcodeDetector, navigator: camera })).toBe(false);
    expect(canScanInPage({ isSecureContext: true, navigator: camera })).toBe(false);
    expect(canScanInPage({ isSecureContext: true, BarcodeDetector, navigator: {} })).toBe(false);
  });
});
