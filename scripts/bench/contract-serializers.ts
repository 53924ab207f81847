/**
 * What a contract costs the hot routes (decision 045), per call, in microseconds: the join and
 * answer paths' responses serialized four ways, and their bodies validated. Run alone:
 *
 *   npx tsx scripts/bench/contract-serializers.ts
 *
 * - JSON.stringify: what Fastify did before, with no response schema (nothing stripped);
 * - zod parse + JSON.stringify: ours (server/http/contract-routes.ts);
 * - zod encode + JSON.stringify: fastify-type-provider-zod 7's serializer;
 * - fast-json-stringify from z.toJSONSchema: Fastify's own serializer compiler, fed JSON Schema.
 */
import { performance } from "node:perf_hooks";
import fastJson from "fast-json-stringify";
import { z } from "zod";
import { playContracts } from "../../src/shared/play/play-contracts.server.ts";

const picture = {
  src: "/api/images/6f1c9a4e-2b1d-4f7a-9c3e-1a2b3c4d5e6f",
  alt: "A fox in the snow",
  width: 640,
  height: 480,
};
const question = {
  index: 2,
  questionText: "Cé mhéad cos atá ar mhadra rua?",
  options: ["Ceithre cinn", "Dhá cheann", "Sé cinn", "Ocht gcinn"],
  wrongOptions: [1],
  clue: "Féach ar na cosa tosaigh agus ar na cosa deiridh.",
  picture,
  optionPictures: null,
};
const playState = {
  progressId: "0b6c2c1e-8d3f-4a4e-9a57-2f1e0d9c8b7a",
  studentName: "Saoirse",
  gameTitle: "Ainmhithe na hÉireann",
  gameSubject: "Science",
  pupilLanguage: "ga",
  questionLanguage: "ga",
  groupIdentifier: "red-circle",
  questionCount: 10,
  completedQuestionsCount: 2,
  sessionActive: true,
  helpRequested: false,
  completed: false,
  current: question,
  soundEffects: false,
  correctFirstTimeCount: 1,
  hunt: null,
};
const answer = { isCorrect: true, completed: false, questionIndex: 2, next: question, clue: null };
const lookup = {
  groupId: "2c1e0b6c-8d3f-4a4e-9a57-2f1e0d9c8b7a",
  groupIdentifier: "red-circle",
  sessionId: "8d3f2c1e-0b6c-4a4e-9a57-2f1e0d9c8b7a",
  gameTitle: "Fractions",
  pupilLanguage: "en",
  questionLanguage: "en",
  classList: Array.from({ length: 30 }, (_, i) => ({ name: `Pupil ${i}`, taken: i % 3 === 0 })),
};
const join = { progressId: "0b6c2c1e-8d3f-4a4e-9a57-2f1e0d9c8b7a" };

const cases = [
  ["lookup (class list of 30)", playContracts.lookUpCode.responses[200], lookup],
  ["join", playContracts.join.responses[201], join],
  ["play state", playContracts.playState.responses[200], playState],
  ["answer", playContracts.answer.responses[200], answer],
] as const;

function time(run: () => unknown, n = 20_000): number {
  for (let i = 0; i < 2_000; i++) run();
  const start = performance.now();
  for (let i = 0; i < n; i++) run();
  return ((performance.now() - start) * 1000) / n;
}

const rows: string[][] = [];
for (const [name, schema, data] of cases) {
  const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });
  const compiled = fastJson(json as Parameters<typeof fastJson>[0]);
  rows.push([
    name,
    time(() => JSON.stringify(data)).toFixed(2),
    time(() => JSON.stringify(schema.parse(data))).toFixed(2),
    time(() => JSON.stringify(z.encode(schema, data as never))).toFixed(2),
    time(() => compiled(data)).toFixed(2),
  ]);
}
const validations = [
  [
    "join body",
    playContracts.join.body,
    { code: "482913", groupId: "2c1e0b6c-8d3f-4a4e-9a57-2f1e0d9c8b7a", name: "Saoirse" },
  ],
  ["answer body", playContracts.answer.body, { questionIndex: 2, selectedOption: 1, attemptId: "a1b2c3d4e5f6" }],
] as const;
console.log("µs per call      JSON.stringify  zod parse+stringify  zod encode+stringify  fast-json-stringify");
for (const r of rows)
  console.log(
    r[0]!.padEnd(26),
    r
      .slice(1)
      .map((c) => c.padStart(10))
      .join("  "),
  );
for (const [name, schema, body] of validations)
  console.log(
    `${name.padEnd(26)} validated (safeParse, as the handlers did): ${time(() => schema.safeParse(body)).toFixed(2)} µs`,
  );
