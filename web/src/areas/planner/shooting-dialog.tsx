import { Alert, Button, Divider, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShootingAdminView } from '#shared/catalogue/shootings.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { useReturnFocusOnUnmount } from '../../app/use-focus-return.ts';
import { OutcomeAlert, type Outcome } from '../../app/outcome-alert.tsx';
import { formatDay } from '../../i18n/format.ts';
import { useSessionUser } from '../session/use-session.ts';
import { shootingDialogQueries } from './shooting-dialog-queries.ts';
import { AssignmentSection, BillingSection, CompletionSection, Fact, NotesSection, ServicesSection, personName } from './shooting-dialog-sections.tsx';
import { unitLabel } from '#shared/rules/unit-label.ts';

interface ShootingDialogProps {
  shootingId: number;
  opened: boolean;
  onClose: () => void;
}

/**
 * The shooting dialog (part 2 §7 'Planner and shootings', part 3 §4 'services and shootings
 * panel'): completion, saisie à la source, SD card, post-production technician, services, notes,
 * billing and invoice of one shooting. Opened from the planner's shooting cards; the review screen
 * reuses it with a shooting id. Each section offers the writes the caller's role may make and shows
 * the rest as text (a capture technician reads it all and writes nothing). Each write sends the version shown; when another dispatcher changed
 * the shooting meanwhile, the dialog says so and shows the shooting as it now is (docs/decisions/0180).
 */
export function ShootingDialog({ shootingId, opened, onClose }: ShootingDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  // Mounted while open only (DialogButton): unmounted as it closes, before Mantine's own return of the focus.
  useReturnFocusOnUnmount();
  return (
    <Modal opened={opened} onClose={onClose} size="lg" fullScreen={phone} title={t('shootingDialog.title', { id: shootingId })} closeButtonProps={{ 'aria-label': t('shootingDialog.close') }}>
      {opened && <ShootingDialogBody shootingId={shootingId} />}
    </Modal>
  );
}

function ShootingDialogBody({ shootingId }: { shootingId: number }) {
  const { t } = useTranslation();
  const role = useSessionUser()?.role;
  const query = useQuery(shootingDialogQueries.shooting(shootingId));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (query.isPending) return <DelayedLoader />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {t('shootingDialog.load_error')}
      </Alert>
    );
  const { data: view, pp_techs } = query.data;
  const props = { view, role, report: setOutcome };
  return (
    <Stack gap="md">
      <Summary view={view} />
      <OutcomeAlert outcome={outcome} />
      <Divider />
      <CompletionSection {...props} />
      <AssignmentSection key={`${view.sd_card}|${view.pp_tech?.id}`} {...props} ppTechs={pp_techs} />
      <ServicesSection {...props} />
      <NotesSection key={`${view.general_notes}|${view.tech_note}|${view.post_prod_notes}`} {...props} />
      <BillingSection {...props} />
    </Stack>
  );
}

function Summary({ view }: { view: ShootingAdminView }) {
  const { t, i18n } = useTranslation();
  const address = [view.listing.address, unitLabel(view.listing.app), view.listing.city].filter(Boolean).join(', ');
  return (
    <Stack gap={4}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {address}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4} verticalSpacing={2}>
        <Fact label={t('shootingDialog.date')} value={`${formatDay(view.scheduleddate, i18n.language)} (${t(view.am ? 'planner.am' : 'planner.pm')})`} />
        <Fact label={t('shootingDialog.broker')} value={personName(view.broker, '')} />
        <Fact label={t('shootingDialog.tech')} value={personName(view.tech, t('shootingDialog.none'))} />
        <Fact label={t('shootingDialog.rooms')} value={String(view.room_count)} />
        <Fact label={t('shootingDialog.listing_state')} value={t(`shootingDialog.listing_states.${view.listing.state_name}`)} />
      </SimpleGrid>
    </Stack>
  );
}

/** The button a shooting of the review screen carries: it opens the shooting dialog. */
export function ShootingDialogButton({ shootingId, address }: { shootingId: number; address: string }) {
  const { t } = useTranslation();
  return <DialogButton shootingId={shootingId} label={t('shootingDialog.open_label', { address })} text={t('shootingDialog.open')} />;
}

/**
 * The button and the dialog it opens, its texts given (the planner board's cards take them from
 * the board's `t`, docs/decisions/0340). With `className`, a plain button of that class (the
 * board's light cards, docs/decisions/0285).
 */
export function DialogButton({ shootingId, label, text, className }: { shootingId: number; label: string; text: string; className?: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      {className ? (
        <button type="button" className={className} aria-label={label} onClick={() => setOpened(true)}>
          {text}
        </button>
      ) : (
        <Button size="compact-xs" variant="subtle" aria-label={label} onClick={() => setOpened(true)}>
          {text}
        </Button>
      )}
      {/* Mounted while open only: a board shows hundreds of these buttons (docs/decisions/0265). */}
      {opened && <ShootingDialog shootingId={shootingId} opened onClose={() => setOpened(false)} />}
    </>
  );
}
