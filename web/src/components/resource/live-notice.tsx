// "N rows new or changed, reload" above a list when other users changed its records (app/live.ts):
// the rows stay as they are until the user asks, so nothing moves under their pointer.
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { clearPending, usePendingChanges } from '../../app/live';
import { resourceKeys } from '../../app/query-keys';

/** `loadedAt`: when the list's rows were last fetched; a fetch of any kind shows the changes. */
export function LiveNotice({ name, loadedAt }: { name: string; loadedAt: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const count = usePendingChanges(name);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows were fetched again
  useEffect(() => {
    clearPending(name);
  }, [loadedAt, name]);
  if (count === 0) return null;
  return (
    <Alert variant="light" color="yellow" mb="md" py="xs" data-testid="live-notice">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('list.liveChanges', { count })}</Text>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void qc.invalidateQueries({ queryKey: resourceKeys(name).lists() })}
        >
          {t('list.liveReload')}
        </Button>
      </Group>
    </Alert>
  );
}
