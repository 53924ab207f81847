/**
 * A hunt around the room for the browser tests: a teacher's three-question game with
 * hiding places, its station cards as the print page reads them, a session played around the
 * room, and a video of a card's QR code for Chromium's fake camera.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { encode } from "uqr";
import { expect } from "vitest";
import type { StationCard } from "../../src/shared/stations/station-responses.ts";
import { signedUpTeacher } from "./teachers.ts";

export const stationGame = {
  title: "Geography - 3rd Class - Ireland",
  description: "Around the classroom",
  questions: [
    {
      questionText: "What is the longest river in Ireland?",
      options: ["The Liffey", "The Shannon", "The Boyne", "The Lee"],
      correctAnswer: 1,
      hidingPlace: "under the globe",
    },
    {
      questionText: "Which county is Croagh Patrick in?",
      options: ["Mayo", "Kerry", "Donegal", "Wicklow"],
      correctAnswer: 0,
      hidingPlace: "on the door of the PE hall",
    },
    {
      questionText: "What is the capital of Ireland?",
      options: ["Cork", "Galway", "Dublin", "Sligo"],
      correctAnswer: 2,
    },
  ],
};

export async function stationHunt(baseUrl: string, groupCount = 2) {
  const teacher = await signedUpTeacher(baseUrl);
  const game = await teacher.client.post("/api/games", stationGame);
  expect(game.status).toBe(201);
  const gameId = game.body.id as string;
  const read = await teacher.client.get(`/api/games/${gameId}/station-cards`);
  expect(read.status).toBe(200);
  /** The cards by the question's place in the game (position 0: the first question). */
  const cards = [...(read.body.cards as StationCard[])].sort((a, b) => a.position - b.position);
  const start = async () => {
    const started = await teacher.client.post("/api/sessions", { gameId, groupCount, huntMode: "room" });
    expect(started.status).toBe(201);
    const detail = await teacher.client.get(`/api/sessions/${started.body.id}`);
    return {
      id: started.body.id as string,
      codes: (detail.body.session.groups as Array<{ joinCode: string }>).map((g) => g.joinCode),
    };
  };
  return { teacher, gameId, cards, start };
}

/** A word as a child might type it: odd case, a space inside and around ("  oTt Er "). */
export const typedOddly = (word: string) =>
  `  ${[...word]
    .map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase()))
    .join("")
    .replace(/^(..)/, "$1 ")} `;

/**
 * A Y4M video (what --use-file-for-fake-video-capture plays) whose frames show `text` as a QR
 * code, black on white, in the middle of a 640×480 picture: a card held up to the camera.
 */
export function qrVideoFile(text: string): string {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  const width = 640;
  const height = 480;
  const scale = Math.floor(400 / size);
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size * scale; y++)
    for (let x = 0; x < size * scale; x++)
      if (data[Math.floor(y / scale)]![Math.floor(x / scale)]) luma[(top + y) * width + left + x] = 16;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "station-qr-")), "card.y4m");
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}
