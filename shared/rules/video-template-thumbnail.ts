/**
 * A video template's thumbnail (docs/decisions/0710): a frame of the template's own rendering,
 * drawn by `npm run video:thumbnails` into the web app's static files (web/public).
 */
export const VIDEO_TEMPLATE_THUMBNAIL = { width: 384, height: 216 } as const;

/** Its file, relative to the web app's root. */
export const videoTemplateThumbnailFile = (templateId: number) => `video-templates/${templateId}.jpg`;

/** Its URL on the site (the web app and the API share one origin). */
export const videoTemplateThumbnailUrl = (templateId: number) => `/${videoTemplateThumbnailFile(templateId)}`;
