/** Sharing a game's contracts (decision 045): its file, its share link, a shared game read and copied. */
import { z } from "zod";
import { contract, exactly } from "../contract.server.ts";
import {
  gameParams,
  OptionPicturesSchema,
  optionNotesShape,
  pathParam,
  QuestionPictureSchema,
  questionKindShape,
  recordingAddressesShape,
} from "../games/game-contracts.server.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import type { SharedGame, SharedQuestion, ShareLinkState } from "./sharing.ts";
import { sharingEndpoints } from "./sharing-endpoints.ts";

const ShareLinkStateSchema = exactly<ShareLinkState>()(z.object({ sharePath: z.string().nullable() }));
const SharedQuestionSchema = exactly<SharedQuestion>()(
  z.object({
    questionText: z.string(),
    ...questionKindShape,
    options: z.array(z.string()),
    correctAnswer: z.number(),
    clue: z.string().nullable(),
    optionNotes: optionNotesShape,
    hidingPlace: z.string().nullable(),
    picture: QuestionPictureSchema.nullable(),
    optionPictures: OptionPicturesSchema,
    ...recordingAddressesShape,
  }),
);
const SharedGameSchema = exactly<SharedGame>()(
  z.object({
    title: z.string(),
    description: z.string(),
    subject: z.string().nullable(),
    classLevel: z.string().nullable(),
    language: z.enum(LANGUAGES),
    sharedBy: z.string(),
    questions: z.array(SharedQuestionSchema),
  }),
);

export const sharingContracts = {
  exportFile: contract(sharingEndpoints.exportFile, {
    summary: "Download a game as a file, its pictures inside (docs/GAME-FORMAT.md)",
    caller: "teacher",
    params: gameParams,
    responses: { 200: { content: "application/json", description: "The game file (docs/GAME-FORMAT.md)" } },
  }),
  importFile: contract(sharingEndpoints.importFile, {
    summary: "A game file as a new game of the teacher's",
    caller: "teacher",
    // Checked by the route, asynchronously (pictures cleaned one per turn), with one message for the file.
    rawBody: "application/json",
    responses: { 201: z.object({ id: z.string(), title: z.string() }) },
  }),
  shareLink: contract(sharingEndpoints.shareLink, {
    summary: "The game's share link, or null while it is off",
    caller: "teacher",
    params: gameParams,
    responses: { 200: ShareLinkStateSchema },
  }),
  shareLinkOn: contract(sharingEndpoints.shareLinkOn, {
    summary: "Turn the game's share link on",
    caller: "teacher",
    params: gameParams,
    responses: { 200: ShareLinkStateSchema },
  }),
  shareLinkOff: contract(sharingEndpoints.shareLinkOff, {
    summary: "Turn the game's share link off",
    caller: "teacher",
    params: gameParams,
    responses: { 200: ShareLinkStateSchema },
  }),
  sharedGame: contract(sharingEndpoints.sharedGame, {
    summary: "A game shared by link, as another teacher reads it",
    caller: "teacher",
    params: z.object({ shareLinkId: pathParam }),
    responses: { 200: z.object({ game: SharedGameSchema }) },
  }),
  copySharedGame: contract(sharingEndpoints.copySharedGame, {
    summary: "Add a copy of a shared game to the teacher's games",
    caller: "teacher",
    params: z.object({ shareLinkId: pathParam }),
    responses: { 201: z.object({ id: z.string(), title: z.string() }) },
  }),
} as const;
