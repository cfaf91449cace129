/**
 * npm run video:thumbnails — draws each video template's thumbnail (web/public/video-templates/<id>.jpg,
 * shown by the automated-videos panel; docs/decisions/0710) with the video renderer itself: a short
 * video of one demo picture in the template (its title colour, title font and transition), then the
 * frame a fifth of the way into the first transition, where the title card gives way to the picture.
 * Run again when a template's look changes; the files are committed (the web build needs no ffmpeg).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VIDEO_TEMPLATES } from '../shared/catalogue/videos.ts';
import { VIDEO_TEMPLATE_THUMBNAIL, videoTemplateThumbnailFile } from '../shared/rules/video-template-thumbnail.ts';
import { ffmpegPath, renderVideo, run } from '../functions/plumbing/video-render.ts';
import { ORIGINAL_SIZE, drawDemoPicture } from './local/demo-media/images.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const outDir = join(root, 'web', 'public');
const work = await mkdtemp(join(tmpdir(), 'template-thumbnails-'));
try {
  const picture = join(work, 'picture.jpg');
  await writeFile(picture, drawDemoPicture({ seed: 7, number: 1, address: '1200 Avenue Cartier' }, ORIGINAL_SIZE, 90));
  for (const template of VIDEO_TEMPLATES) {
    const video = join(work, `${template.id}.mp4`);
    await renderVideo({ pictures: [picture], template, format: 'landscape', intro: ['1200 Avenue Cartier', 'Québec'], outro: ['Immo Média'], workDir: work, out: video });
    const file = join(outDir, videoTemplateThumbnailFile(template.id));
    await mkdir(join(file, '..'), { recursive: true });
    // A fifth of the way into the transition: the title card still shows, and how it gives way.
    const at = template.title_seconds - template.transition_seconds * 0.8;
    const { width, height } = VIDEO_TEMPLATE_THUMBNAIL;
    await run(ffmpegPath(), ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-ss', at.toFixed(3), '-i', video, '-frames:v', '1', '-vf', `scale=${width}:${height}`, '-q:v', '4', file]);
    console.log(`${template.template_name}: ${file}`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
