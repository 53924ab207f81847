/**
 * The editor's recorder on its own, where no microphone is needed: a page that cannot record says
 * why and that the device's voice reads the text; a file over the limits is refused with the
 * server's own sentences before anything is sent; a kept recording is a chip whose Remove clears
 * it; a clue's recording without a clue says it will not be kept. Recording itself is a browser
 * test (tests/browser/recorder-editor.test.ts), with Chromium's fake microphone.
 */
import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderInPage } from "../../../../tests/support/web-components.tsx";
import { RECORDING_LIMITS, recordingMessages } from "../../../shared/games/recordings.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { inEnglish } from "../../../shared/i18n/translator.ts";
import { rememberDuration } from "./recording-api.ts";
import { RecordingField } from "./recording-field.tsx";

/** Every upload the field made (none is expected here: these are refused before sending). */
const sent: string[] = [];

function Field({ start, note }: { start: string | null; note?: boolean }) {
  const [id, setId] = useState(start);
  return (
    <RecordingField
      recordingId={id}
      name={msg("games.recording.forOption", { letter: "B" })}
      fileTestId="option-b-recording-file"
      onRecorded={(recording) => {
        sent.push(recording.id);
        setId(recording.id);
      }}
      onRemove={() => setId(null)}
      {...(note ? { note: "games.recording.clueNeedsText" as const } : {})}
    />
  );
}

const group = () => screen.getByRole("group", { name: "Recording for option B" });
const choose = (file: File) =>
  fireEvent.change(screen.getByTestId("option-b-recording-file"), { target: { files: [file] } });

describe("the editor's recorder", () => {
  it("on a page that cannot record, says why and that the device's voice reads it instead", async () => {
    expect(navigator.mediaDevices?.getUserMedia).toBeUndefined();
    renderInPage(<Field start={null} />);
    const record = within(group()).getByRole("button", { name: "Record" });
    expect(record.getAttribute("aria-describedby")).toBeNull();
    fireEvent.click(record);
    const why = await within(group()).findByText(/cannot record on this page/);
    expect(why.textContent).toContain("The device's voice will read it aloud instead");
    // The button is described by the reason, and may be pressed again (after a change of settings).
    const again = within(group()).getByRole("button", { name: "Record" }) as HTMLButtonElement;
    expect(again.getAttribute("aria-describedby")).toBe(why.id);
    expect(again.disabled).toBe(false);
    expect(within(group()).getByRole("button", { name: "Upload a recording" })).toBeTruthy();
  });

  it("refuses an empty file and one over the size limit with the server's sentences, sending nothing", () => {
    renderInPage(<Field start={null} />);
    choose(new File([new Uint8Array(RECORDING_LIMITS.maxBytes + 1)], "long.m4a", { type: "audio/x-m4a" }));
    expect(within(group()).getByRole("alert").textContent).toBe(inEnglish(recordingMessages.tooBig));
    choose(new File([], "empty.m4a", { type: "audio/x-m4a" }));
    expect(within(group()).getByRole("alert").textContent).toBe(inEnglish(recordingMessages.empty));
    expect(sent).toEqual([]);
  });

  it("shows a kept recording as a chip with its length, Play back, Record again and Remove", () => {
    rememberDuration("0b5e8f0c-1d2a-4c3b-9e7f-123456789abc", 5_400);
    renderInPage(<Field start="0b5e8f0c-1d2a-4c3b-9e7f-123456789abc" />);
    expect(within(group()).getByText("0:05")).toBeTruthy();
    const audio = group().querySelector("audio")!;
    expect(audio.getAttribute("src")).toBe("/api/recordings/0b5e8f0c-1d2a-4c3b-9e7f-123456789abc");
    expect(audio.getAttribute("preload")).toBe("none");
    expect(within(group()).getByRole("button", { name: "Play back" })).toBeTruthy();
    expect(within(group()).getByRole("button", { name: "Record again" })).toBeTruthy();
    expect(within(group()).queryByRole("button", { name: "Record" })).toBeNull();
    fireEvent.click(within(group()).getByRole("button", { name: "Remove the recording" }));
    expect(within(group()).getByRole("button", { name: "Record" })).toBeTruthy();
    expect(group().querySelector("audio")).toBeNull();
  });

  it("shows a recording reopened without its length as a chip all the same, and a note when it is given one", () => {
    renderInPage(<Field start="7c0e8f0c-1d2a-4c3b-9e7f-123456789abc" note />);
    expect(group().querySelector(".recording-length")).toBeNull();
    expect(within(group()).getByRole("button", { name: "Play back" })).toBeTruthy();
    expect(within(group()).getByText("A clue's recording is kept only with the clue's text.")).toBeTruthy();
  });
});
