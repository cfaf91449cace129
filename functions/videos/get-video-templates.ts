import { VIDEO_TEMPLATES, getVideoTemplates } from '#shared/catalogue/videos.ts';
import { videoTemplateThumbnailUrl } from '#shared/rules/video-template-thumbnail.ts';
import { apiHandler } from '../plumbing/api-handler.ts';

/** The templates a video can be made with, each with its thumbnail (a frame of its own rendering, ADR 0710). */
export const handler = apiHandler(getVideoTemplates, async () => ({
  templates: VIDEO_TEMPLATES.map(({ id, template_name, seconds_per_picture, max_pictures }) => ({ id, template_name, thumbnail_url: videoTemplateThumbnailUrl(id), seconds_per_picture, max_pictures })),
}));
