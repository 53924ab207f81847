import { build } from "vite";

/** Browser tests run against a fresh production build of the web app. */
export default async function setup() {
  await build({ configFile: "vite.config.ts", logLevel: "warn" });
}
