import { Alert, Anchor, Button, Group, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCELLATION_REASON_MIN_LENGTH, SHOOTING_MESSAGES, cancelShooting } from '#shared/catalogue/shootings.ts';
import { isAdminLevel } from '#shared/roles.ts';
import { isApiError, mayCall } from '../../api/client.ts';
import { useSessionUser } from '../session/use-session.ts';
import { useCancelShooting } from './queries.ts';
import { LIST_VIEW } from '../../app/staff-shooting.tsx';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { RoleNotice } from '../../app/role-notice.tsx';

/**
 * The text of a failed cancellation under the banner `cancelshooting.error` (part 1 §8: the server's
 * message is the error): the server's known refusals in the reader's language, any other message as
 * the server wrote it.
 */
export function cancelFailure(error: unknown): { key: string } | { text: string } {
  const key = (name: string) => ({ key: `shootings.cancel_failed.${name}` });
  if (!isApiError(error)) return { key: 'common.network_error' };
  if (error.message === SHOOTING_MESSAGES.alreadyConfirmed || error.message === SHOOTING_MESSAGES.notUnconfirmed) return key('not_pending');
  if (error.message === SHOOTING_MESSAGES.reasonTooShort) return key('reason');
  if (error.status === 404) return key('not_found');
  return { text: error.message };
}

/**
 * /shooting/cancel/{id}, part 1 §2.7, §4, §8: yes or no; yes shows loading, then a check mark, the
 * feedback message and a return link; a failure shows cancelshooting.error with the server's message
 * and a return link. When the id is the literal text 'undefined', nothing is sent.
 */
export function CancelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams({ strict: false }) as { id?: string };
  const user = useSessionUser();
  // Admin levels give a reason of at least 5 characters (part 1 §9); brokers are only asked yes or no.
  const staff = user !== undefined && isAdminLevel(user.role);
  const [reason, setReason] = useState('');
  const reasonMissing = staff && reason.trim().length < CANCELLATION_REASON_MIN_LENGTH;
  const cancel = useCancelShooting(Number(id));
  const failure = cancel.isError ? cancelFailure(cancel.error) : undefined;
  const yes = () => {
    if (id === undefined || id === 'undefined') return;
    cancel.mutate(reason.trim());
  };
  const back = (
    <Anchor component={Link} to="/shooting" search={LIST_VIEW}>
      {t('shootings.back_to_list')}
    </Anchor>
  );

  // The route is open to any logged-in user (ADR 0004): a role that may not cancel reads so, with no question.
  if (!mayCall(cancelShooting, user?.role)) {
    return (
      <RoleNotice title={t('route.shooting_cancel')} text={t('shootings.cancel_not_for_role')}>
        {back}
      </RoleNotice>
    );
  }

  return (
    <Stack maw={640} align="flex-start">
      <Title order={1}>{t('route.shooting_cancel')}</Title>
      {cancel.isIdle && (
        <>
          <Text>{t('shootings.cancel_question')}</Text>
          {staff && (
            <Textarea
              label={t('shootings.cancellation_reason')}
              description={t('shootings.cancellation_reason_help', { count: CANCELLATION_REASON_MIN_LENGTH })}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              w="100%"
            />
          )}
          <Group>
            <Button color="red" onClick={yes} disabled={reasonMissing}>
              {t('shootings.yes')}
            </Button>
            <Button variant="default" onClick={() => void navigate({ to: '/shooting', search: LIST_VIEW })}>
              {t('shootings.no')}
            </Button>
          </Group>
        </>
      )}
      {cancel.isPending && (
        <Group>
          <DelayedLoader inline size="sm" />
          <Text>{t('common.loading')}</Text>
        </Group>
      )}
      {cancel.isSuccess && (
        <>
          <Group>
            <ThemeIcon color="green" radius="xl" size="lg" aria-hidden>
              <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
                <path d="M5 12l5 5L20 7" />
              </svg>
            </ThemeIcon>
            <Text fw={500} role="status">
              {t('cancelshooting.success')}
            </Text>
          </Group>
          {back}
        </>
      )}
      {cancel.isError && (
        <>
          <Alert color="red" role="alert" title={t('cancelshooting.error')}>
            {failure && ('key' in failure ? t(failure.key) : failure.text)}
          </Alert>
          {back}
        </>
      )}
    </Stack>
  );
}
