import { Badge, NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PICTURE_TYPES, pictureTypeOf, type PictureType } from '#shared/entities/picture-type.ts';
import { useAlert } from '../../app/alert-provider.tsx';
import { languageOf } from '../../i18n/format.ts';
import { reviewQueries, usePictureTypeMutation } from './queries.ts';

/**
 * The 'type' choice of the selection toolbar (§7 'assign pictures type', §9; ADR 0276): the three
 * types of the broker's subscription, applied to the selected pictures; bought pictures keep theirs.
 */
export function PictureTypeChoice({ listingId, selected, isPurchased }: { listingId: number; selected: ReadonlySet<number>; isPurchased: (id: number) => boolean }) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const types = useQuery(reviewQueries.pictureTypes(listingId));
  const assign = usePictureTypeMutation(listingId);
  const [value, setValue] = useState('');
  const apply = async (type: PictureType) => {
    const ids = [...selected];
    if (!types.data) return;
    if (ids.some(isPurchased)) return void showAlert({ title: t('review.not_allowed'), text: t('review.type.purchased_locked') });
    setValue(type);
    try {
      await assign.mutateAsync({ ids, serviceOfferId: types.data.choices[type] });
    } catch {
      await showAlert({ title: t('review.not_allowed'), text: t('review.action_failed') });
    } finally {
      setValue('');
    }
  };
  return (
    <NativeSelect
      size="xs"
      label={t('review.type.label')}
      value={value}
      disabled={!types.data || assign.isPending}
      onChange={(e) => e.currentTarget.value && void apply(e.currentTarget.value as PictureType)}
      data={[{ value: '', label: t('review.type.choose') }, ...PICTURE_TYPES.map((type) => ({ value: type, label: t(`review.type.${type}`) }))]}
    />
  );
}

/**
 * The picture's type as a badge (nothing while it has none): the service offer's name, as on the
 * grid's card (ADR 0305), or the type's word until the names are read.
 */
export function PictureTypeBadge({ listingId, serviceOfferId }: { listingId: number; serviceOfferId: number | null }) {
  const { t } = useTranslation();
  const names = usePictureTypeNames(listingId);
  const type = pictureTypeOf(serviceOfferId);
  if (!type || serviceOfferId === null) return null;
  return <Badge color="indigo" variant="light">{t('review.type.badge', { type: names.get(serviceOfferId) ?? t(`review.type.${type}`) })}</Badge>;
}

/**
 * The catalogue name of each picture-type service offer in the screen's language, from the one
 * getPictureTypes answer the screen reads (ADR 0305): what the grid's cards show, no query per card.
 */
export function usePictureTypeNames(listingId: number): ReadonlyMap<number, string> {
  const { i18n } = useTranslation();
  const lang = languageOf(i18n.language);
  const types = useQuery(reviewQueries.pictureTypes(listingId));
  return useMemo(() => new Map((types.data?.names ?? []).map((o) => [o.id, lang === 'fr' ? o.display_name_fr : o.display_name])), [types.data, lang]);
}
