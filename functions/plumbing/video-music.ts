/**
 * The videos' music: short chord progressions of the project's own (no third-party recording, so
 * nothing to license), synthesized by ffmpeg's `aevalsrc` at render time (ADR 0243). Each chord is
 * its notes' sines with a soft attack and a slow decay, repeated for the video's length, faded in
 * and out.
 */
import type { VideoScoreName } from '#shared/catalogue/videos.ts';

interface Score {
  secondsPerChord: number;
  /** Chords as MIDI note numbers (60 = middle C), a bass note first. */
  chords: readonly (readonly number[])[];
}

export const SCORES: Record<VideoScoreName, Score> = {
  // C – G/B – Am – F, unhurried.
  calm: { secondsPerChord: 2.4, chords: [[48, 60, 64, 67], [47, 59, 62, 67], [45, 57, 60, 64], [41, 57, 60, 65]] },
  // D – A – Bm – G, twice as fast.
  bright: { secondsPerChord: 1.2, chords: [[50, 62, 66, 69], [45, 61, 64, 69], [47, 62, 66, 71], [43, 59, 62, 67]] },
};

const frequency = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** The filter graph branch `[label]` producing the score for `seconds` (44.1 kHz mono). */
export function musicFilter(name: VideoScoreName, seconds: number, label: string): string {
  const { secondsPerChord: spc, chords } = SCORES[name];
  const chord = (notes: readonly number[]) => notes.map((n) => `sin(2*PI*${frequency(n).toFixed(3)}*t)`).join('+');
  const index = `mod(floor(t/${spc}),${chords.length})`;
  let select = chord(chords[chords.length - 1]!);
  for (let k = chords.length - 2; k >= 0; k--) select = `if(eq(${index},${k}),${chord(chords[k]!)},${select})`;
  const envelope = `(1-exp(-8*mod(t,${spc})))*exp(-0.6*mod(t,${spc}))`;
  const fadeOut = Math.max(0, seconds - 1.5).toFixed(3);
  // Quoted: the expression's commas belong to it, not to the filter graph.
  return `aevalsrc=exprs='0.09*${envelope}*(${select})':s=44100:d=${seconds.toFixed(3)},afade=t=in:d=0.5,afade=t=out:st=${fadeOut}:d=1.5[${label}]`;
}
