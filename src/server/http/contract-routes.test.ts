/**
 * Routes registered from their contracts (decision 045): a response is stripped to its schema, a
 * refused body reaches the error handler as a ZodError, the guard is judged
 * before the body, and a response that does not fit its contract is the server's 500.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { ZodError, z } from "zod";
import { contract } from "../../shared/contract.server.ts";
import { endpoint } from "../../shared/endpoint.ts";
import { compileFromContracts, serve } from "./contract-routes.ts";

const pupilNote = contract(endpoint("POST", "/api/test/:noteId"), {
  summary: "A note",
  caller: "anyone",
  params: z.object({ noteId: z.string() }),
  body: z.object({ text: z.string({ message: "notes.textRequired" }).min(1, "notes.textRequired") }),
  responses: { 200: z.object({ id: z.string(), text: z.string(), author: z.object({ name: z.string() }) }) },
});

let app: FastifyInstance;
afterEach(() => app?.close());

async function appWith(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  app = Fastify();
  compileFromContracts(app);
  app.setErrorHandler((error: Error, _request, reply) => {
    if (error instanceof ZodError)
      return reply
        .code(400)
        .send({ zod: true, message: error.issues[0]?.message, field: error.issues[0]?.path.join(".") });
    return reply.code((error as { statusCode?: number }).statusCode ?? 500).send({ message: error.message });
  });
  register(app);
  await app.ready();
  return app;
}

describe.each([
  ["Fastify's validator and serializer", {}],
  ["the hot routes' own handler", { hot: true as const }],
])("routes from contracts, through %s", (_way, way) => {
  it("does not send a field the response schema does not list, at any depth", async () => {
    await appWith((app) =>
      serve(app, pupilNote, way, async (request) => {
        // The handler's object is typed from the schema's input; a private field sneaks in as a row read back would.
        const row = { id: request.params.noteId, text: request.body.text, passwordHash: "scrypt$secret" };
        return { ...row, author: { name: "Aoife", email: "aoife@example.ie" } };
      }),
    );
    const res = await app.inject({ method: "POST", url: "/api/test/n1", payload: { text: "Hello" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: "n1", text: "Hello", author: { name: "Aoife" } });
    expect(res.body).not.toMatch(/scrypt|secret|passwordHash|email|example\.ie/);
  });

  it("hands a refused body to the error handler as the ZodError itself: its first message and field", async () => {
    let handled = false;
    await appWith((app) =>
      serve(app, pupilNote, way, async () => {
        handled = true;
        return { id: "x", text: "x", author: { name: "x" } };
      }),
    );
    for (const payload of [{ text: "" }, { text: 3 }, {}]) {
      const res = await app.inject({ method: "POST", url: "/api/test/n1", payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ zod: true, message: "notes.textRequired", field: "text" });
    }
    expect(handled).toBe(false);
  });

  it("judges the guard before the body: a stranger's bad body is refused as a stranger", async () => {
    await appWith((app) =>
      serve(
        app,
        pupilNote,
        {
          ...way,
          guard: async (request) => {
            if (!request.headers.authorization) throw Object.assign(new Error("Not signed in"), { statusCode: 401 });
            return { name: "Aoife" };
          },
        },
        async (request, _reply, caller) => ({ id: "n1", text: request.body.text, author: caller }),
      ),
    );
    const stranger = await app.inject({ method: "POST", url: "/api/test/n1", payload: { text: "" } });
    expect(stranger.statusCode).toBe(401);
    const known = await app.inject({
      method: "POST",
      url: "/api/test/n1",
      payload: { text: "Hi" },
      headers: { authorization: "yes" },
    });
    expect(known.json()).toEqual({ id: "n1", text: "Hi", author: { name: "Aoife" } });
  });

  it("answers a response that does not fit its contract with a 500, never the client's 400", async () => {
    await appWith((app) =>
      serve(app, pupilNote, way, async () => ({ id: "n1", text: null, author: { name: "A" } }) as never),
    );
    const res = await app.inject({ method: "POST", url: "/api/test/n1", payload: { text: "Hello" } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("zod");
  });
});
