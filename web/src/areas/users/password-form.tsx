import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '#shared/catalogue/session.ts';
import type { UserData } from '#shared/catalogue/users.ts';
import { mustGiveOldPassword } from '#shared/roles.ts';
import { PASSWORD_MESSAGES } from '#shared/rules/password.ts';
import { LOGIN_LOCK_SECONDS } from '#shared/rules/session.ts';
import { retryAfterMinutes } from '../../api/client.ts';
import { useAlert } from '../../app/alert-provider.tsx';
import { useSessionUser } from '../session/use-session.ts';
import { fieldMessageKey, isAnswered, type Outcome } from './messages.ts';
import { useChangePasswordMutation } from './queries.ts';
import { OutcomeAlert } from '../../app/outcome-alert.tsx';
import { said } from '../../i18n/said.ts';

/**
 * The change-password form of the user page (part 2 §5, §7, §8): the old password is asked except
 * of roles 1 and 2; the server refuses a change above the caller's level (403). `onChanged` runs
 * after a change succeeded (it bumped the user's version by one).
 */
export function PasswordForm({ user, onChanged }: { user: UserData; onChanged?: () => void }) {
  const { t } = useTranslation();
  const caller = useSessionUser();
  const askOld = mustGiveOldPassword(caller?.role ?? 0);
  const [oldPassword, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  /** Each field's message, by its catalogue key. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const fieldError = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const change = useChangePasswordMutation();
  const showAlert = useAlert();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = changePassword.input.safeParse({ userId: user.id, ...(askOld ? { oldPassword } : {}), password, confirmation, first_login: true });
    // A blank old password is a wrong one (part 2 §8: 'L'ancien mot de passe est invalide.'), said before any call.
    const blankOld: Record<string, string> = askOld && oldPassword === '' ? { oldPassword: 'users.old_password_invalid' } : {};
    if (!parsed.success || blankOld.oldPassword) {
      setErrors({ ...(parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), fieldMessageKey(issue.message)]))), ...blankOld });
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => {
        setOld('');
        setPassword('');
        setConfirmation('');
        setOutcome({ ok: true, text: said('users.password_changed') });
        // The change bumped the user's version: the user form above saves from the next one.
        onChanged?.();
      },
      onError: (error) => {
        // Part 2 §8 "Password change": a network failure shows an exception dialog; a status, its text and the server's message.
        if (!isAnswered(error)) {
          void showAlert({ title: t('users.network_title'), text: t('users.network') });
          return;
        }
        setOutcome({
          ok: false,
          text:
            error.status === 409
              ? said(error.message === PASSWORD_MESSAGES.wrongOld ? 'users.old_password_invalid' : 'users.changed_meanwhile')
              : error.status === 403
                ? said('users.above_level')
                : error.status === 429
                  ? said('users.password_locked', { count: retryAfterMinutes(error, LOGIN_LOCK_SECONDS / 60) })
                  : { compose: (t) => t('users.failed', { status: error.status, message: error.message }) },
        });
      },
    });
  };

  return (
    <section aria-labelledby="users-password-title">
      <Stack maw={860}>
        <Title order={2} size="h3" id="users-password-title">
          {t('users.password_title')}
        </Title>
        <form onSubmit={submit} noValidate>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {askOld && <TextInput label={t('users.old_password')} type="password" required autoComplete="current-password" value={oldPassword} onChange={(e) => setOld(e.currentTarget.value)} error={fieldError('oldPassword')} maxLength={1024} />}
              <TextInput label={t('users.new_password')} type="password" required autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={fieldError('password')} maxLength={1024} />
              <TextInput label={t('users.confirmation')} type="password" required autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.currentTarget.value)} error={fieldError('confirmation')} maxLength={1024} />
            </SimpleGrid>
            <Group>
              <Button type="submit" variant="light" loading={change.isPending}>
                {t('users.change_password')}
              </Button>
            </Group>
            <OutcomeAlert outcome={outcome} />
          </Stack>
        </form>
      </Stack>
    </section>
  );
}
