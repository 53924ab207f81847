/**
 * `npm run dev`: the API server restarting on every change (tsx watch) and Vite's dev
 * server with hot reload, which passes /api through to it. Open the URL Vite prints.
 */
import { spawn } from "node:child_process";
import { createServer } from "vite";

const apiPort = process.env.PORT ?? "3000";
const api = spawn(process.execPath, ["--import", "tsx", "--watch", "src/server/main.ts"], {
  stdio: "inherit",
  // The server must not build or serve the web app in development: Vite does.
  env: { ...process.env, PORT: apiPort, SERVE_WEB: "false" },
});

const vite = await createServer({
  configFile: "vite.config.ts",
  server: { proxy: { "/api": { target: `http://127.0.0.1:${apiPort}` } } },
});
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill("SIGTERM");
  await vite.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
api.on("exit", (code) => {
  if (code !== 0 && code !== null)
    process.stderr.write(`The API server exited with code ${code}; fix the error and save to restart it.\n`);
});
