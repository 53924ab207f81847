import type { UploadedImage } from "../../../shared/games/images.ts";
import { api } from "../../lib/api-client.ts";

/** Uploads a picture prepared by encodePicture: its bytes only, no file name. */
export const uploadPicture = (picture: Blob) =>
  api<UploadedImage>("/api/images", { method: "POST", blob: picture, timeoutMs: 60_000 });
