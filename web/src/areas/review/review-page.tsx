import { Alert, Anchor, Button, Card, Group, NativeSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutputOf } from '#shared/catalogue/operation.ts';
import { SLIDESHOW_MAX, SLIDESHOW_SUGGESTED, type getListingPictures, type ReviewPicture } from '#shared/catalogue/review.ts';
import { ShootingState } from '#shared/enums.ts';
import { pathOf } from '#shared/routes.ts';
import { UserNameLink } from '../../app/user-name-link.tsx';
import { isApiError } from '../../api/client.ts';
import { useAlert } from '../../app/alert-provider.tsx';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatDay } from '../../i18n/format.ts';
import { ShootingDialogButton } from '../planner/shooting-dialog.tsx';
import { AutomatedVideosPanel } from '../videos/index.ts';
import { COLUMN_CHOICES, PictureGrid } from './picture-grid.tsx';
import { FloorplanPanel } from './floorplan-panel.tsx';
import { reviewRefusal } from './messages.ts';
import { PictureDialog } from './picture-dialog.tsx';
import { PictureTypeChoice, usePictureTypeNames } from './picture-type.tsx';
import {
  changedPositions,
  matchesFilter,
  nextUnseen,
  REVIEW_FILTERS,
  reviewQueries,
  useMediaEmailMutation,
  usePictureFlagMutation,
  usePublishMutation,
  useRetouchMutation,
  useSaveOrderMutation,
  type PictureFlag,
  type ReviewFilter,
} from './queries.ts';

/** Part 3 §8: a publish failure is only logged, no user message. */
const publishFailed = (error: unknown) => console.error('publish failed', error);

/**
 * /tech_review/{listing_id} (part 3 screen 5, §4, §5): the listing's pictures in a virtualized
 * grid of 1–12 columns (default 3), filters, counters, multi-select and the actions on the
 * selection, the full-size dialog (validate / retouch, comments), ordering (only without a
 * filter), the shootings panel, the automated-videos panel, publish and the send-to-broker flow.
 */
export function ReviewPage() {
  const { t } = useTranslation();
  // The route lets only an id of digits in (router.tsx, PARAM_PATTERNS).
  const { listingId } = useParams({ strict: false }) as { listingId: string };
  const data = useQuery(reviewQueries.listing(Number(listingId)));
  if (data.isPending) return <DelayedLoader label={t('common.loading')} />;
  if (data.isError)
    return (
      <Alert color="red" role="alert">
        {/* Part 3 §8: the error after the spec's words; an unknown listing in the reader's language. */}
        {t('review.load_failed', { error: isApiError(data.error, 404) ? t('review.no_listing') : data.error.message })}
      </Alert>
    );
  return <ReviewScreen data={data.data} />;
}

type Data = OutputOf<typeof getListingPictures>;

