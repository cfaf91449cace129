import { Badge, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addServiceToShooting,
  assignPostProdTech,
  assignSDCard,
  billShooting,
  generateShootingInvoice,
  setShootingNotes,
  updateShootingCompletion,
  updateShootingNote,
  updateShootingSaisieSource,
  type ShootingAdminView,
} from '#shared/catalogue/shootings.ts';
import { mayCall } from '../../api/client.ts';
import { useAlert } from '../../app/alert-provider.tsx';
import type { Outcome } from '../../app/outcome-alert.tsx';
import { said } from '../../i18n/said.ts';
import { formatMoney } from '../../i18n/format.ts';
import { openInvoice } from './shooting-dialog-invoice.ts';
import {
  isStale,
  shootingDialogQueries,
  useAddServiceMutation,
  useBillMutation,
  useCompletionMutation,
  useGeneralNoteMutation,
  useInvoiceMutation,
  useNotesMutation,
  usePostProdMutation,
  useSaisieSourceMutation,
  useSdCardMutation,
} from './shooting-dialog-queries.ts';

/** What every section of the shooting dialog gets: the shooting, the caller's role, and where to report a write's outcome. */
export interface SectionProps {
  view: ShootingAdminView;
  role: number | undefined;
  report: (outcome: Outcome) => void;
}

type Person = { firstname: string; lastname: string } | null;
export const personName = (p: Person, none: string) => (p ? `${p.firstname} ${p.lastname}`.trim() : none);

/** The reactions of a write: its success text, the stale text on 409 (the dialog reloads), else `failure` (default: the spec's edit failure). */
function reactionsOf(report: SectionProps['report'], success: string, failure = 'shootingDialog.error') {
  return {
    onSuccess: () => report({ ok: true, text: said(success) }),
    onError: (error: unknown) => report({ ok: false, text: said(isStale(error) ? 'shootingDialog.stale' : failure) }),
  };
}

