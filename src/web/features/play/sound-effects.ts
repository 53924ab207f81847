/**
 * Short sound effects, made on the device with the Web Audio API: nothing to download, nothing
 * to license. Played only when the teacher turned sounds on for the session (PlayState
 * .soundEffects); the first one is started by the pupil's own tap on Submit, which browsers
 * require before a page may make a sound.
 */
export type SoundEffect = "correct" | "incorrect" | "finished";

/** Notes as [frequency Hz, start s, length s]: a rising chime, two soft falling notes, a little fanfare. */
const TUNES: Record<SoundEffect, Array<[number, number, number]>> = {
  correct: [
    [660, 0, 0.12],
    [880, 0.1, 0.22],
  ],
  incorrect: [
    [392, 0, 0.16],
    [330, 0.14, 0.24],
  ],
  finished: [
    [523, 0, 0.14],
    [659, 0.13, 0.14],
    [784, 0.26, 0.14],
    [1047, 0.39, 0.4],
  ],
};

let context: AudioContext | null = null;

export function playSoundEffect(effect: SoundEffect): void {
  const Context = typeof window === "undefined" ? undefined : window.AudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    if (context.state === "suspended") void context.resume();
    const start = context.currentTime + 0.01;
    for (const [frequency, at, length] of TUNES[effect]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = effect === "incorrect" ? "sine" : "triangle";
      oscillator.frequency.value = frequency;
      // A quick fade in and out: no click at either end, and quiet enough for a classroom.
      gain.gain.setValueAtTime(0, start + at);
      gain.gain.linearRampToValueAtTime(0.18, start + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.001, start + at + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + length + 0.02);
    }
  } catch {
    // A device without working audio plays the game in silence.
  }
}
