import { Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../app/alert-provider.tsx';
import { formatDateTime, languageOf } from '../../i18n/format.ts';
import { scheduleQueries, useCreateFeedMutation, useRevokeFeedMutation } from './queries.ts';

/**
 * The technician's calendar subscription (docs/decisions/0190): make a private iCalendar address
 * (shown once, to copy or open in the calendar application), replace it or revoke it.
 */
export function CalendarFeedPanel() {
  const { t, i18n } = useTranslation();
  const showAlert = useAlert();
  const feed = useQuery(scheduleQueries.feed());
  const creating = useCreateFeedMutation();
  const revoking = useRevokeFeedMutation();
  const [address, setAddress] = useState<string | null>(null);
  const busy = creating.isPending || revoking.isPending;

  const make = (replace: boolean) =>
    creating.mutate(replace, {
      onSuccess: (made) => setAddress(`${window.location.origin}${made.path}?lang=${languageOf(i18n.language)}`),
    });
  const replace = async () => {
    if (await showAlert({ title: t('schedulefeed.replace'), text: t('schedulefeed.replace_confirm'), cancel: true })) make(true);
  };
  const revoke = async () => {
    const createdAt = feed.data?.created_at;
    if (!createdAt || !(await showAlert({ title: t('schedulefeed.revoke'), text: t('schedulefeed.revoke_confirm'), cancel: true }))) return;
    revoking.mutate(createdAt, { onSuccess: () => setAddress(null) });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="calendar-feed-title">
          {t('schedulefeed.title')}
        </Title>
        <Text size="sm">{t('schedulefeed.intro')}</Text>
        {feed.isError ? (
          <Text role="alert">{t('schedulefeed.load_error')}</Text>
        ) : feed.isPending ? null : address ? (
          <>
            <TextInput label={t('schedulefeed.address')} value={address} readOnly onFocus={(e) => e.currentTarget.select()} />
            <Text size="sm" c="dimmed">
              {t('schedulefeed.shown_once')}
            </Text>
            <Group gap="sm">
              <CopyButton value={address}>{({ copied, copy }) => <Button onClick={copy}>{t(copied ? 'schedulefeed.copied' : 'schedulefeed.copy')}</Button>}</CopyButton>
              <Anchor href={address.replace(/^https?:/, 'webcal:')}>{t('schedulefeed.open_app')}</Anchor>
            </Group>
          </>
        ) : feed.data.active ? (
          <Text size="sm" data-testid="calendar-feed-state">
            {t('schedulefeed.active_since', { date: formatDateTime(feed.data.created_at ?? '', i18n.language) })}
          </Text>
        ) : (
          <Text size="sm" data-testid="calendar-feed-state">
            {t('schedulefeed.none')}
          </Text>
        )}
        {(creating.isError || revoking.isError) && (
          <Text c="red" size="sm" role="alert">
            {t('schedulefeed.error')}
          </Text>
        )}
        {feed.data && (
          <Group gap="sm">
            {feed.data.active ? (
              <>
                <Button variant="default" disabled={busy} onClick={() => void replace()}>
                  {t('schedulefeed.replace')}
                </Button>
                <Button variant="default" color="red" disabled={busy} onClick={() => void revoke()}>
                  {t('schedulefeed.revoke')}
                </Button>
              </>
            ) : (
              <Button loading={creating.isPending} onClick={() => make(false)}>
                {t('schedulefeed.create')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
