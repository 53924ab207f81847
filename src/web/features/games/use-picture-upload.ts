/**
 * Choosing and uploading one picture in the editor (decision 019), shared by a question's picture
 * and each option's (decision 038): the same shrinking and re-encoding (picture-encoding.ts), the
 * same upload, the same messages (the browser's when a file cannot be read, the server's cleaning
 * and storage-quota refusals). `onUploaded` should change the question as it is when the upload
 * ends (an updater), so what was typed or uploaded meanwhile is kept.
 */
import { type ChangeEvent, useRef, useState } from "react";
import { imageMessages, type UploadedImage } from "../../../shared/games/images.ts";
import { errorMessage } from "../../lib/api-client.ts";
import type { ShownText } from "../../lib/i18n/i18n.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { uploadPicture } from "./picture-api.ts";
import { encodePicture } from "./picture-encoding.ts";

export function usePictureUpload(onUploaded: (picture: UploadedImage) => void) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownText | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared at once: the same file may be chosen again, and the name goes nowhere.
    event.target.value = "";
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onUploaded(await uploadPicture(await encodePicture(file)));
    } catch (e) {
      setError(errorMessage(e) || t(imageMessages.unreadable));
    } finally {
      setBusy(false);
    }
  };

  return {
    /** The hidden file input's ref and change handler. */
    input,
    choose,
    /** Opens the device's file chooser. */
    open: () => input.current?.click(),
    busy,
    error,
    /** Forgets a shown error (the picture was removed). */
    clearError: () => setError(null),
  };
}
