import { build } from "vite";

/**
 * Browser tests run against a fresh production build of the web app: what `npm start` serves.
 * Vitest sets NODE_ENV=test, and Vite keeps a NODE_ENV it finds, so without this the build
 * would bundle React's development build (validation, warnings, twice the bytes and slower
 * renders) and the tests would drive an app no school runs.
 */
export default async function setup() {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ configFile: "vite.config.ts", logLevel: "warn" });
  } finally {
    // Assigning undefined to process.env would store the string "undefined".
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
