/**
 * The in-page scanner, loaded only when "Scan the card" is pressed: the back camera
 * in the page, each frame given to the browser's own QR reader (BarcodeDetector) a few times a
 * second until a station card's code is seen. The camera stops as soon as it has one, or is closed.
 */
import { useEffect, useRef, useState } from "react";
import type { MessageKey } from "../../../shared/i18n/messages.ts";
import { scannedCardToken } from "../../../shared/play/station-finds.web.ts";
import { useT } from "../../lib/i18n/language.tsx";

/** The part of the Shape Detection API used here (not yet in TypeScript's DOM types). */
type Detector = { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

const FRAME_INTERVAL_MS = 250;

export default function StationScanner({
  onToken,
  onClose,
}: {
  onToken: (token: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const report = useRef(onToken);
  useEffect(() => {
    report.current = onToken;
  }, [onToken]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    void (async () => {
      try {
        const Barcode = (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
        const detector = new Barcode({ formats: ["qr_code"] });
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        const element = video.current;
        if (stopped || !element) return stop();
        element.srcObject = stream;
        await element.play();
        const look = async () => {
          if (stopped) return;
          try {
            for (const code of await detector.detect(element)) {
              const token = scannedCardToken(code.rawValue);
              if (token) {
                stop();
                report.current(token);
                return;
              }
              setProblem("pupil.station.notACard");
            }
          } catch {
            // A frame the reader could not take (the video not ready yet): try the next one.
          }
          timer = setTimeout(() => void look(), FRAME_INTERVAL_MS);
        };
        void look();
      } catch {
        if (!stopped) setProblem("pupil.station.cameraFailed");
      }
    })();
    return stop;
  }, []);

  return (
    <div className="station-scanner">
      <video ref={video} className="station-scanner-video" muted playsInline aria-hidden="true" />
      <p className="station-scanner-hint" aria-live="polite">
        {t(problem ?? "pupil.station.pointCamera")}
      </p>
      <button type="button" className="button button-secondary" onClick={onClose}>
        {t("pupil.station.closeCamera")}
      </button>
    </div>
  );
}
