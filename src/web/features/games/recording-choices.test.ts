import { describe, expect, it } from "vitest";
import { clockText, levelOf, microphoneProblem, recorderType, uploadTypeOf } from "./recording-choices.ts";

const named = (name: string) => Object.assign(new Error("refused"), { name });

describe("the editor's recorder choices", () => {
  it("records WebM/Opus where the browser can, MP4 on Safari, and otherwise leaves it to the browser", () => {
    expect(recorderType(() => true)).toBe("audio/webm;codecs=opus");
    expect(recorderType((type) => type === "audio/mp4")).toBe("audio/mp4");
    expect(recorderType(() => false)).toBe("");
  });

  it("tells a refused microphone from a missing, a busy and an unusable one", () => {
    expect(microphoneProblem(named("NotAllowedError"))).toBe("refused");
    expect(microphoneProblem(new DOMException("no", "SecurityError"))).toBe("refused");
    expect(microphoneProblem(named("NotFoundError"))).toBe("missing");
    expect(microphoneProblem(named("OverconstrainedError"))).toBe("missing");
    expect(microphoneProblem(named("NotReadableError"))).toBe("busy");
    expect(microphoneProblem(new TypeError("navigator.mediaDevices is undefined"))).toBe("unavailable");
    expect(microphoneProblem(undefined)).toBe("unavailable");
  });

  it("sends a file as the sound or video type the device gives it, anything else as plain bytes", () => {
    expect(uploadTypeOf("audio/x-m4a")).toBe("audio/x-m4a");
    expect(uploadTypeOf("video/mp4")).toBe("video/mp4");
    expect(uploadTypeOf("audio/webm;codecs=opus")).toBe("audio/webm;codecs=opus");
    expect(uploadTypeOf("")).toBe("application/octet-stream");
    expect(uploadTypeOf("text/html")).toBe("application/octet-stream");
  });

  it("puts silence at the bottom of the meter and a loud voice near the top", () => {
    expect(levelOf(new Uint8Array(512).fill(128))).toBe(0);
    expect(levelOf(new Uint8Array())).toBe(0);
    const tone = (amplitude: number) =>
      Uint8Array.from({ length: 512 }, (_, i) => 128 + Math.round(amplitude * 127 * Math.sin(i / 5)));
    const quiet = levelOf(tone(0.05));
    const loud = levelOf(tone(0.8));
    expect(quiet).toBeGreaterThan(15);
    expect(loud).toBeGreaterThan(quiet);
    expect(loud).toBeLessThanOrEqual(100);
  });

  it("writes seconds as a clock", () => {
    expect(clockText(0)).toBe("0:00");
    expect(clockText(5_400)).toBe("0:05");
    expect(clockText(20_000)).toBe("0:20");
    expect(clockText(75_000)).toBe("1:15");
    expect(clockText(-3)).toBe("0:00");
  });
});
