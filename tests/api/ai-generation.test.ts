/**
 * AI question generation against a local server speaking the OpenAI chat-completions
 * protocol: good answers, malformed JSON, too few options, 429, 500, and a hang past the timeout;
 * a version of a saved game for another class level, and a follow-up hunt's "3 new questions like
 * this one", on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inEnglish } from "../../src/server/i18n.ts";
import {
  type AiSuggestion,
  alikeMessages,
  BASED_ON_LIMITS,
  basedOnMessages,
  questionFromAiSuggestion,
} from "../../src/shared/ai/ai-suggestions.ts";
import { versionRequest } from "../../src/shared/ai/class-level-version.web.ts";
import { gameMessages, kindMessages } from "../../src/shared/games/games.ts";
import { OPTION_NOTE_MAX } from "../../src/shared/games/option-notes.ts";
import { alikeRequest } from "../../src/shared/results/follow-up-hunt.web.ts";
import { joinedStudent, pupilDevice, teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { startFakeOpenAi } from "../support/fake-openai.ts";
import { HttpClient } from "../support/http-client.ts";
import { sampleQuestion, signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const request = {
  subject: "Irish",
  level: "4th Class",
  topic: "An aimsir",
  contextText: "Focus on rain words, please.",
  numQuestions: 3,
};
const good = [
  {
    questionText: "Cad é an focal ar 'rain'?",
    options: ["báisteach", "grian", "sneachta", "gaoth"],
    clue: "Titeann sé ón spéir agus fliuchann sé thú.",
  },
  {
    questionText: "Cén séasúr atá fuar?",
    options: ["an geimhreadh", "an samhradh", "an t-earrach", "an fómhar"],
    clue: "Smaoinigh ar an Nollaig.",
  },
  {
    questionText: "Cad a chaitheann tú sa bháisteach?",
    options: ["cóta báistí", "spéaclaí gréine", "culaith snámha", "hata tuí"],
    clue: "Coinníonn sé tirim thú.",
  },
];

describe("AI question generation", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let server: TestServer;
  let teacher: HttpClient;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startTestServer({
      db: "pglite",
      env: { AI_BASE_URL: fake.baseUrl, AI_MODEL: "test-model", AI_API_KEY: "sk-test", AI_TIMEOUT_MS: "1500" },
    });
    teacher = (await signedUpTeacher(server.url)).client;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("says it is configured", async () => {
    expect((await teacher.get("/api/ai/status")).body).toEqual({ configured: true });
  });

  it("returns the model's suggestions, asking chat completions for strict JSON with a curriculum-aware prompt", async () => {
    fake.set({ kind: "questions", questions: good });
    fake.requests.length = 0;
    const res = await teacher.post("/api/ai/generate-questions", request);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ questions: good });

    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.headers.authorization).toBe("Bearer sk-test");
    expect(sent.body.model).toBe("test-model");
    expect(sent.body.response_format.type).toBe("json_schema");
    expect(sent.body.response_format.json_schema.strict).toBe(true);
    const system = sent.body.messages.find((m: { role: string }) => m.role === "system").content as string;
    const user = sent.body.messages.find((m: { role: string }) => m.role === "user").content as string;
    expect(system).toContain("Irish primary schools");
    expect(system).toContain("exactly four options");
    expect(system).toContain("The correct option is ALWAYS the first option");
    expect(user).toContain("Write 3 questions.");
    expect(user).toContain("Class level: 4th Class — children aged 9 to 10");
    expect(user).toContain("Topic: An aimsir");
    expect(user).toContain("entirely in Irish (Gaeilge)");
    expect(user).toContain("fadas (á, é, í, ó, ú)");
    expect(user).toContain("Focus on rain words, please.");
  });

  it("sends the AI service the teacher's request and nothing else: no pupil's name, no teacher's name or email", async () => {
    const host = await teacherWithSession(server.url, 1);
    await joinedStudent(server.url, host.session.groups[0].joinCode, "Fionnuala Pupil");
    fake.set({ kind: "questions", questions: good });
    fake.requests.length = 0;
    expect((await host.teacher.client.post("/api/ai/generate-questions", request)).status).toBe(200);
    const sent = JSON.stringify(fake.requests.at(-1)!.body);
    const me = (await host.teacher.client.get("/api/me")).body.user;
    for (const personal of ["Fionnuala Pupil", host.teacher.email, me.displayName, host.teacher.id, host.sessionId])
      expect(sent).not.toContain(personal);
    // Only the request's own fields reach the prompt.
    for (const field of [request.topic, request.contextText, request.level]) expect(sent).toContain(field);
  });

  it("asks for a clue with every question that helps without giving the answer away, and returns it", async () => {
    fake.set({ kind: "questions", questions: good });
    fake.requests.length = 0;
    const res = await teacher.post("/api/ai/generate-questions", request);
    expect(res.status).toBe(200);
    expect(res.body.questions.map((q: { clue: string }) => q.clue)).toEqual(good.map((q) => q.clue));

    const sent = fake.requests.at(-1)!;
    // Strict structured output: the clue is a required string property of every item.
    const item = sent.body.response_format.json_schema.schema.properties.questions.items;
    expect(item.properties.clue.type).toBe("string");
    expect(item.required).toContain("clue");
    const system = sent.body.messages.find((m: { role: string }) => m.role === "system").content as string;
    const user = sent.body.messages.find((m: { role: string }) => m.role === "user").content as string;
    expect(system).toContain("Every question has a clue");
    expect(system).toContain("WITHOUT giving the answer away");
    expect(system).toContain('"clue":"..."');
    expect(user).toContain("every clue entirely in Irish");
  });

  it("writes any subject's questions in Irish when the teacher asks, and English unless asked (issue 17)", async () => {
    fake.set({ kind: "questions", questions: good });
    const userPrompt = () =>
      fake.requests.at(-1)!.body.messages.find((m: { role: string }) => m.role === "user").content as string;
    const science = { subject: "Science", level: "3rd Class", topic: "Magnets", numQuestions: 3 };

    expect((await teacher.post("/api/ai/generate-questions", { ...science, language: "ga" })).status).toBe(200);
    expect(userPrompt()).toContain("every clue entirely in Irish");

    expect((await teacher.post("/api/ai/generate-questions", science)).status).toBe(200);
    expect(userPrompt()).not.toContain("in Irish");
    expect((await teacher.post("/api/ai/generate-questions", { ...request, language: "en" })).status).toBe(200);
    expect(userPrompt()).not.toContain("in Irish");

    const bad = await teacher.post("/api/ai/generate-questions", { ...science, language: "fr" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ key: "games.aiLanguageInvalid", field: "language" });
  });

  it("keeps a suggestion whose clue the model left out or mistyped, with an empty clue", async () => {
    const withoutClue = [
      { questionText: good[0]!.questionText, options: good[0]!.options },
      { ...good[1]!, clue: 42 },
      good[2],
    ];
    fake.set({ kind: "questions", questions: withoutClue });
    const res = await teacher.post("/api/ai/generate-questions", request);
    expect(res.status).toBe(200);
    expect(res.body.questions).toEqual([{ ...withoutClue[0], clue: "" }, { ...good[1], clue: "" }, good[2]]);
  });

  it("passes an item with fewer than four options through for the client to blank", async () => {
    const short = [good[0], { questionText: "Two options only?", options: ["yes", "no"], clue: "Think." }];
    fake.set({ kind: "questions", questions: short });
    const res = await teacher.post("/api/ai/generate-questions", { ...request, numQuestions: 5 });
    expect(res.status).toBe(200);
    expect(res.body.questions).toEqual(short);
  });

  it.each([
    ["malformed JSON", { kind: "content" as const, content: "Sure! Here are your questions: {questions: [" }],
    ["JSON of the wrong shape", { kind: "content" as const, content: JSON.stringify({ items: [] }) }],
    ["no questions at all", { kind: "questions" as const, questions: [] }],
  ])("answers 502 with the SPEC's invalid-response message for %s", async (_label, behaviour) => {
    fake.set(behaviour);
    const res = await teacher.post("/api/ai/generate-questions", request);
    expect(res.status).toBe(502);
    expect(res.body.error).toEqual({
      code: "invalid_ai_response",
      message: inEnglish(gameMessages.aiInvalidResponse),
      key: gameMessages.aiInvalidResponse,
    });
  });

  it("maps the model's 429 to 429 resource-exhausted", async () => {
    fake.set({ kind: "status", status: 429 });
    const res = await teacher.post("/api/ai/generate-questions", request);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe("resource-exhausted");
  });

  it("maps the model's 500 to 503 unavailable", async () => {
    fake.set({ kind: "status", status: 500 });
    const res = await teacher.post("/api/ai/generate-questions", request);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("unavailable");
  });

  it("gives up on a model that hangs past the time limit with 504 deadline-exceeded", async () => {
    fake.set({ kind: "hang" });
    const started = Date.now();
    const res = await teacher.post("/api/ai/generate-questions", request);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe("deadline-exceeded");
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(5000);
  });

  it("asks for a mix of the kinds with each kind's fields in its JSON schema, keeps the right ones and refuses, saying why, the ones whose fields are wrong", async () => {
    const mixer = (await signedUpTeacher(server.url)).client;
    const item = { rightOptions: [], isTrue: false, fadasCount: false, clue: "Think again." };
    const right = [
      { ...item, kind: "choice", questionText: "Capital?", options: ["Dublin", "Cork", "Galway", "Sligo"] },
      { ...item, kind: "truefalse", questionText: "The Shannon is long.", options: [], isTrue: true },
      // A model that writes the tiles as options: they are not options, and the answer stands.
      { ...item, kind: "truefalse", questionText: "Cork is in Leinster.", options: ["True", "False"] },
      { ...item, kind: "typed", questionText: "Cad é 'rain'?", options: ["báisteach"], fadasCount: true },
      { ...item, kind: "order", questionText: "Smallest first", options: ["1", "2", "3", "4"] },
      {
        ...item,
        kind: "multi",
        questionText: "Mammals?",
        options: ["otter", "robin", "bat", "eel"],
        rightOptions: [0, 2],
      },
    ];
    const wrong = [
      { ...item, kind: "multi", questionText: "One right?", options: ["a", "b", "c", "d"], rightOptions: [1] },
      { ...item, kind: "order", questionText: "Two items?", options: ["a", "b"] },
      { ...item, kind: "typed", questionText: "No answer?", options: [] },
      { ...item, kind: "essay", questionText: "Write about rain.", options: [] },
      { ...item, kind: "multi", questionText: "Twice?", options: ["a", "b", "c", "d"], rightOptions: [1, 1] },
    ];
    fake.set({ kind: "questions", questions: [...right.slice(0, 3), ...wrong, ...right.slice(3)] });
    fake.requests.length = 0;
    const res = await mixer.post("/api/ai/generate-questions", { ...request, numQuestions: 15, kinds: "mix" });
    expect(res.status).toBe(200);
    expect(res.body.questions).toEqual([
      {
        kind: "choice",
        questionText: "Capital?",
        options: ["Dublin", "Cork", "Galway", "Sligo"],
        clue: "Think again.",
      },
      { kind: "truefalse", questionText: "The Shannon is long.", options: [], correctAnswer: 0, clue: "Think again." },
      { kind: "truefalse", questionText: "Cork is in Leinster.", options: [], correctAnswer: 1, clue: "Think again." },
      { kind: "typed", questionText: "Cad é 'rain'?", options: ["báisteach"], fadasCount: true, clue: "Think again." },
      { kind: "order", questionText: "Smallest first", options: ["1", "2", "3", "4"], clue: "Think again." },
      {
        kind: "multi",
        questionText: "Mammals?",
        options: ["otter", "robin", "bat", "eel"],
        correctAnswers: [0, 2],
        clue: "Think again.",
      },
    ]);
    expect(res.body.refused.map((m: string) => inEnglish(m))).toEqual([
      `Suggestion 4 was left out: ${inEnglish(kindMessages.multiRightCount)}`,
      `Suggestion 5 was left out: ${inEnglish(kindMessages.orderItemCount)}`,
      `Suggestion 6 was left out: ${inEnglish(kindMessages.acceptedRequired)}`,
      'Suggestion 7 was left out: its kind "essay" is not one Cluehunt has.',
      `Suggestion 8 was left out: ${inEnglish(kindMessages.multiRightCount)}`,
    ]);
    // Every suggestion kept saves as the editor makes it from the suggestion, unchanged.
    const questions = (res.body.questions as AiSuggestion[]).map((s) => questionFromAiSuggestion(s));
    const saved = await mixer.post("/api/games", { title: "A mix", questions });
    expect(saved.status).toBe(201);
    const read = (await mixer.get(`/api/games/${saved.body.id}`)).body.game.questions;
    expect(read.map((q: { kind: string }) => q.kind)).toEqual([
      "choice",
      "truefalse",
      "truefalse",
      "typed",
      "order",
      "multi",
    ]);
    expect(read[5].options.filter((_: string, k: number) => read[5].correctAnswers.includes(k)).sort()).toEqual([
      "bat",
      "otter",
    ]);

    // The model was asked for the kinds and each kind's fields, strictly.
    const sent = fake.requests.at(-1)!;
    const schema = sent.body.response_format.json_schema;
    expect(schema.strict).toBe(true);
    const itemSchema = schema.schema.properties.questions.items;
    expect(itemSchema.properties.kind.enum).toEqual(["choice", "truefalse", "typed", "order", "multi"]);
    expect(itemSchema.required).toEqual([
      "kind",
      "questionText",
      "options",
      "rightOptions",
      "isTrue",
      "fadasCount",
      "clue",
      "notes",
    ]);
    const system = sent.body.messages.find((m: { role: string }) => m.role === "system").content as string;
    const user = sent.body.messages.find((m: { role: string }) => m.role === "user").content as string;
    expect(system).toContain('"order": "options" lists 3 to 6 items IN THE RIGHT ORDER');
    expect(user).toContain("a mix of the kinds");

    // Every suggestion refused: a 502 whose message says why.
    fake.set({ kind: "questions", questions: wrong.slice(0, 1) });
    const none = await mixer.post("/api/ai/generate-questions", { ...request, kinds: "mix" });
    expect(none.status).toBe(502);
    expect(none.body.error).toMatchObject({
      code: "invalid_ai_response",
      message: `Suggestion 1 was left out: ${inEnglish(kindMessages.multiRightCount)}`,
    });
    // Asked for four options only (or nothing said), the model gets the four-option prompt and schema as before.
    fake.set({ kind: "questions", questions: good });
    expect((await mixer.post("/api/ai/generate-questions", { ...request, kinds: "choice" })).body).toEqual({
      questions: good,
    });
    expect(fake.requests.at(-1)!.body.response_format.json_schema.schema.properties.questions.items.required).toEqual([
      "questionText",
      "options",
      "clue",
      "notes",
    ]);
    const bad = await mixer.post("/api/ai/generate-questions", { ...request, kinds: "everything" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ key: "games.ai.kindsInvalid", field: "kinds" });
  });

  it("asks for a note on why a child might pick each wrong option, and cleans the model's notes instead of refusing them", async () => {
    const long = `${"thinks the biggest number wins ".repeat(5)}always`;
    const noted = [
      // The right option's note, a line break, something not text: none of it sinks the suggestion.
      { ...good[0]!, notes: ["the right one", "thinks the sun\nfalls", 7, long] },
      { ...good[1]!, notes: ["", "it is warm"] },
      { ...good[2]!, notes: "not a list" },
    ];
    fake.set({ kind: "questions", questions: noted });
    fake.requests.length = 0;
    const res = await teacher.post("/api/ai/generate-questions", request);
    expect(res.status).toBe(200);
    const notes = res.body.questions.map((q: { optionNotes?: string[] }) => q.optionNotes ?? null);
    expect(notes[0].slice(0, 3)).toEqual(["", "thinks the sun falls", ""]);
    expect(notes[0][3].length).toBeLessThanOrEqual(OPTION_NOTE_MAX);
    // Cut at a word, and said to be cut.
    const kept = (notes[0][3] as string).slice(0, -1);
    expect(notes[0][3].endsWith("…")).toBe(true);
    expect(long.startsWith(kept) && long[kept.length] === " ").toBe(true);
    expect(notes.slice(1)).toEqual([["", "it is warm", "", ""], null]);
    // The editor's question: each note follows its option through the shuffle, and it saves as it is.
    const question = questionFromAiSuggestion(res.body.questions[0], () => 0.3);
    for (const [k, option] of question.options.entries()) {
      const from = good[0]!.options.indexOf(option);
      expect(question.optionNotes![k]).toBe(notes[0][from]);
    }
    expect((await teacher.post("/api/games", { title: "Notes", questions: [question] })).status).toBe(201);
    // Asked for, strictly, in the system prompt, in the game's language.
    const sent = fake.requests.at(-1)!;
    const item = sent.body.response_format.json_schema.schema.properties.questions.items;
    expect(item.properties.notes).toMatchObject({ type: "array", items: { type: "string" } });
    expect(item.required).toContain("notes");
    const system = sent.body.messages.find((m: { role: string }) => m.role === "system").content as string;
    expect(system).toContain("why a child\n  might pick it");
    expect(system).toContain("never shown to a child");
    const user = sent.body.messages.find((m: { role: string }) => m.role === "user").content as string;
    expect(user).toContain("every note and every clue entirely in Irish");

    // A mix: true or false's note is for its wrong answer; choose all's on a right option is not kept.
    const mixer = (await signedUpTeacher(server.url)).client;
    const item2 = { rightOptions: [], isTrue: false, fadasCount: false, clue: "Think again." };
    fake.set({
      kind: "questions",
      questions: [
        { ...item2, kind: "truefalse", questionText: "The Shannon is long.", options: [], isTrue: true, notes: ["x"] },
        { ...item2, kind: "truefalse", questionText: "Cork is in Leinster.", options: [], notes: ["near Dublin"] },
        {
          ...item2,
          kind: "multi",
          questionText: "Mammals?",
          options: ["otter", "robin", "bat", "eel"],
          rightOptions: [0, 2],
          notes: ["swims", "flies", "flies too", long],
        },
        { ...item2, kind: "typed", questionText: "Rain?", options: ["báisteach"], notes: ["a note?"] },
      ],
    });
    const mix = await mixer.post("/api/ai/generate-questions", { ...request, numQuestions: 5, kinds: "mix" });
    expect(mix.status).toBe(200);
    expect(mix.body.refused).toBeUndefined();
    expect(mix.body.questions.map((q: { optionNotes?: string[] }) => q.optionNotes ?? null)).toEqual([
      ["", "x"],
      ["near Dublin", ""],
      ["", "flies", "", notes[0][3]],
      null,
    ]);
  });

  it("requires subject, level and topic", async () => {
    const res = await teacher.post("/api/ai/generate-questions", { subject: "Irish", level: "4th Class", topic: " " });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(inEnglish(gameMessages.aiFieldsRequired));
  });

  it("is for teachers only", async () => {
    const nobody = new HttpClient(server.url);
    expect((await nobody.post("/api/ai/generate-questions", request)).status).toBe(401);
    const student = await pupilDevice(server.url);
    expect((await student.post("/api/ai/generate-questions", request)).status).toBe(403);
  });

  it("limits each teacher to 30 generations an hour, without affecting other teachers", async () => {
    fake.set({ kind: "questions", questions: good });
    const busy = (await signedUpTeacher(server.url)).client;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await busy.post("/api/ai/generate-questions", request)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // The refusal is a catalogue key (English and Irish), with the SPEC's reason as its code.
    const refused = await busy.post("/api/ai/generate-questions", request);
    expect(refused.body.error).toMatchObject({
      code: "resource-exhausted",
      message: "You can generate questions 30 times an hour. Please try again later.",
      key: "limits.tooManyAiGenerations",
      values: { count: 30 },
    });
    const other = (await signedUpTeacher(server.url)).client;
    expect((await other.post("/api/ai/generate-questions", request)).status).toBe(200);
  });
});

describe("AI generation not set up", () => {
  it("says so, and refuses with 501", async () => {
    const server = await startTestServer({ db: "pglite" });
    try {
      const teacher = (await signedUpTeacher(server.url)).client;
      expect((await teacher.get("/api/ai/status")).body).toEqual({ configured: false });
      const res = await teacher.post("/api/ai/generate-questions", request);
      expect(res.status).toBe(501);
      expect(res.body.error.message).toBe("AI generation is not set up on this server.");
    } finally {
      await server.close();
    }
  });
});

describe.each(testDatabaseKinds())("a version of a game for another class level on %s (issue 30)", (db) => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let server: TestServer;
  let teacher: HttpClient;
  const fractions = [
    {
      questionText: "Cad é leath de 12?",
      options: ["6", "4", "3", "2"],
      clue: "Roinn ina dhá chuid chothroma.",
    },
    { questionText: "Cad é ceathrú de 20?", options: ["5", "4", "10", "2"], clue: "Roinn ina cheithre chuid." },
    { questionText: "Cé mhéad ceathrú atá i leath?", options: ["2", "4", "1", "3"], clue: "Tarraing pióg." },
  ];
  const userPrompt = () =>
    fake.requests.at(-1)!.body.messages.find((m: { role: string }) => m.role === "user").content as string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startTestServer({ db, env: { AI_BASE_URL: fake.baseUrl, AI_MODEL: "test-model" } });
    teacher = (await signedUpTeacher(server.url)).client;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  /** A saved game, read back as the editor and the library's dialog read it. */
  const savedGame = async (client: HttpClient, overrides: Record<string, unknown> = {}) => {
    const created = await client.post("/api/games", {
      title: "Leathanna agus ceathrúna",
      description: "Codáin don Aoine",
      language: "ga",
      questions: [
        { questionText: "Cad é leath de 8?", options: ["4", "2", "6", "8"], correctAnswer: 0 },
        {
          questionText: "Cad é ceathrú de 8?\nBain úsáid as do mhéara.",
          options: ["2", "4", "1", "3"],
          correctAnswer: 0,
        },
        { questionText: "Cé mhéad leath atá in iomlán amháin?", options: ["2", "1", "3", "4"], correctAnswer: 0 },
      ],
      ...overrides,
    });
    expect(created.status).toBe(201);
    return (await client.get(`/api/games/${created.body.id}`)).body.game;
  };

  it("asks for the same number of questions at the chosen level, in the game's language, shown its questions", async () => {
    const game = await savedGame(teacher);
    fake.set({ kind: "questions", questions: fractions });
    fake.requests.length = 0;
    const res = await teacher.post("/api/ai/generate-questions", versionRequest(game, "4th Class"));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ questions: fractions });

    expect(fake.requests).toHaveLength(1);
    const user = userPrompt();
    expect(user).toContain("Write 3 questions.");
    expect(user).toContain("Class level: 4th Class — children aged 9 to 10");
    // No subject or topic stored with the game: Other, and its title as the topic.
    expect(user).toContain("Subject: Other");
    expect(user).toContain("Topic: Leathanna agus ceathrúna");
    expect(user).toContain("entirely in Irish (Gaeilge)");
    expect(user).toContain(
      "This is a version of an existing game for 4th Class: the same topic, the same number of questions (3), the same language (Irish).",
    );
    expect(user).toContain("do not copy these questions of the existing game:");
    // Each earlier question on a line of its own, a line break inside one made a space.
    expect(user).toContain(
      "1. Cad é leath de 8?\n2. Cad é ceathrú de 8? Bain úsáid as do mhéara.\n3. Cé mhéad leath atá in iomlán amháin?",
    );
    // Not the answers: only the question texts are sent.
    expect(JSON.stringify(fake.requests[0]!.body)).not.toContain("Codáin don Aoine");
  });

  it("uses the game's own subject and topic, and says English when the game is in English", async () => {
    const game = await savedGame(teacher, {
      title: "Mathematics - 3rd Class - Fractions",
      language: "en",
      aiLastUsedSubject: "Mathematics",
      aiLastUsedLevel: "3rd Class",
      aiLastUsedTopic: "Fractions",
      questions: [sampleQuestion(1), sampleQuestion(2), sampleQuestion(3), sampleQuestion(4), sampleQuestion(5)],
    });
    fake.set({ kind: "questions", questions: fractions });
    const res = await teacher.post("/api/ai/generate-questions", versionRequest(game, "6th Class"));
    expect(res.status).toBe(200);
    const user = userPrompt();
    expect(user).toContain("Write 5 questions.");
    expect(user).toContain("Subject: Mathematics");
    expect(user).toContain("Class level: 6th Class");
    expect(user).toContain("Topic: Fractions");
    expect(user).toContain("the same number of questions (5), the same language (English).");
    expect(user).toContain("5. What is 5 + 5?");
    expect(user).not.toContain("in Irish");
  });

  it("counts a version as one generation of the teacher's hourly allowance", async () => {
    const busy = (await signedUpTeacher(server.url)).client;
    const game = await savedGame(busy);
    fake.set({ kind: "questions", questions: fractions });
    const plain = { subject: "Mathematics", level: "2nd Class", topic: "Halves", numQuestions: 3 };
    for (let i = 0; i < 29; i++) expect((await busy.post("/api/ai/generate-questions", plain)).status).toBe(200);
    fake.requests.length = 0;
    expect((await busy.post("/api/ai/generate-questions", versionRequest(game, "5th Class"))).status).toBe(200);
    expect(fake.requests).toHaveLength(1);
    const refused = await busy.post("/api/ai/generate-questions", versionRequest(game, "5th Class"));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: "resource-exhausted", key: "limits.tooManyAiGenerations" });
    expect(fake.requests).toHaveLength(1);
  });

  const version = { subject: "Mathematics", level: "4th Class", topic: "Halves", language: "en" };
  it.each([
    ["not a list", { basedOn: "What is half of 8?" }, basedOnMessages.notAList, "basedOn"],
    ["an empty list", { basedOn: [] }, basedOnMessages.empty, "basedOn"],
    [
      "more questions than one generation writes",
      { basedOn: Array.from({ length: BASED_ON_LIMITS.questions + 1 }, (_, i) => `Question ${i}`) },
      basedOnMessages.tooMany,
      "basedOn",
    ],
    ["a question that is not text", { basedOn: ["Half of 8?", 4] }, basedOnMessages.notText, "basedOn.1"],
    ["a blank question", { basedOn: ["Half of 8?", "  "] }, basedOnMessages.blank, "basedOn.1"],
    [
      "a question longer than a question may be",
      { basedOn: ["x".repeat(BASED_ON_LIMITS.text + 1)] },
      basedOnMessages.tooLong,
      "basedOn.0",
    ],
    [
      "a number of questions other than the earlier questions'",
      { basedOn: ["Half of 8?", "Half of 6?"], numQuestions: 3 },
      basedOnMessages.count(2),
      "numQuestions",
    ],
  ])("refuses %s with a clear 400, before asking the AI", async (_label, bad, message, field) => {
    const fresh = (await signedUpTeacher(server.url)).client;
    fake.requests.length = 0;
    const res = await fresh.post("/api/ai/generate-questions", { ...version, ...bad });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_input", message: inEnglish(message), field });
    expect(fake.requests).toHaveLength(0);
    // The same version, well formed, is asked for.
    fake.set({ kind: "questions", questions: fractions.slice(0, 2) });
    const fine = await fresh.post("/api/ai/generate-questions", { ...version, basedOn: ["Half of 8?", "Half of 6?"] });
    expect(fine.status).toBe(200);
    expect(userPrompt()).toContain("Write 2 questions.");
  });

  it("takes the largest version a teacher can ask for: every field at its limit, 3 bytes a character", async () => {
    const full = (n: number) => "€".repeat(n);
    const body = {
      ...version,
      topic: full(200),
      contextText: full(2000),
      basedOn: Array.from({ length: BASED_ON_LIMITS.questions }, () => full(BASED_ON_LIMITS.text)),
    };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(28_000);
    fake.set({ kind: "questions", questions: fractions });
    const res = await teacher.post("/api/ai/generate-questions", body);
    expect(res.status).toBe(200);
    expect(userPrompt()).toContain(`15. ${full(BASED_ON_LIMITS.text)}`);
  });

  it("asks for 3 new questions like one question of a follow-up hunt: its kind, the game's language and level, a variation not a copy", async () => {
    const game = await savedGame(teacher, { aiLastUsedSubject: "Mathematics", aiLastUsedLevel: "3rd Class" });
    const like = [
      { kind: "truefalse", questionText: "Is 2/4 the same as 1/2?", options: [], rightOptions: [], isTrue: true },
      { kind: "truefalse", questionText: "Is 1/3 bigger than 1/2?", options: [], rightOptions: [], isTrue: false },
      { kind: "truefalse", questionText: "Is 3/6 a half?", options: [], rightOptions: [], isTrue: true },
    ].map((q) => ({ ...q, fadasCount: false, clue: "Tarraing é." }));
    fake.set({ kind: "questions", questions: like });
    fake.requests.length = 0;
    const body = alikeRequest(game, { questionText: "Is 1/4 bigger than 1/2?", kind: "truefalse" });
    const res = await teacher.post("/api/ai/generate-questions", body);
    expect(res.status).toBe(200);
    expect(res.body.questions.map((q: AiSuggestion) => [q.kind, q.questionText, q.correctAnswer])).toEqual([
      ["truefalse", "Is 2/4 the same as 1/2?", 0],
      ["truefalse", "Is 1/3 bigger than 1/2?", 1],
      ["truefalse", "Is 3/6 a half?", 0],
    ]);
    expect(fake.requests).toHaveLength(1);
    // Another kind than four options is asked in the mix's shape, every one of that kind.
    expect(fake.requests[0]!.body.response_format.json_schema.schema.properties.questions.items.required).toContain(
      "kind",
    );
    const user = userPrompt();
    expect(user).toContain('Write 3 questions, every one of the kind "truefalse".');
    expect(user).not.toContain("a mix of the kinds");
    expect(user).toContain("Class level: 3rd Class");
    expect(user).toContain("Subject: Mathematics");
    expect(user).toContain("entirely in Irish (Gaeilge)");
    expect(user).toContain(
      'Children in 3rd Class got this question wrong at their first try:\n"Is 1/4 bigger than 1/2?"',
    );
    expect(user).toContain("each tests the same skill or knowledge, as a variation");
    expect(user).toContain("(Irish). Do not copy or merely reword the question");
    expect(user).not.toContain("This is a version of an existing game");
  });

  it.each([
    ["two questions", { basedOn: ["Half of 8?", "Half of 6?"] }, alikeMessages.oneQuestion, "basedOn"],
    ["no question", {}, alikeMessages.oneQuestion, "basedOn"],
    ["another number than 3", { basedOn: ["Half of 8?"], numQuestions: 5 }, alikeMessages.count, "numQuestions"],
    ["a kind Cluehunt has not", { basedOn: ["Half of 8?"], alike: "essay" }, alikeMessages.kindInvalid, "alike"],
  ])("refuses questions like one with %s, a clear 400 before asking the AI", async (_label, bad, message, field) => {
    fake.requests.length = 0;
    const res = await teacher.post("/api/ai/generate-questions", { ...version, alike: "choice", ...bad });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_input", message: inEnglish(message), field });
    expect(fake.requests).toHaveLength(0);
  });

  it("keeps the counts a plain generation may ask for", async () => {
    const res = await teacher.post("/api/ai/generate-questions", { ...version, numQuestions: 4 });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ message: "Number of questions must be one of 3, 5, 7, 10, 15." });
  });
});
