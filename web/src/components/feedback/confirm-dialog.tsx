// Confirmation before a destructive action: stays open with a spinner while the call runs and
// shows the server's answer if it fails.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';

export type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  /** Colour of the confirm button (default red: most confirmations are for deleting). */
  confirmColor?: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
};

export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  confirmColor = 'red',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    if (pending) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setPending(false);
      onClose();
    } catch (e) {
      setPending(false);
      setError(e);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Text size="sm" mb="md">
        {message}
      </Text>
      {error ? <ErrorAlert error={error} /> : null}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={close} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button color={confirmColor} onClick={confirm} loading={pending} data-autofocus>
          {confirmLabel ?? t('actions.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
