import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHROMIUM_MP4_5S,
  CHROMIUM_WEBM_5S,
  CHROMIUM_WEBM_20S,
  FFMPEG_M4A_5S,
  FFMPEG_MP3,
  FFMPEG_OGG_5S,
  FFMPEG_WITH_VIDEO,
  hasText,
  m4aFile,
  oggFile,
  opusOfWebm,
  PLANTED,
  secondSoundTrack,
  videoTrack,
  wavFile,
  webmFile,
} from "../../../tests/support/audio-files.ts";
import en from "../../shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../shared/i18n/locales/ga.json" with { type: "json" };
import { AUDIO_PROBLEM_MESSAGES, type AudioLimits, cleanAudio } from "./clean-audio.ts";
import { oggCrc } from "./ogg.ts";

const LIMITS: AudioLimits = { maxBytes: 1_000_000, maxMs: 20_000 };
const clean = (bytes: Uint8Array, limits = LIMITS) => cleanAudio(bytes, limits);
const problem = (bytes: Uint8Array, limits = LIMITS) => {
  const result = clean(bytes, limits);
  return result.ok ? "ok" : result.problem;
};
const stored = (bytes: Uint8Array) => {
  const result = clean(bytes);
  if (!result.ok) throw new Error(result.problem);
  return result;
};
const html = Buffer.from(PLANTED.html);

/** Cleaning what was stored gives the same bytes and duration: the output passes its own parser. */
function expectStable(result: ReturnType<typeof stored>) {
  const again = stored(result.bytes);
  expect(again.durationMs).toBe(result.durationMs);
  expect(Buffer.from(again.bytes).equals(Buffer.from(result.bytes))).toBe(true);
}

/** Every kind of file the builders make, 2 seconds each. */
const BUILT = {
  webm: () => webmFile(),
  ogg: () => oggFile(),
  m4a: () => m4aFile(),
  "m4a with Opus": () => m4aFile({ codec: "opus" }),
  "fragmented m4a": () => m4aFile({ fragmented: true }),
  wav: () => wavFile({ seconds: 2 }),
};

describe("cleanAudio: Chromium's recordings", () => {
  it("takes its WebM (sizes fixed at the end, or unknown with a timeslice) and rebuilds it with known sizes and a Duration", () => {
    for (const [file, seconds] of [
      [CHROMIUM_WEBM_5S, 5],
      [CHROMIUM_WEBM_20S, 20],
    ] as const) {
      const result = stored(file);
      expect(result).toMatchObject({ container: "webm", mimeType: "audio/webm" });
      expect(Math.abs(result.durationMs - seconds * 1000)).toBeLessThan(150);
      // Chromium's muxing and writing app, its seek head, cues and void are gone; the packets are all kept.
      expect(hasText(file, "Chrome")).toBe(true);
      expect(hasText(result.bytes, "Chrome")).toBe(false);
      expect(result.bytes.length).toBeLessThan(file.length);
      expect(result.bytes.length).toBeGreaterThan(file.length * 0.98);
      // The Segment's size is known: no all-ones size after its ID.
      const segment = Buffer.from(result.bytes).indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67]));
      expect(result.bytes[segment + 4]).not.toBe(0x01);
      expectStable(result);
    }
  });

  it("takes its fragmented MP4 with Opus and rebuilds it as a plain one", () => {
    const result = stored(CHROMIUM_MP4_5S);
    expect(result).toMatchObject({ container: "mp4", mimeType: "audio/mp4" });
    expect(Math.abs(result.durationMs - 5000)).toBeLessThan(300);
    const text = Buffer.from(result.bytes).toString("latin1");
    expect(text.includes("moof") || text.includes("mvex")).toBe(false);
    expectStable(result);
  });
});

describe("cleanAudio: other encoders' files", () => {
  it("takes ffmpeg's voice-memo M4A (AAC-LC) and Ogg/Opus, their titles, dates and encoder names gone", () => {
    for (const [file, container] of [
      [FFMPEG_M4A_5S, "mp4"],
      [FFMPEG_OGG_5S, "ogg"],
    ] as const) {
      for (const text of [PLANTED.title, PLANTED.date, "Lavf"]) expect(hasText(file, text)).toBe(true);
      const result = stored(file);
      expect(result.container).toBe(container);
      // The M4A's edit list (its encoder's 1024 priming samples) is dropped: 23 ms longer.
      expect(Math.abs(result.durationMs - 5000)).toBeLessThan(50);
      for (const text of [PLANTED.title, PLANTED.date, "Lavf"]) expect(hasText(result.bytes, text), text).toBe(false);
      expectStable(result);
    }
  });

  it("refuses ffmpeg's MP3 as a kind it does not take, and its MP4 with a video track", () => {
    expect(problem(FFMPEG_MP3)).toBe("unsupported");
    expect(problem(FFMPEG_WITH_VIDEO)).toBe("has-video");
  });
});

