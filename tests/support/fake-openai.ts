/**
 * A local HTTP server that speaks the OpenAI chat-completions protocol, standing in for the
 * language model (a third-party service we don't run). Each test sets how it answers.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Behaviour =
  | { kind: "questions"; questions: unknown[] }
  | { kind: "content"; content: string }
  | { kind: "status"; status: number }
  | { kind: "hang" };

export async function startFakeOpenAi() {
  let behaviour: Behaviour = { kind: "content", content: "{}" };
  const requests: Array<{ path: string; headers: http.IncomingHttpHeaders; body: any }> = [];
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = raw ? JSON.parse(raw) : null;
      requests.push({ path: req.url ?? "", headers: req.headers, body });
      if (req.url !== "/v1/chat/completions") {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      if (behaviour.kind === "hang") {
        hanging.add(res);
        return;
      }
      if (behaviour.kind === "status") {
        res
          .writeHead(behaviour.status, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: `fake error ${behaviour.status}`, type: "fake" } }));
        return;
      }
      const content =
        behaviour.kind === "questions" ? JSON.stringify({ questions: behaviour.questions }) : behaviour.content;
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: "chatcmpl-test",
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body?.model ?? "test-model",
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    set(next: Behaviour) {
      behaviour = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
