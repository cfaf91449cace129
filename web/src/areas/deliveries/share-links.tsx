import { Button, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryPageUrl } from './queries.ts';

/**
 * The two links of a delivery (ADR 0251), to copy: the branded page (broker and company shown) and the
 * unbranded one for the MLS (neither shown, as MLS rules require of virtual tours).
 */
export function ShareLinks({ token }: { token: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb={4}>
        {t('deliveries.share_title')}
      </Title>
      <Stack gap="xs">
        <LinkRow label={t('deliveries.link_branded')} value={deliveryPageUrl(token)} />
        <LinkRow label={t('deliveries.link_unbranded')} value={deliveryPageUrl(token, { unbranded: true })} />
        <Text size="sm" c="dimmed">
          {t('deliveries.link_unbranded_help')}
        </Text>
      </Stack>
    </section>
  );
}

function LinkRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy} aria-label={`${copied ? t('deliveries.copied') : t('deliveries.copy')} · ${label}`}>
            {copied ? t('deliveries.copied') : t('deliveries.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