describe("cleanAudio: every container, metadata removed", () => {
  it.each(Object.entries(BUILT))("%s: kept with its duration, every planted field gone", (_name, build) => {
    const file = build();
    for (const text of [PLANTED.device, PLANTED.date, PLANTED.title]) expect(hasText(file, text)).toBe(true);
    const result = stored(file);
    expect(Math.abs(result.durationMs - 2000)).toBeLessThan(100);
    for (const text of Object.values(PLANTED)) expect(hasText(result.bytes, text), text).toBe(false);
    expectStable(result);
  });

  it("names each container by its bytes, and serves it with its own type", () => {
    expect(stored(oggFile())).toMatchObject({ container: "ogg", mimeType: "audio/ogg" });
    expect(stored(m4aFile())).toMatchObject({ container: "mp4", mimeType: "audio/mp4" });
    expect(stored(wavFile())).toMatchObject({ container: "wav", mimeType: "audio/wav" });
    // The Ogg comment header keeps only a fixed vendor string.
    expect(hasText(stored(oggFile()).bytes, "Cluehunt")).toBe(true);
  });
});

describe("cleanAudio: what it refuses", () => {
  it("refuses what is not sound, and sound of a kind it does not take", () => {
    expect(problem(new Uint8Array())).toBe("not-audio");
    expect(problem(html)).toBe("not-audio");
    expect(problem(Buffer.from("\x89PNG\r\n\x1a\n", "latin1"))).toBe("not-audio");
    expect(problem(Buffer.from("RIFF\x04\x00\x00\x00WEBPVP8 ", "latin1"))).toBe("not-audio");
    // MP3 with an ID3 tag, a bare MP3 frame, FLAC, AMR.
    expect(problem(Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00", "latin1"))).toBe("unsupported");
    expect(problem(Uint8Array.of(0xff, 0xfb, 0x90, 0x64, 0, 0))).toBe("unsupported");
    expect(problem(Buffer.from("fLaC\x00\x00\x00\x22", "latin1"))).toBe("unsupported");
    expect(problem(Buffer.from("#!AMR\n", "latin1"))).toBe("unsupported");
  });

  it("refuses a file over the byte limit before reading it, and a recording over the time limit", () => {
    expect(problem(CHROMIUM_WEBM_5S, { maxBytes: CHROMIUM_WEBM_5S.length - 1, maxMs: 20_000 })).toBe("too-big");
    expect(problem(CHROMIUM_WEBM_5S, { maxBytes: 1e6, maxMs: 4000 })).toBe("too-long");
    for (const file of [
      webmFile({ seconds: 21 }),
      oggFile({ seconds: 21 }),
      m4aFile({ seconds: 21 }),
      m4aFile({ seconds: 21, fragmented: true }),
      wavFile({ seconds: 21 }),
    ])
      expect(problem(file)).toBe("too-long");
  });

  it("counts a recording's length as a decoder plays it: timestamps that squeeze 21 s of sound into 2 s are refused", () => {
    expect(problem(webmFile({ seconds: 21, squeeze: 0.1 }))).toBe("too-long");
    expect(problem(m4aFile({ seconds: 21, squeeze: 0.1 }))).toBe("too-long");
    expect(problem(m4aFile({ seconds: 21, squeeze: 0.1, fragmented: true }))).toBe("too-long");
    // Ogg's granule positions must account for the packets before them: squeezed, they cannot.
    expect(problem(oggFile({ seconds: 21, squeeze: 0.1 }))).not.toBe("ok");
    // Squeezed within the limit: kept, at the length a player shows (the container's).
    expect(stored(webmFile({ seconds: 4, squeeze: 0.5 })).durationMs).toBeLessThan(2100);
  });

  it("refuses HTML or a script after the last element, page, box or chunk (a polyglot)", () => {
    for (const build of Object.values(BUILT)) expect(problem(Buffer.concat([build(), html]))).toBe("trailing-data");
    for (const file of [CHROMIUM_WEBM_5S, CHROMIUM_WEBM_20S, CHROMIUM_MP4_5S])
      expect(problem(Buffer.concat([file, html]))).toBe("trailing-data");
    // Even a single stray byte.
    expect(problem(Buffer.concat([oggFile(), Buffer.from("<")]))).toBe("trailing-data");
  });

  it("refuses a video track or a second sound track", () => {
    expect(problem(webmFile({ tracks: [videoTrack()] }))).toBe("has-video");
    expect(problem(webmFile({ tracks: [secondSoundTrack()] }))).toBe("several-tracks");
    // Blocks for a track the file never declared.
    expect(problem(webmFile({ blockTrack: 2 }))).toBe("several-tracks");
    expect(problem(m4aFile({ extraTrack: "vide" }))).toBe("has-video");
    expect(problem(m4aFile({ extraTrack: "soun" }))).toBe("several-tracks");
    expect(problem(oggFile({ extraStream: Buffer.from("\x80theora\x03\x02\x01", "latin1") }))).toBe("has-video");
    expect(
      problem(oggFile({ extraStream: Buffer.from("OpusHead\x01\x01\x38\x01\x80\xbb\x00\x00\x00\x00\x00", "latin1") })),
    ).toBe("several-tracks");
  });

  it("refuses sizes larger than the file, up to 2 GB and past 2^53, without reading past the end", () => {
    // WebM: the Segment declaring 2 GB; an element inside declaring 2^56 - 2.
    const webm = Buffer.from(webmFile({ unknownSizes: false }));
    const segmentAt = webm.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67]));
    const twoGb = Buffer.from(webm);
    twoGb.writeUInt32BE(0x80000000, segmentAt + 4 + 4);
    expect(problem(twoGb)).toBe("truncated");
    const huge = Buffer.from(webm);
    huge.fill(0xff, segmentAt + 5, segmentAt + 12);
    huge[segmentAt + 11] = 0xfe;
    expect(problem(huge)).toBe("truncated");
    // MP4: the mdat declaring 2 GB, and a 64-bit size of 2^62.
    const m4a = Buffer.from(m4aFile());
    const mdatAt = m4a.indexOf("mdat") - 4;
    const bigMdat = Buffer.from(m4a);
    bigMdat.writeUInt32BE(0x80000000, mdatAt);
    expect(problem(bigMdat)).toBe("truncated");
    const wide = Buffer.concat([
      m4a.subarray(0, mdatAt),
      Buffer.from([0, 0, 0, 1]),
      Buffer.from("mdat"),
      Buffer.from([0x40, 0, 0, 0, 0, 0, 0, 0]),
    ]);
    expect(problem(wide)).toBe("truncated");
    // WAV: the RIFF size and the data chunk declaring 2 GB.
    const wav = Buffer.from(wavFile());
    const bigRiff = Buffer.from(wav);
    bigRiff.writeUInt32LE(0x80000000, 4);
    expect(problem(bigRiff)).toBe("truncated");
    const bigData = Buffer.from(wav);
    bigData.writeUInt32LE(0x80000000, bigData.indexOf("data") + 4);
    expect(problem(bigData)).toBe("truncated");
  });

  it("takes deep nesting in elements it drops without descending into them, and refuses it where it would have to", () => {
    // 5,000 Tags nested inside each other: skipped by size, never walked.
    const levels = 5000;
    const nested = Buffer.alloc(levels * 12);
    for (let i = 0; i < levels; i++) {
      nested.writeUInt32BE(0x1254c367, i * 12);
      nested.writeUInt32BE(0x01000000, i * 12 + 4);
      nested.writeUInt32BE((levels - i - 1) * 12, i * 12 + 8);
    }
    const webm = Buffer.from(webmFile({ unknownSizes: false }));
    const tracksAt = webm.indexOf(Buffer.from([0x16, 0x54, 0xae, 0x6b]));
    const inner = webm.subarray(tracksAt);
    const withNesting = Buffer.concat([webm.subarray(0, tracksAt), nested, inner]);
    // The Segment's size grown by the nesting's.
    const segmentAt = withNesting.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67]));
    withNesting.writeUIntBE(withNesting.length - segmentAt - 12, segmentAt + 6, 6);
    const result = stored(withNesting);
    expect(result.bytes.length).toBeLessThan(webm.length);
    // MP4 boxes nested 5,000 deep where the track should be: not a track, refused.
    const boxes = Buffer.alloc(levels * 8);
    for (let i = 0; i < levels; i++) {
      boxes.writeUInt32BE((levels - i) * 8, i * 8);
      boxes.write("trak", i * 8 + 4, "latin1");
    }
    const m4a = Buffer.from(m4aFile());
    const moovAt = m4a.indexOf("moov") - 4;
    expect(problem(Buffer.concat([m4a.subarray(0, moovAt + 8), boxes]))).not.toBe("ok");
  });

  it("refuses a page whose checksum does not match", () => {
    const ogg = Buffer.from(oggFile());
    const damaged = Buffer.from(ogg);
    damaged[damaged.length - 10]! ^= 0x55;
    expect(problem(damaged)).toBe("damaged");
    expect(oggCrc(ogg.subarray(0, 47))).toBe(ogg.readUInt32LE(22));
  });
});

