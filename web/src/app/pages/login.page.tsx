// Sign-in with e-mail and password. A failed sign-in shows the server's message and the button
// is usable again at once (the original product left its spinner stuck).
// Free of the router and i18next (i18n/core.ts for the words): main.tsx shows this screen on its
// own (app/sign-in.tsx) before they have loaded; inside the app the router's /login route shows
// it (router.tsx). Each says where to go once signed in.
import { Anchor, Box, Button, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from 'react';
import { useCoreText } from '../../i18n/core';
import { login } from '../api-client';
import { type ReadableError, readableError } from '../errors';
import { takeSignOutReason } from '../session';
import { PublicFrame } from './public-frame';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Only paths inside this app are followed after sign-in. */
export function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/**
 * Mantine's light Alert (same colours, spacing and labelling), drawn with parts the page already
 * has: Alert itself would bring its close button too, ~1.6 KB more on /login.
 */
function Notice({
  color,
  title,
  children,
  testId,
}: {
  color: string;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <Box
      role="alert"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      data-testid={testId}
      p="md"
      style={{
        borderRadius: 'var(--mantine-radius-default)',
        background: `var(--mantine-color-${color}-light)`,
      }}
    >
      <Stack gap="xs">
        <Text
          id={`${id}-title`}
          size="sm"
          fw={700}
          style={{ color: `var(--mantine-color-${color}-light-color)` }}
        >
          {title}
        </Text>
        <Text id={`${id}-body`} size="sm" c="black">
          {children}
        </Text>
      </Stack>
    </Box>
  );
}

/** Mantine's password-visibility eye (its PasswordToggleIcon), open or struck through. */
function EyeIcon({ reveal }: { reveal: boolean }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 256 256"
      width={15}
      height={15}
      fill="none"
      stroke="currentColor"
      strokeLinecap="round"
      strokeLinejoin="round"
      strokeWidth={16}
      aria-hidden
    >
      {reveal ? (
        <path d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6" />
      ) : (
        <path d="M128 56C48 56 16 128 16 128s32 72 112 72 112-72 112-72-32-72-112-72zM128 168a40 40 0 110-80 40 40 0 010 80z" />
      )}
    </svg>
  );
}

/**
 * A password box with a show / hide button, as Mantine's PasswordInput (left out of /login with
 * the ActionIcon it brings: ~2.5 KB). Like Mantine's, the button is skipped by Tab.
 */
function PasswordField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useCoreText();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete="current-password"
      value={value}
      onChange={onChange}
      error={error}
      required
      rightSection={
        <UnstyledButton
          onClick={() => setVisible((v) => !v)}
          aria-label={t('login.showPassword')}
          aria-pressed={visible}
          tabIndex={-1}
          w={28}
          h={28}
          c="gray.7"
          style={{ display: 'grid', placeItems: 'center', borderRadius: 'var(--mantine-radius-default)' }}
        >
          <EyeIcon reveal={visible} />
        </UnstyledButton>
      }
    />
  );
}

export type LoginPageProps = {
  /** Where to go once signed in (already checked by safeNext). */
  next: string;
  /** Goes there; the button keeps its spinner until this settles, a failure is shown. */
  onSignedIn: (next: string) => void | Promise<void>;
  /** Called when a sign-in starts (the standalone screen starts loading the app alongside). */
  onSubmit?: () => void;
};

export function LoginPage({ next, onSignedIn, onSubmit }: LoginPageProps) {
  const { t } = useCoreText();
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
    onSubmit?.();
    try {
      await login(email.trim(), password);
    } catch (err) {
      setError(readableError(err, t));
      setPending(false);
      return;
    }
    try {
      await onSignedIn(next);
    } catch (err) {
      setError(readableError(err, t));
    } finally {
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
              <Notice color="yellow" title={t('login.expiredTitle')}>
                {t('login.expiredText')}
              </Notice>
            ) : null}
            {error ? (
              <Notice color="red" title={t('login.failed')} testId="login-error">
                {error.messages.join(' ')}
              </Notice>
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
            <PasswordField
              label={t('login.password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldErrors.password}
            />
            <Button type="submit" loading={pending} fullWidth size="md">
              {t('login.submit')}
            </Button>
            <Text size="sm" ta="center" c="dimmed">
              {t('login.noAccount')}{' '}
              <Anchor href="#/register" size="sm">
                {t('login.requestAccess')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </PublicFrame>
  );
}
