/**
 * The guessing limit's rules, on the in-process counters (the store PGlite uses; the shared
 * table behaves alike: limits/limit-counters.test.ts). Lookups here take a few milliseconds, as
 * real ones do, so that many are in flight at once.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "../../shared/api-errors.ts";
import { playMessages } from "../../shared/play/play-texts.ts";
import { notFound } from "../http/errors.ts";
import { createGuessLimiter, wrongCodesAllowed } from "./join-guesses.ts";
import { inProcessCounters } from "./limit-counters.ts";
import { JOIN_GUESS_LIMITS } from "./limits.ts";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const found = async () => {
  await pause(3);
  return { groupId: "g" };
};
const missed = async (): Promise<never> => {
  await pause(3);
  throw notFound(playMessages.invalidJoinCode);
};
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: unknown) => (e instanceof ApiError ? e.status : 500),
  );

describe("join-code guessing limit", () => {
  it("grows an address's allowance by one wrong code per two joins, up to its ceiling", () => {
    expect(wrongCodesAllowed(0)).toBe(JOIN_GUESS_LIMITS.wrongPerAddress);
    expect(wrongCodesAllowed(1)).toBe(JOIN_GUESS_LIMITS.wrongPerAddress);
    expect(wrongCodesAllowed(2)).toBe(JOIN_GUESS_LIMITS.wrongPerAddress + 1);
    expect(wrongCodesAllowed(200)).toBe(JOIN_GUESS_LIMITS.wrongPerAddress + 100);
    expect(wrongCodesAllowed(1_000)).toBe(JOIN_GUESS_LIMITS.mostWrongPerAddress);
    expect(wrongCodesAllowed(1_000_000)).toBe(JOIN_GUESS_LIMITS.mostWrongPerAddress);
  });

  it("admits 200 right codes sent at once from an address with almost no wrong codes left: they wait, none is refused", async () => {
    const limiter = createGuessLimiter(inProcessCounters());
    const address = "198.51.100.1";
    const left = 2;
    for (let i = 0; i < JOIN_GUESS_LIMITS.wrongPerAddress - left; i++)
      await outcome(limiter.lookUp({ address, deviceId: `typo${i}` }, missed));
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => outcome(limiter.lookUp({ address, deviceId: `d${i}` }, found))),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // And the wrong codes still left are still there.
    expect(await outcome(limiter.lookUp({ address, deviceId: "late" }, missed))).toBe(404);
    expect(await outcome(limiter.lookUp({ address, deviceId: "later" }, missed))).toBe(404);
    expect(await outcome(limiter.lookUp({ address, deviceId: "last" }, found))).toBe(429);
  });

  it("lets exactly the allowance of wrong codes run when 200 are sent at once, from fresh devices", async () => {
    const limiter = createGuessLimiter(inProcessCounters());
    let ran = 0;
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        outcome(limiter.lookUp({ address: "198.51.100.2", deviceId: `d${i}` }, () => (ran++, missed()))),
      ),
    );
    expect(ran).toBe(JOIN_GUESS_LIMITS.wrongPerAddress);
    expect(statuses.filter((s) => s === 404)).toHaveLength(JOIN_GUESS_LIMITS.wrongPerAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - JOIN_GUESS_LIMITS.wrongPerAddress);
  });

  it("gives an address the wrong codes its joins earned, and no more", async () => {
    const limiter = createGuessLimiter(inProcessCounters());
    const address = "198.51.100.3";
    for (let i = 0; i < 60; i++) await limiter.joined({ address, deviceId: `p${i}` });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push(await outcome(limiter.lookUp({ address, deviceId: `g${i}` }, missed)));
    expect(statuses.filter((s) => s === 404)).toHaveLength(wrongCodesAllowed(60));
    // Another address is another school.
    expect(await outcome(limiter.lookUp({ address: "198.51.100.4", deviceId: "x" }, missed))).toBe(404);
  });

  it("counts a device that has not joined yet (no device id) by its address alone", async () => {
    const limiter = createGuessLimiter(inProcessCounters());
    const address = "198.51.100.5";
    for (let i = 0; i < 40; i++) await limiter.joined({ address, deviceId: `p${i}` });
    const statuses: number[] = [];
    for (let i = 0; i < wrongCodesAllowed(40) + 1; i++)
      statuses.push(await outcome(limiter.lookUp({ address, deviceId: null }, missed)));
    // More than one device's allowance: the address's (grown) allowance is the limit.
    expect(statuses.filter((s) => s === 404)).toHaveLength(wrongCodesAllowed(40));
    expect(statuses.at(-1)).toBe(429);
  });

  it("counts one device's wrong codes wherever it goes, and a failure of the server costs nothing", async () => {
    const limiter = createGuessLimiter(inProcessCounters());
    const broken = async (): Promise<never> => {
      throw new Error("connection refused");
    };
    for (let i = 0; i < 30; i++)
      expect(await outcome(limiter.lookUp({ address: `203.0.113.${i}`, deviceId: "roaming" }, broken))).toBe(500);
    for (let i = 0; i < JOIN_GUESS_LIMITS.wrongPerDevice; i++)
      expect(await outcome(limiter.lookUp({ address: `203.0.113.${i}`, deviceId: "roaming" }, missed))).toBe(404);
    expect(await outcome(limiter.lookUp({ address: "203.0.113.200", deviceId: "roaming" }, found))).toBe(429);
  });
});
