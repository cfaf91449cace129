import { VIDEO_TEMPLATES, getVideoTemplates } from '#shared/catalogue/videos.ts';
import { apiHandler } from '../plumbing/api-handler.ts';

/** The templates a video can be made with. */
export const handler = apiHandler(getVideoTemplates, async () => ({
  templates: VIDEO_TEMPLATES.map(({ id, template_name, seconds_per_picture, max_pictures }) => ({ id, template_name, thumbnail_url: null, seconds_per_picture, max_pictures })),
}));
