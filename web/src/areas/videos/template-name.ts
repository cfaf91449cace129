import type { TFunction } from 'i18next';
import { VIDEO_TEMPLATES } from '#shared/catalogue/videos.ts';

/** The tables that name the templates by id, in the catalogues of the areas that show them. */
export type TemplateNames = 'videos.template_names' | 'deliveries.template_names';

/**
 * A video template's name in the reader's language (`<table>.<id>`): the catalogue's names
 * (shared/catalogue/videos.ts) are French. A view without the template's id (a job row, a delivery's
 * video) carries the catalogue's name, so the id is found by it; a template the table does not
 * name is shown as the server wrote it.
 */
export function templateName(t: TFunction, table: TemplateNames, template: { id?: number; name: string }): string {
  const id = template.id ?? VIDEO_TEMPLATES.find((candidate) => candidate.template_name === template.name)?.id;
  return id === undefined ? template.name : t(`${table}.${id}`, { defaultValue: template.name });
}