describe("cleanAudio: cut short anywhere", () => {
  /**
   * Every prefix of a 1-second file: refused; or the same sound (an MP4 cut after its last
   * sample, losing only boxes it drops anyway); or, where the container has no sizes to
   * contradict it, a shorter recording that passes its own parser.
   */
  const prefixes = (file: Uint8Array) => {
    const whole = stored(file);
    const outcomes = { refused: 0, same: 0, shorter: 0 };
    for (let length = 0; length < file.length; length++) {
      const result = clean(file.subarray(0, length));
      if (!result.ok) {
        outcomes.refused++;
        continue;
      }
      expectStable(result);
      if (Buffer.from(result.bytes).equals(Buffer.from(whole.bytes))) outcomes.same++;
      else {
        expect(result.durationMs).toBeLessThan(whole.durationMs);
        outcomes.shorter++;
      }
    }
    return outcomes;
  };

  it("refuses every prefix of a file with sizes throughout (WebM of known sizes, Ogg, plain MP4, WAV)", () => {
    for (const file of [
      webmFile({ seconds: 1, unknownSizes: false }),
      oggFile({ seconds: 1 }),
      wavFile({ seconds: 0.25 }),
    ])
      expect(prefixes(file)).toMatchObject({ same: 0, shorter: 0 });
    // A voice memo's M4A ends with a free and a uuid box: cut after its moov or its free box, the sound is all there.
    expect(prefixes(m4aFile({ seconds: 1 }))).toMatchObject({ same: 2, shorter: 0 });
  });

  it("takes a fragmented MP4 cut between two fragments as the shorter recording it is, and refuses every other cut", () => {
    // 43 AAC frames in fragments of 40: one cut falls between the two.
    expect(prefixes(m4aFile({ seconds: 1, fragmented: true }))).toMatchObject({ same: 0, shorter: 1 });
  });

  it("takes a WebM of unknown sizes cut between two blocks as the shorter recording it is, and refuses every other cut", () => {
    const file = webmFile({ seconds: 1 });
    const outcomes = prefixes(file);
    // One per block or cluster boundary at most (what an upload stopped between two of the recorder's chunks looks like).
    expect(outcomes.shorter).toBeGreaterThan(0);
    expect(outcomes.shorter).toBeLessThanOrEqual(opusOfWebm(file).packets.length + 2);
  });
});

