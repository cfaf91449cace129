import { Alert, Anchor, Badge, Button, Checkbox, Fieldset, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { listingFields, purgeListingCache, RECURRING_KEYS, updateListing, type ListingDetail } from '#shared/catalogue/listings.ts';
import { generateDeliveryToken } from '#shared/catalogue/deliveries.ts';
import { generateShootingInvoice, getShootingAdmin } from '#shared/catalogue/shootings.ts';
import { ListingState } from '#shared/enums.ts';
import { shownInHeadset } from '#shared/rules/listing-market.ts';
import { MLS_DIGITS_MESSAGE } from '#shared/rules/mls-number.ts';
import { checkRoute, pathOf, ROUTE } from '#shared/routes.ts';
import { UserNameLink } from '../../app/user-name-link.tsx';
import { useReturnFocusOnUnmount } from '../../app/use-focus-return.ts';
import { isApiError, mayCall } from '../../api/client.ts';
import { listingMessage, refusalMessage } from './messages.ts';
import { useAlert } from '../../app/alert-provider.tsx';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { localDateOf } from '#shared/rules/business-time.ts';
import { formatDay, formatDayShort, formatNumber, formatPercent } from '../../i18n/format.ts';
import { registerAreaCatalogues } from '../../i18n/area-catalogues.ts';
import plannerEn from '../planner/locales/en.json';
import plannerFr from '../planner/locales/fr.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { InvoiceButton, NotarizedInvoiceButton } from '../planner/invoice-button.tsx';
import { DialogButton } from '../planner/shooting-dialog.tsx';
import { useSessionUser } from '../session/use-session.ts';
import { listingQueries, useGenerateDeliveryTokenMutation, usePurgeListingCacheMutation, useSaveListingMutation } from './queries.ts';
import { VisitChart } from './visit-chart.tsx';
import { everyDay, lastMonthRange } from './visit-range.ts';
import { DayPickerInput } from '../../components/day-picker-input.tsx';

// The dialog opens from other areas too (the review queue loads it on demand): its texts come with it,
// and so do the planner's, for the shootings' row actions (the shooting dialog and the invoice).
registerAreaCatalogues({ fr: plannerFr, en: plannerEn });
registerAreaCatalogues({ fr, en });

/**
 * The listing admin dialog (part 3 screen 1), opened from a row of search, audit or review: the
 * listing's id and state, Review Photos, the delivery page link (and the virtual visit's when the
 * delivery page shows it), the button that generates or replaces the delivery link (part 3 §7,
 * for the roles of generateDeliveryToken), the cache purge beside it (part 3 §7, ADR 0550, for the roles
 * of purgeListingCache), the headset visibility banner,
 * expired and sold (sold reveals the sold and notary dates), the broker link, the collapsible
 * virtual-visit statistics, the editable fields and the listing's shootings. A sold listing needs
 * its MLS number, sold date and notary date (§5): the fields are highlighted and saving is blocked.
 */
export function ListingDialog({ listingId, onClose }: { listingId: number; onClose: () => void }) {
  const { t } = useTranslation();
  // Read afresh at each opening (another administrator may have changed it since); never while open.
  const listing = useQuery({ ...listingQueries.one(listingId), refetchOnMount: 'always' });
  // Both kept here: a save reloads the listing at its new version, which remounts the form below,
  // and a mutation observer unmounted before its call settles never runs the call's onSuccess.
  const save = useSaveListingMutation();
  const [saved, setSaved] = useState(false);
  // A new delivery link changes the listing's version too: the form it remounts keeps what was being typed.
  const generate = useGenerateDeliveryTokenMutation(listingId);
  const purge = usePurgeListingCacheMutation(listingId);
  const draft = useRef<Form | null>(null);
  // The pages unmount the dialog as it closes, before Mantine's own return of the focus.
  useReturnFocusOnUnmount();
  return (
    <Modal opened onClose={onClose} size="xl" title={t('listings.dialog.title', { id: listingId })} fullScreen={false}>
      {listing.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : listing.isError ? (
        <Alert color="red" role="alert">
          {t('listings.load_failed')}
        </Alert>
      ) : (
        <ListingForm key={listing.data.version} listing={listing.data} onClose={onClose} save={save} saved={saved} onSaved={setSaved} generate={generate} purge={purge} draft={draft} />
      )}
    </Modal>
  );
}

type Form = Pick<ListingDetail, 'civic_number' | 'street' | 'app' | 'city' | 'postalcode' | 'sold' | 'expired'> & { mls: string; date_sold: string | null; date_notarized: string | null };

type SaveListing = ReturnType<typeof useSaveListingMutation>;
type GenerateLink = ReturnType<typeof useGenerateDeliveryTokenMutation>;
type PurgeCache = ReturnType<typeof usePurgeListingCacheMutation>;

/** The public delivery page of a token (part 1), and the virtual-tour viewer of a listing. */
const deliveryPath = (token: string) => pathOf('delivery').replace('$token', encodeURIComponent(token));
const visitPath = (listingId: number) => pathOf('visit').replace('$listingId', String(listingId));

function ListingForm({
  listing,
  onClose,
  save,
  saved,
  onSaved: setSaved,
  generate,
  purge,
  draft,
}: {
  listing: ListingDetail;
  onClose: () => void;
  save: SaveListing;
  saved: boolean;
  onSaved: (saved: boolean) => void;
  generate: GenerateLink;
  purge: PurgeCache;
  draft: RefObject<Form | null>;
}) {
  const { t, i18n } = useTranslation();
  // Roles 10 and 12 search listings but may not open the review screen (part 3 §2): no button that would only send them home.
  const role = useSessionUser()?.role;
  const reviews = checkRoute(ROUTE.tech_review_listing.access, role) === 'allow';
  // Social media and sales staff consult the listing (part 1 §1): its fields read-only, no save.
  const edits = mayCall(updateListing, role);
  const readOnlyNote = useId();
  const [form, setForm] = useState<Form>(() => draft.current ?? { ...listing, mls: listing.mls ?? '' });
  const [tried, setTried] = useState(false);
  const [showStats, setShowStats] = useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setSaved(false);
    // A refusal of the server (the address cannot be located) is about what was sent: an edit clears it.
    if (save.isError) save.reset();
    const next = { ...form, [key]: value };
    draft.current = next;
    setForm(next);
  };
  const check = listingFields.safeParse(form);
  const errors: Record<string, string> = {};
  if (!check.success) for (const issue of check.error.issues) errors[String(issue.path[0])] ??= issue.message;
  // The MLS field has two messages (sold without one; not 6 to 10 digits): each its own text.
  const errorKey = (field: string) => (errors[field] === MLS_DIGITS_MESSAGE ? 'mls_digits' : field);
  // The server's field refusals (a 400 the form's own rules cannot foresee), in the reader's language.
  const refused = isApiError(save.error, 400) ? (save.error.fields ?? {}) : {};
  const shown = (field: string) =>
    tried && errors[field] ? t(`listings.dialog.error.${errorKey(field)}`, { defaultValue: errors[field] }) : refused[field]?.[0] ? listingMessage(t, refused[field][0]) : undefined;

  const submit = () => {
    setTried(true);
    if (!check.success) return;
    // Whatever the outcome, the listing reloads: the form shows what it holds then.
    draft.current = null;
    save.mutate({ id: listing.id, version: listing.version, fields: check.data }, { onSuccess: () => setSaved(true) });
  };

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text fw={700}>#{listing.id}</Text>
          <Badge variant="light">{t(`shootingDialog.listing_states.${listing.state_name}`)}</Badge>
        </Group>
        <Group gap="xs">
          {reviews && (
            <Button component={Link} to={pathOf('tech_review_listing').replace('$listingId', String(listing.id))} variant="light" size="xs">
              {t('listings.dialog.review_photos')}
            </Button>
          )}
          {listing.distribution_token && (
            <Button component="a" href={deliveryPath(listing.distribution_token)} target="_blank" rel="noopener" variant="default" size="xs">
              {t('listings.delivery_page')}
            </Button>
          )}
          {/* As the delivery page decides: its virtual tour is published (vr_ready). */}
          {listing.distribution_token && listing.state === ListingState.vr_ready && (
            <Button component="a" href={visitPath(listing.id)} target="_blank" rel="noopener" variant="default" size="xs">
              {t('listings.dialog.virtual_visit')}
            </Button>
          )}
          <DeliveryLinkButton listing={listing} generate={generate} />
          <PurgeCacheButton purge={purge} />
        </Group>
      </Group>
      <DeliveryLinkOutcome generate={generate} />
      <PurgeCacheOutcome purge={purge} />
      <Alert color={shownInHeadset(listing) ? 'green' : 'gray'} role="status" p="xs">
        {shownInHeadset(listing) ? t('listings.dialog.hmd_visible') : listing.state === ListingState.vr_ready ? t('listings.dialog.hmd_off_market') : t('listings.dialog.hmd_hidden')}
      </Alert>
      <Text>
        {t('listings.dialog.broker')}{' '}
        <UserNameLink userId={listing.broker.id}>
          {listing.broker.firstname} {listing.broker.lastname}
        </UserNameLink>{' '}
        · {t('listings.dialog.broker_id', { id: listing.broker.id })} · {t('listings.dialog.broker_code', { code: listing.broker.broker_code ?? '—' })}
      </Text>
      {!edits && (
        <Text size="sm" c="dimmed" id={readOnlyNote}>
          {t('listings.dialog.read_only')}
        </Text>
      )}
      {/* Read-only rather than disabled for those who consult: the values stay readable, focusable and copyable. */}
      <Fieldset variant="unstyled" aria-describedby={edits ? undefined : readOnlyNote}>
        <Stack>
          <Group>
            <Checkbox disabled={!edits} label={t('listings.dialog.expired')} checked={form.expired} onChange={(e) => set('expired', e.currentTarget.checked)} />
            <Checkbox disabled={!edits} label={t('listings.dialog.sold')} checked={form.sold} onChange={(e) => set('sold', e.currentTarget.checked)} />
          </Group>
          {form.sold && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DayPickerInput readOnly={!edits} label={t('listings.dialog.date_sold')} value={form.date_sold} onChange={(v) => set('date_sold', v)} clearable error={shown('date_sold')} />
              <DayPickerInput readOnly={!edits} label={t('listings.dialog.date_notarized')} value={form.date_notarized} onChange={(v) => set('date_notarized', v)} clearable error={shown('date_notarized')} />
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput readOnly={!edits} label={t('listings.dialog.mls')} value={form.mls} onChange={(e) => set('mls', e.currentTarget.value)} maxLength={40} error={shown('mls')} />
            <TextInput readOnly={!edits} label={t('listings.dialog.civic_number')} value={form.civic_number} onChange={(e) => set('civic_number', e.currentTarget.value)} maxLength={20} error={shown('civic_number')} />
            <TextInput readOnly={!edits} label={t('listings.dialog.street')} value={form.street} onChange={(e) => set('street', e.currentTarget.value)} maxLength={200} error={shown('street')} />
            <TextInput readOnly={!edits} label={t('listings.dialog.app')} value={form.app} onChange={(e) => set('app', e.currentTarget.value)} maxLength={40} />
            <TextInput readOnly={!edits} label={t('listings.dialog.city')} value={form.city} onChange={(e) => set('city', e.currentTarget.value)} maxLength={100} error={shown('city')} />
            <TextInput readOnly={!edits} label={t('listings.dialog.postalcode')} value={form.postalcode} onChange={(e) => set('postalcode', e.currentTarget.value)} maxLength={10} />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      {tried && !check.success && (
        <Alert color="red" role="alert">
          {t('listings.dialog.blocked')}
        </Alert>
      )}
      {save.isError && (
        <Alert color="red" role="alert">
          {isApiError(save.error, 409) ? t('listings.dialog.stale') : isApiError(save.error, 400) ? refusalMessage(t, save.error) : t('listings.dialog.save_failed')}
        </Alert>
      )}
      {saved && (
        <Alert color="green" role="status">
          {t('listings.dialog.saved')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('listings.dialog.close')}
        </Button>
        {edits && (
          <Button onClick={submit} loading={save.isPending}>
            {t('listings.dialog.save')}
          </Button>
        )}
      </Group>
      <ShootingsTable listing={listing} lng={i18n.language} />
      <Button variant="subtle" onClick={() => setShowStats((s) => !s)} aria-expanded={showStats} justify="flex-start">
        {showStats ? t('listings.stats.hide') : t('listings.stats.show')}
      </Button>
      {showStats && <ListingVisitStats listingId={listing.id} />}
    </Stack>
  );
}

/**
 * Generates the listing's delivery link, or replaces it after a confirmation (the old link answers
 * 404 from then on); for the roles of generateDeliveryToken only.
 */
function DeliveryLinkButton({ listing, generate }: { listing: ListingDetail; generate: GenerateLink }) {
  const { t } = useTranslation();
  const role = useSessionUser()?.role;
  const alert = useAlert();
  if (!mayCall(generateDeliveryToken, role)) return null;
  const replaces = listing.distribution_token !== null;
  const run = async () => {
    if (replaces && !(await alert({ title: t('listings.dialog.link.replace_title'), text: t('listings.dialog.link.replace_confirm'), okLabel: t('listings.dialog.link.replace'), cancel: true }))) return;
    generate.mutate(listing.distribution_token);
  };
  return (
    <Button variant="light" size="xs" onClick={() => void run()} loading={generate.isPending}>
      {replaces ? t('listings.dialog.link.replace') : t('listings.dialog.link.generate')}
    </Button>
  );
}

/** A dialog action's failure in red: the listing is gone (404), or the action failed. */
function ActionFailure({ error, area }: { error: unknown; area: 'link' | 'purge' }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" p="xs">
      {t(`listings.dialog.${area}.${isApiError(error, 404) ? 'not_found' : area === 'link' && isApiError(error, 409) ? 'changed' : 'failed'}`)}
    </Alert>
  );
}

/** The new delivery link once generated (in full, to copy), or why it could not be. */
function DeliveryLinkOutcome({ generate }: { generate: GenerateLink }) {
  const { t } = useTranslation();
  if (generate.isError) return <ActionFailure error={generate.error} area="link" />;
  if (!generate.isSuccess) return null;
  const url = new URL(deliveryPath(generate.data), window.location.origin).href;
  return (
    <Alert color="green" role="status" p="xs">
      {t('listings.dialog.link.created')}{' '}
      <Anchor href={url} target="_blank" rel="noopener" data-testid="new-delivery-link" style={{ overflowWrap: 'anywhere' }}>
        {url}
      </Anchor>
    </Alert>
  );
}

/** Part 3 §7 'purge listing cache', after a confirmation: the listing's cached ZIPs go, the searches read the index again. */
function PurgeCacheButton({ purge }: { purge: PurgeCache }) {
  const { t } = useTranslation();
  const role = useSessionUser()?.role;
  const alert = useAlert();
  if (!mayCall(purgeListingCache, role)) return null;
  const run = async () => {
    if (!(await alert({ title: t('listings.dialog.purge.confirm_title'), text: t('listings.dialog.purge.confirm'), okLabel: t('listings.dialog.purge.button'), cancel: true }))) return;
    purge.mutate();
  };
  return (
    <Button variant="default" size="xs" onClick={() => void run()} loading={purge.isPending}>
      {t('listings.dialog.purge.button')}
    </Button>
  );
}

/** How many cached files the purge deleted, or why it failed. */
function PurgeCacheOutcome({ purge }: { purge: PurgeCache }) {
  const { t, i18n } = useTranslation();
  if (purge.isError) return <ActionFailure error={purge.error} area="purge" />;
  if (!purge.isSuccess) return null;
  return (
    <Alert color="green" role="status" p="xs">
      {t('listings.dialog.purge.done', { count: purge.data, formatted: formatNumber(purge.data, i18n.language) })}
    </Alert>
  );
}

/** The listing's shootings; a row's actions are the planner's shooting dialog and the invoice, for the roles that may call them. */
function ShootingsTable({ listing, lng }: { listing: ListingDetail; lng: string }) {
  const { t } = useTranslation();
  const role = useSessionUser()?.role;
  const opens = mayCall(getShootingAdmin, role);
  const invoices = mayCall(generateShootingInvoice, role);
  if (!listing.shootings.length) return <Text c="dimmed">{t('listings.dialog.no_shootings')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table>
        <Table.Caption>{t('listings.dialog.shootings')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('listings.col.id')}</Table.Th>
            <Table.Th>{t('listings.dialog.date')}</Table.Th>
            <Table.Th>{t('listings.dialog.shooting_state')}</Table.Th>
            <Table.Th>{t('listings.dialog.tech')}</Table.Th>
            {(opens || invoices) && <Table.Th>{t('listings.dialog.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {listing.shootings.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{s.id}</Table.Td>
              <Table.Td>
                {formatDay(s.scheduleddate, lng)} {s.am ? t('listings.dialog.am') : t('listings.dialog.pm')}
              </Table.Td>
              <Table.Td>{t(`listings.shooting_state.${s.state}`, { defaultValue: String(s.state) })}</Table.Td>
              <Table.Td>{s.tech ? <UserNameLink userId={s.tech.id}>{`${s.tech.firstname} ${s.tech.lastname}`.trim() || `#${s.tech.id}`}</UserNameLink> : '—'}</Table.Td>
              {(opens || invoices) && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {opens && <DialogButton shootingId={s.id} label={t('shootingDialog.open_of', { id: s.id })} text={t('shootingDialog.open')} />}
                    {invoices && <InvoiceButton shootingId={s.id} />}
                    {/* Payable at the notary: a sold listing with its notary date (ADR 0555). */}
                    {invoices && listing.sold && listing.date_notarized && <NotarizedInvoiceButton shootingId={s.id} />}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The dialog's collapsible virtual-visit statistics: date range, visitors and visits per day, recurring visits. */
function ListingVisitStats({ listingId }: { listingId: number }) {
  const { t, i18n } = useTranslation();
  // Visits are counted by Quebec day: the last month ends on Quebec's today, wherever the browser is.
  const [range, setRange] = useState(() => lastMonthRange(localDateOf(Date.now())));
  const stats = useQuery(listingQueries.visits(listingId, range.from, range.to));
  const calendar = useMemo(() => everyDay(stats.data?.days ?? [], range, { visitor: 0, session: 0, views: 0, photos: 0, seconds: 0 }), [stats.data, range]);
  const day = (d: string) => ({ label: formatDay(d, i18n.language), tick: formatDayShort(d, i18n.language) });
  return (
    <Stack>
      <Group>
        <DayPickerInput label={t('listings.stats.from')} value={range.from} onChange={(v) => v && setRange((r) => ({ ...r, from: v }))} w={160} />
        <DayPickerInput label={t('listings.stats.to')} value={range.to} onChange={(v) => v && setRange((r) => ({ ...r, to: v }))} w={160} />
      </Group>
      {stats.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : stats.isError ? (
        <Alert color="red" role="alert">
          {isApiError(stats.error, 400) ? refusalMessage(t, stats.error) : t('listings.load_failed')}
        </Alert>
      ) : (
        <>
          <Text data-testid="visit-totals">
            {t('listings.stats.totals', {
              visitors: formatNumber(stats.data.totals.visitor, i18n.language),
              visits: formatNumber(stats.data.totals.session, i18n.language),
              completed: formatPercent(stats.data.totals.completed, i18n.language),
              minutes: formatNumber(stats.data.totals.average_minutes, i18n.language, { maximumFractionDigits: 1 }),
            })}
          </Text>
          {stats.data.days.length === 0 ? (
            <Text>{t('listings.no_data')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <VisitChart title={t('listings.stats.visitors')} points={calendar.map((d) => ({ ...day(d.date), value: d.visitor }))} color="--mantine-color-blue-7" lng={i18n.language} columns={[t('listings.dialog.date'), t('listings.stats.visitors')]} />
              <VisitChart title={t('listings.stats.visits')} points={calendar.map((d) => ({ ...day(d.date), value: d.session }))} color="--mantine-color-teal-8" lng={i18n.language} columns={[t('listings.dialog.date'), t('listings.stats.visits')]} />
            </SimpleGrid>
          )}
          <Table maw={360}>
            <Table.Caption>{t('listings.stats.recurring')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('listings.stats.times')}</Table.Th>
                <Table.Th>{t('listings.stats.visitors')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.data.recurring.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td>{r.key === RECURRING_KEYS[4] ? t('listings.stats.five_and_more') : r.key}</Table.Td>
                  <Table.Td>{formatNumber(r.visitors, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
