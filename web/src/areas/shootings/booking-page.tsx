import { Alert, Anchor, Autocomplete, Button, Checkbox, Group, NumberInput, Paper, SegmentedControl, Stack, Stepper, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKING_MAX_LENGTH, POSTAL_CODE_MIN_LENGTH, createShooting, geocodeAddress, validateShootingCity, type BrokerChoice } from '#shared/catalogue/shootings.ts';
import { isAdminLevel } from '#shared/roles.ts';
import { estimateServiceHours } from '#shared/rules/service-time.ts';
import { callOperation, isApiError, mayCall } from '../../api/client.ts';
import { SlotPicker, type SlotChoice } from './slot-picker.tsx';
import { formatHours, languageOf } from '../../i18n/format.ts';
import { useSessionUser } from '../session/use-session.ts';
import { BookingServices } from '../offers/booking-services.tsx';
import { BrokerPicker } from './broker-picker.tsx';
import { DEFAULTS, propertyIsValid, type Property } from './booking-form.ts';
import { locationQueries } from '../../app/location-queries.ts';
import { useBookShooting } from './queries.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { RoleNotice } from '../../app/role-notice.tsx';
import { unitLabel } from '#shared/rules/unit-label.ts';

type CityCheck = 'idle' | 'checking' | 'supported' | 'unsupported' | 'failed';

/**
 * /shooting/add, part 1 §2.5, §4, §5, §9: property (step 0), time frame (step 1), confirmation
 * (step 2). The route is open to any logged-in user (ADR 0004); a role that may not book reads so at
 * once instead of filling both steps for a refusal at the end.
 */
export function BookingPage() {
  const { t } = useTranslation();
  const role = useSessionUser()?.role;
  if (!mayCall(createShooting, role)) return <RoleNotice title={t('route.shooting_add')} text={t('shootings.booking_not_for_role')} />;
  return <BookingWizard />;
}

