// An error shown in place: the readable title, the server's messages and an optional retry.
import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-client';
import { readableError } from '../../app/errors';

export function ErrorAlert({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const { t } = useTranslation();
  const e = readableError(error, t);
  // Asking again changes nothing for a missing record, a refusal or bad input: no retry button then.
  const retryable =
    !isApiError(error) ||
    error.status === 0 ||
    error.status >= 500 ||
    error.status === 408 ||
    error.status === 429;
  onRetry = retryable ? onRetry : undefined;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={title ?? e.title}
      role="alert"
    >
      {e.messages.length === 1 ? (
        <Text size="sm">{e.messages[0]}</Text>
      ) : (
        <List size="sm">
          {e.messages.map((m) => (
            <List.Item key={m}>{m}</List.Item>
          ))}
        </List>
      )}
      {onRetry ? (
        <Group mt="sm">
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
          >
            {t('actions.retry')}
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}
