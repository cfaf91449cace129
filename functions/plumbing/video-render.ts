import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VideoTemplate } from '#shared/catalogue/videos.ts';
import { musicFilter } from './video-music.ts';

/**
 * The video renderer (ADR 0240): one ffmpeg run turns a listing's pictures into an H.264 MP4 —
 * an intro title (address, broker), each picture for the template's duration joined by the
 * template's xfade transition, an outro title (broker name, contact, photo when visible). The
 * binary is Debian's ffmpeg locally and a static build in the Render task's container image in AWS (FFMPEG_PATH, ADR 0242);
 * the titles are drawn with DejaVu Sans (VIDEO_FONT_FILE).
 */
export const FFMPEG_PATH_ENV = 'FFMPEG_PATH';
export const FFPROBE_PATH_ENV = 'FFPROBE_PATH';
export const VIDEO_FONT_ENV = 'VIDEO_FONT_FILE';
const DEFAULT_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

export const ffmpegPath = (env: NodeJS.ProcessEnv = process.env) => env[FFMPEG_PATH_ENV] || 'ffmpeg';
export const ffprobePath = (env: NodeJS.ProcessEnv = process.env) => env[FFPROBE_PATH_ENV] || 'ffprobe';

/** The two outputs: YouTube-style landscape and Instagram's vertical format. */
export const VIDEO_FORMATS = {
  landscape: { width: 1920, height: 1080 },
  instagram: { width: 1080, height: 1920 },
} as const;
export type VideoFormat = keyof typeof VIDEO_FORMATS;

export const VIDEO_FPS = 25;

export interface RenderInput {
  /** Local JPEG files, in slideshow order. */
  pictures: readonly string[];
  template: VideoTemplate;
  format: VideoFormat;
  /** Lines of the intro and outro titles. */
  intro: readonly string[];
  outro: readonly string[];
  /** The broker's photo (a local file), shown on both titles when given. */
  photo?: string;
  /** A scratch directory for the title text files. */
  workDir: string;
  out: string;
  /** ffmpeg threads for filters and the encoder (default: ffmpeg's choice); the benchmark uses 1. */
  threads?: number;
  /** Ask ffmpeg for its CPU time (`-benchmark`), answered as `cpuSeconds`. */
  benchmark?: boolean;
}

export class VideoRenderError extends Error {
  override name = 'VideoRenderError';
  constructor(
    message: string,
    readonly logLines: string[],
  ) {
    super(message);
  }
}

/** Runs a program and answers its stderr lines; rejects with the tail of stderr when it fails. */
export function run(program: string, args: readonly string[]): Promise<{ stdout: string; stderr: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.length > 200_000) stderr = stderr.slice(-100_000);
    });
    child.on('error', (error) => reject(new VideoRenderError(`${program} could not start: ${error.message}`, [])));
    child.on('close', (code) => {
      const lines = stderr.split(/\r?\n|\r/).map((l) => l.trim()).filter(Boolean);
      if (code === 0) resolve({ stdout, stderr: lines });
      else reject(new VideoRenderError(`${program} exited with code ${code}`, lines.slice(-20)));
    });
  });
}

/** ffmpeg escapes for a filter option value written between single quotes. */
const quoted = (value: string) => `'${value.replace(/'/g, "'\\''")}'`;

