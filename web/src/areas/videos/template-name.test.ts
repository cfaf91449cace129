import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { VIDEO_TEMPLATES } from '#shared/catalogue/videos.ts';
import deliveriesEn from '../deliveries/locales/en.json';
import deliveriesFr from '../deliveries/locales/fr.json';
import { templateName } from './template-name.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

/** A t() over one catalogue, with i18next's defaultValue. */
const tIn = (catalogue: object) =>
  ((key: string, options?: { defaultValue?: string }) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue) ?? options?.defaultValue ?? key) as unknown as TFunction;

describe('templateName', () => {
  it('names every template of the catalogue in both languages, in both areas that show them', () => {
    for (const template of VIDEO_TEMPLATES) {
      for (const [catalogue, table] of [
        [en, 'videos.template_names'],
        [fr, 'videos.template_names'],
        [deliveriesEn, 'deliveries.template_names'],
        [deliveriesFr, 'deliveries.template_names'],
      ] as const) {
        expect(tIn(catalogue)(`${table}.${template.id}`), `${table}.${template.id}`).not.toBe(`${table}.${template.id}`);
      }
    }
  });

  it('says a template by its id, or by the catalogue name a view carries; an unknown one as written', () => {
    expect(templateName(tIn(en), 'videos.template_names', { id: 3, name: 'Élégance' })).toBe(en.videos.template_names['3']);
    expect(templateName(tIn(en), 'videos.template_names', { name: 'Dynamique' })).toBe(en.videos.template_names['2']);
    expect(templateName(tIn(deliveriesEn), 'deliveries.template_names', { name: 'Classique' })).toBe(deliveriesEn.deliveries.template_names['1']);
    expect(templateName(tIn(fr), 'videos.template_names', { name: 'Classique' })).toBe('Classique');
    expect(templateName(tIn(en), 'videos.template_names', { name: '#9' })).toBe('#9');
    expect(templateName(tIn(en), 'videos.template_names', { id: 9, name: '#9' })).toBe('#9');
  });
});