function ReviewScreen({ data }: { data: Data }) {
  const { t, i18n } = useTranslation();
  const showAlert = useAlert();
  const navigate = useNavigate();
  const { listing, shootings } = data;
  const [columns, setColumns] = useState(3);
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [openId, setOpenId] = useState<number | null>(null);
  const [tally, setTally] = useState({ validated: 0, retouch: 0 });
  const [summary, setSummary] = useState<{ validated: number; retouch: number } | null>(null);
  const [order, setOrder] = useState<number[] | null>(null);
  const flags = usePictureFlagMutation(listing.id);
  const saveOrder = useSaveOrderMutation(listing.id);
  const retouch = useRetouchMutation();
  const publish = usePublishMutation();
  const mediaEmail = useMediaEmailMutation();

  const typeNames = usePictureTypeNames(listing.id);
  const byId = useMemo(() => new Map(data.pictures.map((p) => [p.id, p])), [data.pictures]);
  const ordered = useMemo(() => (order ? order.map((pid) => byId.get(pid)).filter((p): p is ReviewPicture => !!p) : data.pictures), [order, byId, data.pictures]);
  const numbers = useMemo(() => new Map(ordered.map((p, i) => [p.id, i + 1])), [ordered]);
  const numberOf = useCallback((pid: number) => numbers.get(pid) ?? 0, [numbers]);
  const shown = useMemo(() => ordered.filter((p) => matchesFilter(p, filter)), [ordered, filter]);
  const counts = useMemo(
    () => ({
      public: data.pictures.filter((p) => p.public).length,
      private: data.pictures.filter((p) => !p.public).length,
      watermarked: data.pictures.filter((p) => p.show_watermark).length,
      slideshow: data.pictures.filter((p) => p.included_in_video).length,
    }),
    [data.pictures],
  );
  const last = shootings.find((s) => s.id === data.last_shooting_id);
  const inRetouch = last?.state === ShootingState.retouch;
  const toggle = useCallback((pid: number) => setSelected((s) => (s.has(pid) ? new Set([...s].filter((x) => x !== pid)) : new Set([...s, pid]))), []);
  const onFilteredOrder = useCallback(() => void showAlert({ title: t('review.order_title'), text: t('review.order_filtered') }), [showAlert, t]);
  const pending = order ? changedPositions(data.pictures, order) : [];

  const applyFlag = async (flag: PictureFlag, value: boolean) => {
    const ids = [...selected];
    // A bought picture keeps its visibility and gets no watermark (§5); taking a watermark off stays possible.
    const locked = ids.some((pid) => byId.get(pid)?.is_purchased) && flag !== 'included_in_video' && !(flag === 'show_watermark' && !value);
    if (locked) return void showAlert({ title: t('review.not_allowed'), text: t('review.purchased_locked') });
    if (flag === 'show_watermark' && value && ids.some((pid) => !byId.get(pid)?.public)) return void showAlert({ title: t('review.not_allowed'), text: t('review.watermark_public_only') });
    const slideshowAfter = new Set([...data.pictures.filter((p) => p.included_in_video).map((p) => p.id), ...ids]).size;
    const full = () => showAlert({ title: t('review.not_allowed'), text: t('review.slideshow_full', { max: SLIDESHOW_MAX, count: slideshowAfter }) });
    if (flag === 'included_in_video' && value && slideshowAfter > SLIDESHOW_MAX) return void full();
    try {
      await flags.mutateAsync({ flag, ids, value });
    } catch (error) {
      await (isApiError(error, 422) && flag === 'included_in_video' ? full() : showAlert({ title: t('review.not_allowed'), text: t('review.action_failed') }));
    }
  };

  const decided = (decision: 'validated' | 'retouch') => {
    const next = { ...tally, [decision]: tally[decision] + 1 };
    setTally(next);
    // §4: after validating, the dialog moves to the next unseen picture (a picture sent to retouch stays open, its comments in view).
    if (decision === 'retouch') return;
    const after = openId === null ? undefined : nextUnseen(ordered.map((p) => (p.id === openId ? { ...p, is_validated: decision === 'validated' } : p)), openId);
    if (after === undefined) {
      setOpenId(null);
      setSummary(next);
      setTally({ validated: 0, retouch: 0 });
    } else setOpenId(after);
  };

  const sendRetouch = async () => {
    if (!last) return;
    if (!data.pictures.some((p) => p.shooting_id === last.id && p.is_validated === false)) return void showAlert({ title: t('review.retouch_title'), text: t('review.retouch_needs_picture') });
    if (!(await showAlert({ title: t('review.retouch_title'), text: t('review.retouch_confirm'), cancel: true }))) return;
    try {
      await retouch.mutateAsync(last.id);
    } catch (error) {
      return void showAlert({ title: t('review.retouch_title'), text: reviewRefusal(t, 'retouch', error) });
    }
    await navigate({ to: pathOf('tech_review') });
  };

  const sendToBroker = async () => {
    if (!listing.tour_public && (await showAlert({ title: t('review.broker_title'), text: t('review.publish_prompt'), okLabel: t('review.yes'), cancel: t('review.no') }))) {
      await publish.mutateAsync(listing.id).catch(publishFailed);
    }
    if (data.pictures.length >= SLIDESHOW_SUGGESTED && counts.slideshow < SLIDESHOW_SUGGESTED) {
      if (!(await showAlert({ title: t('review.broker_title'), text: t('review.slideshow_prompt', { count: counts.slideshow, suggested: SLIDESHOW_SUGGESTED }), cancel: true }))) return;
    }
    const unvalidated = data.pictures.filter((p) => p.is_validated === null).length;
    const toRetouch = data.pictures.filter((p) => p.is_validated === false).length;
    if (!(await showAlert({ title: t('review.broker_title'), text: t('review.counts_confirm', { unvalidated, retouch: toRetouch }), cancel: true }))) return;
    if (!(await showAlert({ title: t('review.broker_title'), text: t('review.quality_confirm'), cancel: true }))) return;
    try {
      await mediaEmail.mutateAsync(listing.id);
    } catch (error) {
      return void showAlert({ title: t('review.broker_title'), text: reviewRefusal(t, 'broker', error) });
    }
    await navigate({ to: pathOf('tech_review') });
  };

  // A refused order is said (the moves stay, to save again or to reload).
  const saveOrderNow = async () => {
    try {
      await saveOrder.mutateAsync(pending);
    } catch (error) {
      return void showAlert({ title: t('review.order_title'), text: reviewRefusal(t, 'order', error) });
    }
    setOrder(null);
  };

  const open = openId === null ? undefined : byId.get(openId);
  const closePicture = () => setOpenId(null);
  // The dialog, unmounted as it closes, gives the focus back to the tile of the picture it showed last (it may have moved on from the one opened).
  const shownTile = (n: number) => () => document.querySelector<HTMLElement>(`[data-picture="${n}"] button`);
  return (
    <Stack>
      <Anchor component={Link} to={pathOf('listings')}>
        {t('review.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>
            {listing.address}
            {listing.app ? `, ${listing.app}` : ''}, {listing.city}
          </Title>
          <Text>
            {t('review.broker')}{' '}
            <UserNameLink userId={listing.broker.id}>
              {listing.broker.firstname} {listing.broker.lastname}
            </UserNameLink>
          </Text>
        </div>
        <Group>
          <Button variant={listing.tour_public ? 'filled' : 'outline'} color="teal" disabled={listing.tour_public} loading={publish.isPending} onClick={() => void publish.mutateAsync(listing.id).catch(publishFailed)}>
            {listing.tour_public ? t('review.tour_public') : t('review.tour_private')}
          </Button>
          {last && (
            <Button variant={inRetouch ? 'filled' : 'outline'} color="red" disabled={inRetouch} loading={retouch.isPending} onClick={() => void sendRetouch()}>
              {inRetouch ? t('review.in_retouch') : t('review.send_retouch')}
            </Button>
          )}
          <Button loading={mediaEmail.isPending} onClick={() => void sendToBroker()}>
            {t('review.send_broker')}
          </Button>
        </Group>
      </Group>

      <Card withBorder>
        <Title order={2} size="h4">
          {t('review.shootings')}
        </Title>
        <Stack gap={4} mt="xs">
          {shootings.map((s) => (
            <Group key={s.id} gap="xs" wrap="wrap">
              <Text>
                #{s.id} · {formatDay(s.scheduleddate, i18n.language)} · {t(`review.state.${s.state}`, { defaultValue: String(s.state) })}
              </Text>
              {s.tech && (
                <Text>
                  {t('review.photographer')}{' '}
                  <UserNameLink userId={s.tech.id}>
                    {s.tech.firstname} {s.tech.lastname}
                  </UserNameLink>
                </Text>
              )}
              {s.pp_tech && (
                <Text>
                  {t('review.pp_tech')}{' '}
                  <UserNameLink userId={s.pp_tech.id}>
                    {s.pp_tech.firstname} {s.pp_tech.lastname}
                  </UserNameLink>
                </Text>
              )}
              {/* Every reader of this screen (REVIEWERS) reads the shooting dialog (getShootingAdmin); each section offers only the role's writes. */}
              <ShootingDialogButton shootingId={s.id} address={listing.address} />
            </Group>
          ))}
        </Stack>
      </Card>

      <Group gap="md" role="status" aria-label={t('review.counters')}>
        <Text>{t('review.count.public', { count: counts.public })}</Text>
        <Text>{t('review.count.private', { count: counts.private })}</Text>
        <Text>{t('review.count.watermarked', { count: counts.watermarked })}</Text>
        <Text>{t('review.count.slideshow', { count: counts.slideshow })}</Text>
      </Group>

      {summary && (
        <Alert color="green" title={t('review.done_title')} withCloseButton onClose={() => setSummary(null)} closeButtonLabel={t('review.close')}>
          {t('review.done_text', { validated: summary.validated, retouch: summary.retouch })}
        </Alert>
      )}

      <Group align="flex-end" wrap="wrap">
        <div>
          <Text size="sm" id="review-columns">
            {t('review.columns')}
          </Text>
          <SegmentedControl aria-labelledby="review-columns" value={String(columns)} onChange={(v) => setColumns(Number(v))} data={COLUMN_CHOICES.map((n) => ({ value: String(n), label: String(n) }))} />
        </div>
        <NativeSelect label={t('review.filter')} value={filter} onChange={(e) => setFilter(e.currentTarget.value as ReviewFilter)} data={REVIEW_FILTERS.map((f) => ({ value: f, label: t(`review.filters.${f}`) }))} />
        <Button variant="default" onClick={() => setSelected(new Set(shown.map((p) => p.id)))}>
          {t('review.select_all')}
        </Button>
        {pending.length > 0 && (
          <Button color="blue" loading={saveOrder.isPending} onClick={() => void saveOrderNow()}>
            {t('review.save_order', { count: pending.length })}
          </Button>
        )}
      </Group>

      {selected.size > 0 && (
        <Card withBorder>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{t('review.selected', { count: selected.size })}</Text>
            <Button size="xs" variant="default" onClick={() => void applyFlag('public', true)}>
              {t('review.make_public')}
            </Button>
            <Button size="xs" variant="default" onClick={() => void applyFlag('public', false)}>
              {t('review.make_private')}
            </Button>
            <Button size="xs" variant="default" onClick={() => void applyFlag('show_watermark', true)}>
              {t('review.watermark_on')}
            </Button>
            <Button size="xs" variant="default" onClick={() => void applyFlag('show_watermark', false)}>
              {t('review.watermark_off')}
            </Button>
            <Button size="xs" variant="default" onClick={() => void applyFlag('included_in_video', true)}>
              {t('review.slideshow_add')}
            </Button>
            <Button size="xs" variant="default" onClick={() => void applyFlag('included_in_video', false)}>
              {t('review.slideshow_remove')}
            </Button>
            <PictureTypeChoice listingId={listing.id} selected={selected} isPurchased={(pid) => !!byId.get(pid)?.is_purchased} />
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
              {t('review.clear_selection')}
            </Button>
          </Group>
        </Card>
      )}

      {shown.length === 0 ? (
        <Text>{filter === 'all' ? t('review.no_pictures') : t('review.no_pictures_filtered')}</Text>
      ) : (
        <PictureGrid
          pictures={shown}
          numberOf={numberOf}
          columns={columns}
          selected={selected}
          onToggle={toggle}
          onOpen={setOpenId}
          filtered={filter !== 'all'}
          onFilteredOrder={onFilteredOrder}
          onReorder={setOrder}
          typeNames={typeNames}
        />
      )}

      <FloorplanPanel listingId={listing.id} />

      <AutomatedVideosPanel listingId={listing.id} />

      {open && (
        <PictureDialog
          listingId={listing.id}
          picture={open}
          number={numberOf(open.id)}
          total={ordered.length}
          onClose={closePicture}
          onDecided={decided}
          returnFocusTo={shownTile(numberOf(open.id))}
        />
      )}
    </Stack>
  );
}
