import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RealtimeEvent } from "../../shared/sessions/realtime.ts";
import { memberEvents } from "./member-events.ts";

describe("a class joining at once is one members event", () => {
  let sent: RealtimeEvent[];
  const bus = () => memberEvents({ publish: (event) => sent.push(event) }, { quietMs: 40, longestMs: 250 });
  beforeEach(() => {
    sent = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("sends one event once the joins pause, not one per join", () => {
    const members = bus();
    for (let i = 0; i < 30; i++) {
      members.joined("s1");
      vi.advanceTimersByTime(2);
    }
    // The last join came 2 ms ago: the event goes 40 ms after it.
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(37);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ type: "members", sessionId: "s1" }]);
  });

  it("sends within the longest wait however long the joins go on, then starts again", () => {
    const members = bus();
    for (let t = 0; t < 600; t += 10) {
      members.joined("s1");
      vi.advanceTimersByTime(10);
    }
    // Joins every 10 ms for 600 ms: an event at 250 ms and at 500 ms, none in between.
    expect(sent.length).toBe(2);
    vi.advanceTimersByTime(40);
    expect(sent.length).toBe(3);
  });

  it("keeps sessions apart, and a lone join is announced after the quiet wait", () => {
    const members = bus();
    members.joined("a");
    members.joined("b");
    vi.advanceTimersByTime(40);
    expect(sent).toEqual([
      { type: "members", sessionId: "a" },
      { type: "members", sessionId: "b" },
    ]);
  });

  it("sends what is waiting when the app closes", () => {
    const members = bus();
    members.joined("a");
    members.flush();
    expect(sent).toEqual([{ type: "members", sessionId: "a" }]);
    vi.advanceTimersByTime(1000);
    expect(sent.length).toBe(1);
    // A join finished while the app closes is announced at once.
    members.joined("b");
    expect(sent).toEqual([
      { type: "members", sessionId: "a" },
      { type: "members", sessionId: "b" },
    ]);
  });
});
