// Signing in again without leaving the screen: when the session ends while a save is in flight,
// the screen (with everything typed) stays, this dialog asks for the password, and the save that
// asked (`requestSignIn()`) is sent again. Choosing to sign out instead goes to the sign-in page.
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { login } from '../../app/api-client';
import { readableError } from '../../app/errors';
import { heldSession, releaseHeldSession, subscribeSession } from '../../app/session';

type Waiter = (signedIn: boolean) => void;
const waiters: Waiter[] = [];

function settle(signedIn: boolean) {
  for (const w of waiters.splice(0)) w(signedIn);
}

/**
 * Resolves true once the user has signed in again in the dialog (retry the save), false when they
 * chose to sign out or when no save is waiting on an ended session.
 */
export function requestSignIn(): Promise<boolean> {
  if (!heldSession()) return Promise.resolve(false);
  return new Promise((resolve) => waiters.push(resolve));
}

export function useHeldSession() {
  return useSyncExternalStore(subscribeSession, heldSession, heldSession);
}

export function SignInAgainDialog() {
  const { t } = useTranslation();
  const held = useHeldSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!held) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError(t('validation.required'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await login(held.email, password);
      setPassword('');
      settle(true);
    } catch (err) {
      setError(readableError(err, t).messages.join(' '));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('signInAgain.title')}
      data-testid="sign-in-again"
    >
      <form onSubmit={submit} noValidate aria-label={t('signInAgain.title')}>
        <Stack gap="md">
          <Text size="sm">{t('signInAgain.body')}</Text>
          <TextInput label={t('login.email')} value={held.email} readOnly />
          <PasswordInput
            label={t('login.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error && !password ? error : undefined}
            autoComplete="current-password"
            data-autofocus
            leftSection={<IconLock size={16} />}
          />
          {error && password ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="gray"
              onClick={() => {
                releaseHeldSession();
                settle(false);
              }}
            >
              {t('nav.logout')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('signInAgain.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
