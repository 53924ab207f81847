/**
 * A WAV of 48 kHz mono 16-bit PCM for Chromium's fake microphone
 * (`--use-file-for-fake-audio-capture`): a tune of short tones, loud enough for an encoder to
 * spend bits on. The recorder plays it over and over.
 */
export function toneWav(seconds: number): Buffer {
  const rate = 48_000;
  const samples = rate * seconds;
  const out = Buffer.alloc(44 + samples * 2);
  out.write("RIFF", 0, "latin1");
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write("WAVEfmt ", 8, "latin1");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36, "latin1");
  out.writeUInt32LE(samples * 2, 40);
  const notes = [262, 294, 330, 349, 392, 440, 494, 523];
  for (let i = 0; i < samples; i++) {
    const note = notes[Math.floor(i / (rate / 4)) % notes.length]!;
    const value = Math.sin((2 * Math.PI * note * i) / rate) * 0.4 + Math.sin((2 * Math.PI * note * 2 * i) / rate) * 0.1;
    out.writeInt16LE(Math.round(value * 32767), 44 + i * 2);
  }
  return out;
}