describe("cleanAudio: messages", () => {
  it("gives each refusal its own message, in English and Irish", () => {
    const keys = Object.values(AUDIO_PROBLEM_MESSAGES);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(en).toHaveProperty([key]);
      expect(ga).toHaveProperty([key]);
    }
  });
});

describe("cleanAudio: random damage", () => {
  it("never throws and never stores bytes that fail its own parser, whatever bytes are flipped", () => {
    const files = [
      webmFile({ seconds: 1 }),
      oggFile({ seconds: 1 }),
      m4aFile({ seconds: 1 }),
      m4aFile({ seconds: 1, codec: "opus", fragmented: true }),
      wavFile({ seconds: 0.1 }),
      CHROMIUM_MP4_5S,
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: files.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 }),
        (which, flips) => {
          const file = Buffer.from(files[which]!);
          for (const [at, mask] of flips) file[at % file.length]! ^= mask;
          const result = clean(file);
          if (result.ok) expectStable(result);
        },
      ),
      { numRuns: 600 },
    );
  });
});

describe("cleanAudio: time", () => {
  it("cleans a 20-second recording in well under a tenth of a second", () => {
    clean(CHROMIUM_WEBM_20S);
    const started = performance.now();
    for (let i = 0; i < 5; i++) clean(CHROMIUM_WEBM_20S);
    expect((performance.now() - started) / 5).toBeLessThan(100);
  });
});
