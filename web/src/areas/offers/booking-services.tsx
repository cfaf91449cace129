import { Checkbox, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isBookableExtra, requiredOffers } from '#shared/rules/booking-offers.ts';
import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import { languageOf } from '../../i18n/numbers.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { offerQueries } from './queries.ts';

// Used by the booking wizard (shootings area): the catalogue's texts come with it.
registerAreaCatalogues({ fr, en });

/**
 * The booking wizard's services, read from the catalogue (docs/decisions/0134): the offers the
 * booking includes, by their names, and the extra services the broker may add.
 */
export function BookingServices({ only360, isExistingListing, value, onChange }: { only360: boolean; isExistingListing: boolean; value: number[]; onChange: (ids: number[]) => void }) {
  const { t, i18n } = useTranslation();
  const offers = useQuery(offerQueries.serviceOffers());
  const all = offers.data ?? [];
  const name = (offer: (typeof all)[number]) => (languageOf(i18n.language) === 'fr' ? offer.display_name_fr : offer.display_name);
  const included = requiredOffers(only360).flatMap((id) => all.filter((offer) => offer.id === id));
  const extras = all.filter((offer) => isBookableExtra(offer, { only360, isExistingListing }));
  // An extra that no longer applies (e.g. the listing is no longer an existing one) leaves the choice.
  const kept = value.filter((id) => extras.some((offer) => offer.id === id));
  useEffect(() => {
    if (offers.isSuccess && kept.length !== value.length) onChange(kept);
  });
  if (!offers.isSuccess) return null;
  return (
    <Stack gap="xs" data-testid="booking-services">
      <Text size="sm">{t('offers.booking.included', { names: included.map(name).join(', ') })}</Text>
      {extras.length > 0 && (
        <Checkbox.Group label={t('offers.booking.extras')} value={kept.map(String)} onChange={(picked) => onChange(picked.map(Number))}>
          <Stack gap={4} mt={4}>
            {extras.map((offer) => (
              <Checkbox key={offer.id} value={String(offer.id)} label={name(offer)} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
