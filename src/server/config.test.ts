import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration from the environment", () => {
  it("has working defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      appUrl: "http://localhost:3000",
      smtpUrl: undefined,
      sessionSecret: undefined,
      trustProxy: false,
    });
  });

  it("follows PORT in the default APP_URL and trims a trailing slash from APP_URL", () => {
    expect(loadConfig({ PORT: "8080" }).appUrl).toBe("http://localhost:8080");
    expect(loadConfig({ APP_URL: "https://quiz.scoil.ie/" }).appUrl).toBe("https://quiz.scoil.ie");
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: " " }).port).toBe(3000);
  });

  it("reads WARM_UP_MS as the start's warm-up budget: unset is the warm-up's own, 0 none", () => {
    expect(loadConfig({}).warmUpMs).toBeUndefined();
    expect(loadConfig({ WARM_UP_MS: "0" }).warmUpMs).toBe(0);
    expect(loadConfig({ WARM_UP_MS: "1500" }).warmUpMs).toBe(1500);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["APP_URL", "localhost:3000"],
    ["SMTP_URL", "http://mail"],
    ["SESSION_SECRET", "too-short"],
    ["TRUST_PROXY", "maybe please"],
    ["LOG_LEVEL", "loud"],
    ["WARM_UP_MS", "-1"],
    ["WARM_UP_MS", "1.5"],
  ])("stops on a bad %s with a message naming it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it("reads TRUST_PROXY as a flag, a hop count or a list of addresses", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 192.168.0.0/16" }).trustProxy).toEqual(["10.0.0.1", "192.168.0.0/16"]);
  });
});
