import { gameEndpoints } from "../../../shared/games/game-endpoints.ts";
import { apiCall } from "../../lib/api-client.ts";

/** Uploads a picture prepared by encodePicture: its bytes only, no file name. */
export const uploadPicture = (picture: Blob) =>
  apiCall(gameEndpoints.uploadPicture, { blob: picture, timeoutMs: 60_000 });
