import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { VIDEO_TEMPLATES } from '#shared/catalogue/videos.ts';
import { cpuSecondsOf, ffmpegPath, probeVideo, renderVideo, run, VIDEO_FORMATS, VIDEO_FPS } from '#functions/plumbing/video-render.ts';
import { demoOriginal } from '../local/demo-media/cache.ts';
import { fmt } from './stats.ts';

/**
 * Listing-video rendering (ADR 0240): a 30-picture 1920×1080 video with the 'Classique' template
 * (titles, fade transitions), beside a plain ffmpeg slideshow of the same pictures for the same
 * time each (no titles, no transitions), both on one thread, same encoder settings. Figures: CPU
 * seconds of rendering per second of video (ffmpeg's own -benchmark CPU time, so a busy machine
 * does not inflate them), and the wall time.
 */
const PICTURES = Number(process.env.BENCH_VIDEO_PICTURES ?? 30);

export async function videoRenderBench(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'video-bench-'));
  try {
    const files = Array.from({ length: PICTURES }, (_, i) => {
      const file = join(work, `p${String(i).padStart(3, '0')}.jpg`);
      writeFileSync(file, demoOriginal({ seed: 9000 + i, number: i + 1, address: '1200 rue Sherbrooke Ouest, Montreal' }));
      return file;
    });
    const template = { ...VIDEO_TEMPLATES[0]!, max_pictures: PICTURES };
    const rows: Record<string, Record<string, string>> = {};

    let started = Date.now();
    const ours = await renderVideo({
      pictures: files, template, format: 'landscape', intro: ['1200 rue Sherbrooke Ouest', 'Montréal', 'Élise Tremblay'], outro: ['Élise Tremblay', 'elise@demo.test'],
      workDir: work, out: join(work, 'ours.mp4'), threads: 1, benchmark: true,
    });
    const oursWall = (Date.now() - started) / 1000;
    const oursProbe = await probeVideo(join(work, 'ours.mp4'));
    rows[`template '${template.template_name}' (titles + ${template.transition} transitions)`] = figures(ours.cpuSeconds, oursWall, oursProbe.seconds);

    const { width: W, height: H } = VIDEO_FORMATS.landscape;
    started = Date.now();
    const plain = await run(ffmpegPath(), [
      '-hide_banner', '-nostdin', '-y', '-benchmark', '-filter_threads', '1',
      '-framerate', `1/${template.seconds_per_picture}`, '-i', join(work, 'p%03d.jpg'),
      '-vf', `scale=${W}:${H}:force_original_aspect_ratio=decrease,pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,fps=${VIDEO_FPS},format=yuv420p`,
      '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-threads', '1', '-movflags', '+faststart',
      join(work, 'plain.mp4'),
    ]);
    const plainWall = (Date.now() - started) / 1000;
    const plainProbe = await probeVideo(join(work, 'plain.mp4'));
    rows['plain ffmpeg slideshow (same pictures, no titles or transitions)'] = figures(cpuSecondsOf(plain.stderr), plainWall, plainProbe.seconds);

    console.log(`\nListing video, ${PICTURES} pictures, ${W}×${H} H.264, one thread:`);
    console.table(rows);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function figures(cpu: number | undefined, wall: number, videoSeconds: number): Record<string, string> {
  return {
    'video s': fmt(videoSeconds, 1),
    'CPU s': cpu === undefined ? '?' : fmt(cpu, 1),
    'CPU s per video s': cpu === undefined ? '?' : fmt(cpu / videoSeconds, 2),
    'wall s': fmt(wall, 1),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await videoRenderBench();
