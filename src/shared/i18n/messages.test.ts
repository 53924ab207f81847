import { describe, expect, it } from "vitest";
import { messageText, msg, parseMessage } from "./messages.ts";

describe("messages as one string", () => {
  it("round-trips a key, and a key with values", () => {
    expect(parseMessage(messageText("common.loading"))).toEqual({ key: "common.loading" });
    expect(parseMessage(messageText(msg("common.error.httpStatus", { status: 502 })))).toEqual({
      key: "common.error.httpStatus",
      values: { status: 502 },
    });
  });

  it("leaves any other text alone: sentences, names, a bar in a sentence, broken values", () => {
    for (const text of [
      "Invalid email or password",
      "Aoife",
      "a.b c",
      "common.loading|not json",
      "common.loading|[1]",
      "",
      "ends with a dot.",
    ]) {
      expect(parseMessage(text), text).toBeNull();
    }
  });

  it("keeps only text and number values", () => {
    expect(parseMessage('common.error.httpStatus|{"status":502,"x":{"y":1}}')).toEqual({
      key: "common.error.httpStatus",
      values: { status: 502 },
    });
  });
});