/** A labelled value, as text: 'Label : value'. */
export function Fact({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
      <Text span c="dimmed" size="sm">
        {t('common.fact_label', { label })}
      </Text>{' '}
      {value}
    </Text>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** 'Marquer comme complet' / 'Marquer comme incomplet' and, for a 'Picture Upload' shooting, the saisie-à-la-source flag. */
export function CompletionSection({ view, role, report }: SectionProps) {
  const { t } = useTranslation();
  const completion = useCompletionMutation(view, reactionsOf(report, view.all_services_delivered ? 'shootingDialog.marked_incomplete' : 'shootingDialog.marked_complete'));
  const saisie = useSaisieSourceMutation(view, reactionsOf(report, 'shootingDialog.saisie_saved'));
  return (
    <Section title={t('shootingDialog.completion')}>
      <Group justify="space-between" gap="xs">
        <Badge color={view.all_services_delivered ? 'green' : 'orange'} variant="light">
          {t(view.all_services_delivered ? 'shootingDialog.complete' : 'shootingDialog.incomplete')}
        </Badge>
        {mayCall(updateShootingCompletion, role) && (
          <Button size="xs" variant="light" loading={completion.isPending} onClick={() => completion.mutate({ all_services_delivered: !view.all_services_delivered })}>
            {t(view.all_services_delivered ? 'shootingDialog.mark_incomplete' : 'shootingDialog.mark_complete')}
          </Button>
        )}
      </Group>
      {view.has_picture_upload && (
        <Checkbox
          label={t('shootingDialog.saisie_source')}
          checked={view.saisie_source_completed}
          disabled={saisie.isPending || !mayCall(updateShootingSaisieSource, role)}
          onChange={(e) => saisie.mutate(e.currentTarget.checked)}
        />
      )}
    </Section>
  );
}

/** The SD card and the post-production technician. */
export function AssignmentSection({ view, role, report, ppTechs }: SectionProps & { ppTechs: ReadonlyArray<{ id: number; firstname: string; lastname: string }> }) {
  const { t } = useTranslation();
  const [card, setCard] = useState(view.sd_card ?? '');
  const [ppTech, setPpTech] = useState(view.pp_tech ? String(view.pp_tech.id) : '');
  const sdCard = useSdCardMutation(view, reactionsOf(report, 'shootingDialog.sd_card_saved'));
  const postProd = usePostProdMutation(view, reactionsOf(report, 'shootingDialog.pp_tech_saved'));
  const options = [{ value: '', label: t('shootingDialog.none') }, ...ppTechs.map((u) => ({ value: String(u.id), label: personName(u, '') }))];
  return (
    <Section title={t('shootingDialog.assignment')}>
      {mayCall(assignSDCard, role) ? (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput label={t('shootingDialog.sd_card')} value={card} maxLength={40} onChange={(e) => setCard(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button size="sm" variant="light" loading={sdCard.isPending} disabled={card.trim() === (view.sd_card ?? '')} onClick={() => sdCard.mutate({ sd_card: card })}>
            {t('shootingDialog.sd_card_assign')}
          </Button>
        </Group>
      ) : (
        <Fact label={t('shootingDialog.sd_card')} value={view.sd_card || t('shootingDialog.none')} />
      )}
      {mayCall(assignPostProdTech, role) ? (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <NativeSelect label={t('shootingDialog.pp_tech')} data={options} value={ppTech} onChange={(e) => setPpTech(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button size="sm" variant="light" loading={postProd.isPending} disabled={ppTech === (view.pp_tech ? String(view.pp_tech.id) : '')} onClick={() => postProd.mutate({ pp_tech_id: ppTech ? Number(ppTech) : null })}>
            {t('shootingDialog.pp_tech_assign')}
          </Button>
        </Group>
      ) : (
        <Fact label={t('shootingDialog.pp_tech')} value={personName(view.pp_tech, t('shootingDialog.none'))} />
      )}
    </Section>
  );
}

/** The shooting's services and, for those who may add one, the extra services (the add button disabled until one is chosen). */
export function ServicesSection({ view, role, report }: SectionProps) {
  const { t, i18n } = useTranslation();
  const fr = i18n.language.startsWith('fr');
  const mayAdd = mayCall(addServiceToShooting, role);
  const extras = useQuery({ ...shootingDialogQueries.extras(view.id), enabled: mayAdd });
  const [chosen, setChosen] = useState('');
  const add = useAddServiceMutation(view, {
    onSuccess: () => {
      setChosen('');
      report({ ok: true, text: said('shootingDialog.service_added') });
    },
    onError: (error) => report({ ok: false, text: said(isStale(error) ? 'shootingDialog.stale' : 'shootingDialog.add_service_error') }),
  });
  const options = [{ value: '', label: t('shootingDialog.choose_service') }, ...(extras.data ?? []).map((s) => ({ value: String(s.id), label: `${fr ? s.display_name_fr : s.display_name} (${formatMoney(s.price, i18n.language)})` }))];
  return (
    <Section title={t('shootingDialog.services')}>
      {!view.shooting_package && view.services.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('shootingDialog.no_services')}
        </Text>
      )}
      <Stack component="ul" gap={2} m={0} pl="md">
        {view.shooting_package && <Text component="li" size="sm">{fr ? view.shooting_package.display_name_fr : view.shooting_package.display_name_en}</Text>}
        {view.services.map((s) => (
          <Text component="li" size="sm" key={s.id}>
            {fr ? s.display_name_fr : s.display_name}
          </Text>
        ))}
      </Stack>
      {mayAdd && (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <NativeSelect label={t('shootingDialog.add_service_label')} data={options} value={chosen} onChange={(e) => setChosen(e.currentTarget.value)} style={{ flex: 1, minWidth: 0 }} />
          <Button size="sm" variant="light" loading={add.isPending} disabled={chosen === ''} onClick={() => add.mutate({ service_offer_id: Number(chosen) })}>
            {t('shootingDialog.add_service')}
          </Button>
        </Group>
      )}
    </Section>
  );
}

/** The general note (its button enabled only when the text is not blank) and the technician and post-production notes. */
export function NotesSection({ view, role, report }: SectionProps) {
  const { t } = useTranslation();
  const [general, setGeneral] = useState(view.general_notes);
  const [techNote, setTechNote] = useState(view.tech_note);
  const [ppNotes, setPpNotes] = useState(view.post_prod_notes);
  const generalNote = useGeneralNoteMutation(view, reactionsOf(report, 'shootingDialog.note_saved'));
  const notes = useNotesMutation(view, reactionsOf(report, 'shootingDialog.notes_saved'));
  return (
    <Section title={t('shootingDialog.notes')}>
      {view.note && <Fact label={t('shootingDialog.broker_note')} value={view.note} />}
      {!mayCall(updateShootingNote, role) && view.general_notes && <Fact label={t('shootingDialog.general_note')} value={view.general_notes} />}
      {!mayCall(setShootingNotes, role) && view.tech_note && <Fact label={t('shootingDialog.tech_note')} value={view.tech_note} />}
      {!mayCall(setShootingNotes, role) && view.post_prod_notes && <Fact label={t('shootingDialog.post_prod_notes')} value={view.post_prod_notes} />}
      {mayCall(updateShootingNote, role) && (
        <>
          <Textarea label={t('shootingDialog.general_note')} value={general} maxLength={5000} autosize minRows={2} onChange={(e) => setGeneral(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button size="xs" variant="light" loading={generalNote.isPending} disabled={general.trim() === ''} onClick={() => generalNote.mutate({ general_notes: general })}>
              {t('shootingDialog.edit_note')}
            </Button>
          </Group>
        </>
      )}
      {mayCall(setShootingNotes, role) && (
        <>
          <Textarea label={t('shootingDialog.tech_note')} value={techNote} maxLength={5000} autosize minRows={2} onChange={(e) => setTechNote(e.currentTarget.value)} />
          <Textarea label={t('shootingDialog.post_prod_notes')} value={ppNotes} maxLength={5000} autosize minRows={2} onChange={(e) => setPpNotes(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button size="xs" variant="light" loading={notes.isPending} onClick={() => notes.mutate({ tech_note: techNote, post_prod_notes: ppNotes })}>
              {t('shootingDialog.save_notes')}
            </Button>
          </Group>
        </>
      )}
    </Section>
  );
}

/** Billable or not (confirmed, part 2 §5) and the invoice, drawn as a PDF from the server's figures. */
export function BillingSection({ view, role, report }: SectionProps) {
  const { t, i18n } = useTranslation();
  const showAlert = useAlert();
  const bill = useBillMutation(view, reactionsOf(report, view.billable ? 'shootingDialog.unbillable_saved' : 'shootingDialog.billable_saved'));
  const invoice = useInvoiceMutation(view.id, {
    onSuccess: (answer) => {
      void openInvoice(answer.invoice, t, i18n.language);
      report({ ok: true, text: said('shootingDialog.invoice_ready', { id: answer.invoice.invoice_id }) });
    },
    onError: () => report({ ok: false, text: said('shootingDialog.invoice_error') }),
  });
  if (!mayCall(billShooting, role) && !mayCall(generateShootingInvoice, role)) return null;
  const toggle = async () => {
    const confirmed = await showAlert({ title: t(view.billable ? 'shootingDialog.make_unbillable' : 'shootingDialog.make_billable'), text: t(view.billable ? 'shootingDialog.unbillable_confirm' : 'shootingDialog.billable_confirm'), cancel: true });
    if (confirmed) bill.mutate({ billable: !view.billable });
  };
  return (
    <Section title={t('shootingDialog.billing')}>
      <Group justify="space-between" gap="xs">
        <Badge color={view.billable ? 'green' : 'gray'} variant="light">
          {t(view.billable ? 'shootingDialog.billable' : 'shootingDialog.not_billable')}
        </Badge>
        <Button size="xs" variant="subtle" loading={bill.isPending} onClick={() => void toggle()}>
          {t(view.billable ? 'shootingDialog.make_unbillable' : 'shootingDialog.make_billable')}
        </Button>
      </Group>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {view.invoice_id ? t('shootingDialog.invoice_number', { id: view.invoice_id }) : t(view.billable ? 'shootingDialog.no_invoice' : 'shootingDialog.invoice_needs_billable')}
        </Text>
        <Button size="xs" loading={invoice.isPending} disabled={!view.billable} onClick={() => invoice.mutate()}>
          {t('shootingDialog.open_invoice')}
        </Button>
      </Group>
    </Section>
  );
}