/** Renders one format; answers the video's length in seconds and ffmpeg's last lines. */
export async function renderVideo(input: RenderInput): Promise<{ seconds: number; log: string[]; cpuSeconds: number | undefined }> {
  const { template, format, pictures } = input;
  if (pictures.length === 0) throw new VideoRenderError('No pictures to render.', []);
  const { width: W, height: H } = VIDEO_FORMATS[format];
  const t = template.transition_seconds;
  const picture = template.seconds_per_picture + t;
  const clips = [template.title_seconds, ...pictures.map(() => picture), template.title_seconds];
  const font = process.env[VIDEO_FONT_ENV] || DEFAULT_FONT;
  const size = Math.round(W > H ? H / 16 : W / 22);

  const args: string[] = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'info'];
  if (input.threads !== undefined) args.push('-filter_complex_threads', String(input.threads));
  if (input.benchmark) args.push('-benchmark');
  const colour = (seconds: number) => ['-f', 'lavfi', '-t', String(seconds), '-i', `color=c=${template.title_colour}:s=${W}x${H}:r=${VIDEO_FPS}`];
  // A picture is decoded and scaled once, then its frame repeated (loop filter), not re-scaled per frame.
  const still = (file: string) => ['-i', file];
  const hold = (seconds: number) => `loop=loop=${Math.round(seconds * VIDEO_FPS) - 1}:size=1:start=0,setpts=N/${VIDEO_FPS}/TB`;

  args.push(...colour(template.title_seconds));
  for (const file of pictures) args.push(...still(file));
  args.push(...colour(template.title_seconds));
  const photoInputs = input.photo ? [pictures.length + 2, pictures.length + 3] : [];
  if (input.photo) args.push(...still(input.photo), ...still(input.photo));

  const filters: string[] = [];
  const title = async (inputIndex: number, lines: readonly string[], label: string, photoIndex?: number) => {
    const textFile = join(input.workDir, `${label}-${format}.txt`);
    await writeFile(textFile, lines.join('\n'));
    const y = photoIndex === undefined ? '(h-text_h)/2' : `h*0.62`;
    let source = `[${inputIndex}:v]`;
    if (photoIndex !== undefined) {
      const side = Math.round(H * 0.32);
      filters.push(`[${photoIndex}:v]scale=${side}:${side}:force_original_aspect_ratio=decrease,setsar=1,${hold(template.title_seconds)}[${label}p]`);
      filters.push(`${source}[${label}p]overlay=x=(W-w)/2:y=H*0.18:shortest=1[${label}o]`);
      source = `[${label}o]`;
    }
    filters.push(
      `${source}drawtext=fontfile=${quoted(font)}:textfile=${quoted(textFile)}:fontcolor=white:fontsize=${size}:line_spacing=${Math.round(size / 3)}:x=(w-text_w)/2:y=${y},fps=${VIDEO_FPS},settb=AVTB,setsar=1,format=yuv420p[${label}]`,
    );
  };
  await title(0, input.intro, 'c0', photoInputs[0]);
  pictures.forEach((_, i) => {
    filters.push(
      `[${i + 1}:v]scale=${W}:${H}:force_original_aspect_ratio=decrease,pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuv420p,${hold(picture)},fps=${VIDEO_FPS},settb=AVTB[c${i + 1}]`,
    );
  });
  const last = pictures.length + 1;
  await title(last, input.outro, `c${last}`, photoInputs[1]);

  let previous = 'c0';
  let elapsed = clips[0]!;
  for (let k = 1; k < clips.length; k++) {
    const offset = elapsed - k * t;
    const out = k === clips.length - 1 ? 'v' : `x${k}`;
    filters.push(`[${previous}][c${k}]xfade=transition=${template.transition}:duration=${t}:offset=${offset.toFixed(3)}[${out}]`);
    previous = out;
    elapsed += clips[k]!;
  }
  const seconds = elapsed - (clips.length - 1) * t;

  if (template.music) filters.push(musicFilter(template.music, seconds, 'a'));
  const audio = template.music ? ['-map', '[a]', '-c:a', 'aac', '-b:a', '128k'] : ['-an'];
  args.push(
    '-filter_complex', filters.join(';'),
    '-map', '[v]',
    ...audio,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-r', String(VIDEO_FPS),
    '-movflags', '+faststart',
    '-t', seconds.toFixed(3),
    ...(input.threads !== undefined ? ['-threads', String(input.threads)] : []),
    input.out,
  );
  const { stderr } = await run(ffmpegPath(), args);
  return { seconds, log: stderr.slice(-3), cpuSeconds: cpuSecondsOf(stderr) };
}

/** The user + system CPU seconds of an ffmpeg run with `-benchmark` ("bench: utime=1.2s stime=0.1s rtime=…"). */
export function cpuSecondsOf(stderr: readonly string[]): number | undefined {
  const line = stderr.find((l) => l.startsWith('bench: utime='));
  const match = line?.match(/utime=([\d.]+)s stime=([\d.]+)s/);
  return match ? Number(match[1]) + Number(match[2]) : undefined;
}

export interface ProbedVideo {
  codec: string;
  width: number;
  height: number;
  seconds: number;
  /** The audio stream's codec, null for a silent video. */
  audio: string | null;
}

/** What ffprobe reads of a video file: codecs, size and duration. */
export async function probeVideo(file: string): Promise<ProbedVideo> {
  const { stdout } = await run(ffprobePath(), ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height:format=duration', '-of', 'json', file]);
  const json = JSON.parse(stdout) as { streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>; format: { duration: string } };
  const video = json.streams.find((s) => s.codec_type === 'video')!;
  const audio = json.streams.find((s) => s.codec_type === 'audio');
  return { codec: video.codec_name, width: video.width!, height: video.height!, seconds: Number(json.format.duration), audio: audio?.codec_name ?? null };
}
