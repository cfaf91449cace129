import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { VIDEO_TEMPLATES } from '#shared/catalogue/videos.ts';
import { musicFilter, SCORES } from './video-music.ts';
import { ffmpegPath } from './video-render.ts';

/** Renders a score with ffmpeg and reads its length and loudness (volumedetect). */
function listen(name: keyof typeof SCORES, seconds: number): { seconds: number; meanDb: number; maxDb: number } {
  const graph = musicFilter(name, seconds, 'a');
  const run = spawnSync(ffmpegPath(), ['-hide_banner', '-nostdin', '-filter_complex', `${graph};[a]volumedetect`, '-f', 'null', '-'], { encoding: 'utf8' });
  expect(run.status, run.stderr.slice(-800)).toBe(0);
  // The last report: ffmpeg also logs one from the graph's configuration pass, with no samples.
  const read = (pattern: RegExp) => Number([...run.stderr.matchAll(pattern)].at(-1)?.[1]);
  const samples = read(/n_samples: (\d+)/g);
  return { seconds: samples / 44_100, meanDb: read(/mean_volume: (-?[\d.]+) dB/g), maxDb: read(/max_volume: (-?[\d.]+) dB/g) };
}

describe('video music (ADR 0243)', () => {
  it.each(Object.keys(SCORES) as Array<keyof typeof SCORES>)('score %s plays for exactly the asked length, audible and never clipping', (name) => {
    const heard = listen(name, 7.5);
    expect(heard.seconds).toBeCloseTo(7.5, 2);
    expect(heard.meanDb).toBeGreaterThan(-40);
    expect(heard.maxDb).toBeLessThan(-1);
  });

  it('every template names a score that exists, or none', () => {
    for (const t of VIDEO_TEMPLATES) expect(t.music === null || t.music in SCORES, t.template_name).toBe(true);
    expect(VIDEO_TEMPLATES.some((t) => t.music !== null)).toBe(true);
  });
});