/** The wizard itself. The booking call fires on reaching the confirmation; a failure returns to the time frame with bookshooting.error. */
function BookingWizard() {
  const { t, i18n } = useTranslation();
  const role = useSessionUser()?.role;
  // Admin levels book for a broker they pick; the booking is the broker's (docs/decisions/0117).
  const forBroker = role !== undefined && isAdminLevel(role);
  const [broker, setBroker] = useState<BrokerChoice | null>(null);
  const [step, setStep] = useState(0);
  const [p, setP] = useState<Property>(DEFAULTS);
  const [position, setPosition] = useState<{ lat: number; lng: number; city: string; approximate: boolean } | null>(null);
  const [city, setCity] = useState<CityCheck>('idle');
  const [slot, setSlot] = useState<SlotChoice | null>(null);
  const [extras, setExtras] = useState<number[]>([]);
  const [bookingFailed, setBookingFailed] = useState(false);
  const [typed] = useDebouncedValue(p.address, 250);
  const language = languageOf(i18n.language);
  const suggestions = useQuery(locationQueries.suggestions(position ? '' : typed, language));
  const options = suggestions.data?.suggestions ?? [];

  // The slot is chosen for this property at this position (part 1 §2.5, §5): a change of either, or Back, clears it, so Book waits for a new choice.
  const set = <K extends keyof Property>(key: K, value: Property[K]) => {
    setP((old) => ({ ...old, [key]: value }));
    setSlot(null);
  };

  const checkCity = async (name: string, at: { lat: number; lng: number } | null) => {
    if (!name.trim()) return setCity('idle');
    setCity('checking');
    try {
      await callOperation(validateShootingCity, { city: name, ...(at ?? {}) });
      setCity('supported');
    } catch (error) {
      // Only the server's 422 says the city is outside the zones; a failed check says so and is tried again on the next change.
      setCity(isApiError(error, 422) ? 'unsupported' : 'failed');
    }
  };

  const pick = async (label: string) => {
    const option = options.find((o) => o.text === label);
    if (!option) return;
    try {
      const place = await callOperation(geocodeAddress, { place_id: option.place_id });
      const at = { lat: place.lat, lng: place.lng };
      setP((old) => ({ ...old, address: place.address || label, city: place.city, postalcode: place.postalcode || old.postalcode }));
      setPosition({ ...at, city: place.city, approximate: place.approximate });
      setSlot(null);
      await checkCity(place.city, at);
    } catch {
      setPosition(null);
      setSlot(null);
    }
  };

  const booking = useBookShooting({
    onError: () => {
      setBookingFailed(true);
      setSlot(null);
      setStep(1);
    },
  });

  const step0Ready = position !== null && city === 'supported' && propertyIsValid(p) && (!forBroker || broker !== null);
  const fullAddress = [p.address, unitLabel(p.app), p.city, p.postalcode].filter(Boolean).join(', ');
  const only360 = p.is_existing_listing && p.only_360;
  const serviceTime = formatHours(estimateServiceHours({ roomCount: p.room_count, isHouse: p.is_house, only360 }), language);

  const book = () => {
    setBookingFailed(false);
    setStep(2);
    booking.mutate({
      ...p,
      only_360: p.is_existing_listing && p.only_360,
      scheduleddate: slot!.date_in_ts,
      is_am: slot!.is_am,
      lat: position!.lat,
      lng: position!.lng,
      ...(forBroker && broker ? { broker_id: broker.id } : {}),
      extra_service_offers: extras,
    });
  };

  return (
    <Stack maw={900}>
      <Title order={1}>{t('route.shooting_add')}</Title>
      <Stepper active={step} allowNextStepsSelect={false}>
        <Stepper.Step label={t('shootings.step_property')}>
          <Stack mt="md">
            {forBroker && <BrokerPicker value={broker} onChange={setBroker} />}
            <Autocomplete
              label={t('shootings.address')}
              maxLength={BOOKING_MAX_LENGTH.address}
              required
              value={p.address}
              data={options.map((o) => o.text)}
              filter={({ options: all }) => all}
              rightSection={suggestions.isFetching ? <DelayedLoader inline size="xs" /> : null}
              onChange={(value) => {
                set('address', value);
                if (position) {
                  setPosition(null);
                  setCity('idle');
                }
              }}
              onOptionSubmit={(value) => void pick(value)}
              description={t('shootings.address_help')}
            />
            {/* The offline gazetteer places an address at its municipality (docs/decisions/0082); nothing found: say what to do. */}
            {position?.approximate && (
              <Text size="sm" role="status" data-testid="position-approximate">
                {t('shootings.position_approximate', { city: position.city })}
              </Text>
            )}
            {!position && typed.trim().length >= 3 && suggestions.isSuccess && !suggestions.isFetching && options.length === 0 && (
              <Alert color="orange" role="status" data-testid="address-not-found">
                {t('shootings.address_not_found')}
              </Alert>
            )}
            <Group grow>
              <TextInput label={t('shootings.app')} maxLength={BOOKING_MAX_LENGTH.app} value={p.app} onChange={(e) => set('app', e.currentTarget.value)} />
              <TextInput
                label={t('shootings.city')}
                maxLength={BOOKING_MAX_LENGTH.city}
                required
                value={p.city}
                onChange={(e) => {
                  set('city', e.currentTarget.value);
                  setCity('idle');
                }}
                onBlur={() => {
                  // The picked address's position decides while the city is the geocoded one; a typed city is checked by name.
                  if (city === 'idle' || city === 'failed') void checkCity(p.city, position && position.city === p.city ? { lat: position.lat, lng: position.lng } : null);
                }}
                rightSection={city === 'checking' ? <DelayedLoader inline size="xs" /> : null}
                error={city === 'unsupported' ? t('bookshooting.city_not_supported') : city === 'failed' ? t('bookshooting.city_check_failed') : undefined}
              />
              <TextInput
                label={t('shootings.postalcode')}
                maxLength={BOOKING_MAX_LENGTH.postalcode}
                required
                value={p.postalcode}
                onChange={(e) => set('postalcode', e.currentTarget.value)}
                description={t('shootings.postalcode_help', { count: POSTAL_CODE_MIN_LENGTH })}
              />
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="house-label">
                {t('shootings.property_type')}
              </Text>
              <SegmentedControl
                aria-labelledby="house-label"
                value={p.is_house ? 'house' : 'other'}
                onChange={(v) => set('is_house', v === 'house')}
                data={[
                  { value: 'house', label: t('shootings.house') },
                  { value: 'other', label: t('shootings.other') },
                ]}
              />
            </Stack>
            <NumberInput
              label={t('shootings.room_count')}
              description={t('shootings.room_count_help')}
              min={0}
              max={100}
              allowDecimal={false}
              value={p.room_count}
              onChange={(v) => set('room_count', typeof v === 'number' ? v : Number(v) || 0)}
            />
            <Checkbox label={t('shootings.existing_listing')} checked={p.is_existing_listing} onChange={(e) => set('is_existing_listing', e.currentTarget.checked)} />
            {p.is_existing_listing && <Checkbox label={t('shootings.only_360')} checked={p.only_360} onChange={(e) => set('only_360', e.currentTarget.checked)} />}
            <BookingServices only360={only360} isExistingListing={p.is_existing_listing} value={extras} onChange={setExtras} />
            <Textarea label={t('shootings.note')} maxLength={BOOKING_MAX_LENGTH.note} value={p.note} onChange={(e) => set('note', e.currentTarget.value)} autosize minRows={2} />
            <Text data-testid="service-time">{t('shootings.service_time', { time: serviceTime })}</Text>
            <Group justify="space-between">
              <Button variant="default" component={Link} to="/shooting">
                {t('shootings.back')}
              </Button>
              <Button onClick={() => setStep(1)} disabled={!step0Ready}>
                {t('shootings.next')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('shootings.step_time')}>
          <Stack mt="md">
            {bookingFailed && (
              <Alert color="red" role="alert">
                {t('bookshooting.error')}
              </Alert>
            )}
            <Paper withBorder p="sm" data-testid="booking-reminder">
              <Text size="sm" fw={600}>
                {t('shootings.booking_for_address')}
              </Text>
              <Text>{fullAddress}</Text>
              {forBroker && broker && <Text size="sm">{t('shootings.booking_for_broker', { name: `${broker.firstname} ${broker.lastname}` })}</Text>}
              <Text size="sm">{t('shootings.service_time', { time: serviceTime })}</Text>
            </Paper>
            {position && (
              <SlotPicker
                property={{ address: p.address, is_house: p.is_house, room_count: p.room_count, only_360: only360, is_existing_listing: p.is_existing_listing, lat: position.lat, lng: position.lng }}
                value={slot}
                onChange={setSlot}
              />
            )}
            <Group justify="space-between">
              <Button
                variant="default"
                onClick={() => {
                  setSlot(null);
                  setStep(0);
                }}
              >
                {t('shootings.back')}
              </Button>
              <Button onClick={book} disabled={!slot}>
                {t('shootings.book')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          <Stack mt="md" align="flex-start">
            {booking.isPending || booking.isIdle ? (
              <Group>
                <DelayedLoader inline size="sm" />
                <Text>{t('shootings.booking')}</Text>
              </Group>
            ) : booking.isSuccess ? (
              <>
                <Text fw={500}>{t('bookshooting.thank_you')}</Text>
                <Anchor component={Link} to="/shooting">
                  {t('shootings.back_to_list')}
                </Anchor>
              </>
            ) : null}
          </Stack>
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
}
