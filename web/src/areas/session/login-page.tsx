import { Alert, Button, Container, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { sessionToken } from '../../api/session-token.ts';
import { useLoginMutation } from './queries.ts';
import { loginError, loginReasonKey } from './login-error.ts';
import { safeRedirect } from './session.ts';

/**
 * /login: an e-mail and a password field (part 1 section 2.1); back to the origin after login. When a
 * guard sent the visitor here from a page, a notice says why and that they will be taken back to it.
 */
export function LoginPage({ redirect }: { redirect?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const origin = safeRedirect(redirect);
  // Once the session is known the form gives way to the loader of the screen being opened (issue 10).
  const [entering, setEntering] = useState(false);
  const mutation = useLoginMutation(async () => {
    setEntering(true);
    await navigate({ href: safeRedirect(redirect) ?? '/', replace: true });
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ email: email.trim(), password });
  };

  // The page may outlive its session (logged in, then out again): without a token the form shows.
  if (entering && sessionToken.get()) return <DelayedLoader always label={t('common.loading')} />;

  const failure = mutation.isError ? loginError(mutation.error) : undefined;
  return (
    <Container size={420} py="xl">
      <Title order={1} ta="center" mb="lg">
        {t('login.title')}
      </Title>
      <Paper withBorder shadow="sm" p="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            {origin && !mutation.isError && (
              <Alert color="blue" role="status" data-testid="login-reason">
                {t(loginReasonKey(origin))}
              </Alert>
            )}
            {failure && (
              <Alert color="red" role="alert">
                {t(failure.key, failure.values)}
              </Alert>
            )}
            <TextInput
              label={t('login.email')}
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label={t('login.password')}
              visibilityToggleButtonProps={{ 'aria-label': t('login.toggle_password_visibility') }}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit" loading={mutation.isPending} disabled={!email.trim() || !password}>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
