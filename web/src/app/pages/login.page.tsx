// Sign-in with e-mail and password. A failed sign-in shows the server's message and the button
// is usable again at once (the original product left its spinner stuck).
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { login } from '../api-client';
import { type ReadableError, readableError } from '../errors';
import { takeSignOutReason } from '../session';
import { PublicFrame } from './public-frame';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Only paths inside this app are followed after sign-in. */
export function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [reason] = useState(() => takeSignOutReason());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<ReadableError | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: typeof fieldErrors = {};
    if (!email.trim()) errs.email = t('validation.required');
    else if (!EMAIL.test(email.trim())) errs.email = t('validation.email');
    if (!password) errs.password = t('validation.required');
    setFieldErrors(errs);
    if (errs.email || errs.password) return;
    setError(null);
    setPending(true);
    try {
      await login(email.trim(), password);
      setPending(false);
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (err) {
      setError(readableError(err, t));
      setPending(false);
    }
  };

  return (
    <PublicFrame>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
        <form onSubmit={submit} noValidate aria-labelledby="login-title">
          <Stack gap="md">
            <div>
              <Title order={2} id="login-title">
                {t('login.title')}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {t('login.subtitle')}
              </Text>
            </div>
            {reason === 'expired' && !error ? (
              <Alert color="yellow" variant="light" title={t('login.expiredTitle')}>
                {t('login.expiredText')}
              </Alert>
            ) : null}
            {error ? (
              <Alert
                color="red"
                variant="light"
                title={t('login.failed')}
                role="alert"
                data-testid="login-error"
              >
                {error.messages.join(' ')}
              </Alert>
            ) : null}
            <TextInput
              label={t('login.email')}
              type="email"
              autoComplete="username"
              placeholder={t('login.emailPlaceholder')}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldErrors.email}
              required
              autoFocus
            />
            <PasswordInput
              label={t('login.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldErrors.password}
              required
            />
            <Button type="submit" loading={pending} fullWidth size="md">
              {t('login.submit')}
            </Button>
            <Text size="sm" ta="center" c="dimmed">
              {t('login.noAccount')}{' '}
              <Anchor component={Link} to="/register" size="sm">
                {t('login.requestAccess')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </PublicFrame>
  );
}
