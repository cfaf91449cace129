import { Alert, Anchor, Badge, Button, Card, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnlinkedSocialPage } from '#shared/catalogue/social.ts';
import { useAlert } from '../../app/alert-provider.tsx';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { BrokerSearchSelect, type PickedBroker } from './broker-search-select.tsx';
import { socialQueries, useLinkSocialPageMutation } from './queries.ts';

/**
 * /facebook_page_manager (part 3 screen 11): pick a broker (search), pick one of the pages no broker
 * is linked to yet (each with its preview), Save. Both are required ('Please select both facebook
 * page and broker!'); 'Save successfully!' then the list reloads, or 'Save failed!' (§5, §8).
 * Locally the pages come from a demo provider, and the screen says so.
 */
export function SocialPageManagerPage() {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const pages = useQuery(socialQueries.unlinked());
  const link = useLinkSocialPageMutation();
  const [broker, setBroker] = useState<PickedBroker | null>(null);
  const [pageId, setPageId] = useState<string | null>(null);

  const save = () => {
    if (!broker || !pageId) {
      void showAlert({ title: t('social.save'), text: t('social.both_required') });
      return;
    }
    link.mutate(
      { brokerId: broker.id, pageId },
      {
        onSuccess: (answer) => {
          setBroker({ ...broker, broker_facebook_business_page: answer.broker_facebook_business_page });
          setPageId(null);
          void showAlert({ title: t('social.save'), text: t('social.saved') });
        },
        onError: () => void showAlert({ title: t('social.save'), text: t('social.save_failed') }),
      },
    );
  };

  const list = pages.data?.unlinked_facebook_page ?? [];
  return (
    <Stack>
      <Title order={1}>{t('route.facebook_page_manager')}</Title>
      {pages.data?.provider === 'demo' && (
        <Alert color="yellow" title={t('social.demo_title')}>
          {t('social.demo_text')}
        </Alert>
      )}
      <BrokerSearchSelect broker={broker} onChange={setBroker} />
      {broker && (
        <Text size="sm" c="dimmed">
          {broker.broker_facebook_business_page ? t('social.current_page', { page: broker.broker_facebook_business_page.page_name }) : t('social.no_page')}
        </Text>
      )}
      {pages.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : pages.isError ? (
        <Alert color="red" role="alert">
          {t('social.load_failed')}
        </Alert>
      ) : list.length === 0 ? (
        <Text>{t('social.no_unlinked')}</Text>
      ) : (
        <Radio.Group label={t('social.pages')} value={pageId} onChange={setPageId}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs">
            {list.map((page) => (
              <PagePreview key={page.page_id} page={page} demo={pages.data.provider === 'demo'} />
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}
      <Group>
        <Button onClick={save} loading={link.isPending}>
          {t('social.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The embedded preview of an unlinked page: what the page shows of itself. */
function PagePreview({ page, demo }: { page: UnlinkedSocialPage; demo: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="sm" data-page={page.page_id}>
      <Stack gap={4}>
        <Radio value={page.page_id} label={page.page_name} styles={{ label: { fontWeight: 600, overflowWrap: 'anywhere' } }} />
        <Group gap="xs">
          {page.category && (
            <Badge variant="light" color="blue">
              {page.category}
            </Badge>
          )}
          {demo && (
            <Badge variant="outline" color="yellow.9">
              {t('social.demo_badge')}
            </Badge>
          )}
        </Group>
        {page.about && <Text size="sm">{page.about}</Text>}
        {page.followers !== null && (
          <Text size="sm" c="dimmed">
            {t('social.followers', { count: page.followers, n: formatNumber(page.followers, i18n.language) })}
          </Text>
        )}
        {page.link && (
          <Anchor href={page.link} target="_blank" rel="noreferrer" size="sm">
            {t('social.open_page')}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
