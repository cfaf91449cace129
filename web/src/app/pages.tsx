import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useRouteTitleKey } from './page-title.ts';

/** A route whose screen is not built yet: its title and a plain sentence, never fake content. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  return (
    <Stack gap="sm">
      <Title order={1}>{titleKey ? t(titleKey) : t('app.name')}</Title>
      <Text>{t('common.not_available')}</Text>
    </Stack>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" p="md">
      <Title order={1}>{t('route.not_found')}</Title>
      <Text>{t('common.not_found')}</Text>
      <Anchor component={Link} to="/">
        {t('common.back_home')}
      </Anchor>
    </Stack>
  );
}

export function ErrorPage() {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <Stack gap="sm" p="md" align="flex-start">
      <Title order={1}>{t('common.error_title')}</Title>
      <Text>{t('common.error_text')}</Text>
      <Button variant="default" onClick={() => void router.invalidate()}>
        {t('common.retry')}
      </Button>
    </Stack>
  );
}
