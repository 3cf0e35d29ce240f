// The whole rebuild of the dashboard figures (POST /web/dashboard/rollups/rebuild): a button for staff
// who may update the dashboard area, and the newest run's progress, polled while it runs. The figures
// follow an item's or store's reclassification by themselves; this is for after a bulk correction in
// the database or a restore.
import { type RollupRebuildRun, rollupsRebuildAction } from '@lbo/contract/dashboards';
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { ActionButton, useActionAllowed } from '../../components/action/action-button';
import { formatDate } from '../../components/resource/format';

const KEY = 'rollups_rebuild';
const action = { contract: rollupsRebuildAction, invalidates: [KEY] };

export function RollupsRebuild() {
  const { t } = useTranslation();
  const allowed = useActionAllowed(action);
  const q = useQuery({
    queryKey: [KEY],
    enabled: allowed,
    queryFn: async ({ signal }) =>
      (await api.get<RollupRebuildRun | null>(rollupsRebuildAction.path, undefined, signal)).data,
    refetchInterval: (query) => (query.state.data && !query.state.data.finished_at ? 2000 : false),
  });
  if (!allowed) return null;
  const run = q.data;
  const running = !!run && !run.finished_at;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Group gap="xs">
          <IconRefresh size={20} />
          <Title order={3} fz="h4">
            {t('dashboards.rebuild.title')}
          </Title>
        </Group>
        <Text size="sm">{t('dashboards.rebuild.help')}</Text>
        {run ? (
          <Stack gap={4}>
            <Progress
              value={(run.steps_done / run.steps_total) * 100}
              animated={running}
              color={run.error ? 'red' : undefined}
              aria-label={t('dashboards.rebuild.title')}
            />
            <Text size="sm" c={run.error ? 'red' : 'dimmed'}>
              {running
                ? t('dashboards.rebuild.running', {
                    done: run.steps_done,
                    total: run.steps_total,
                    step: run.step,
                  })
                : run.error
                  ? t('dashboards.rebuild.failed', {
                      at: formatDate(run.finished_at, true),
                      error: run.error,
                    })
                  : t('dashboards.rebuild.finished', { at: formatDate(run.finished_at, true) })}
            </Text>
          </Stack>
        ) : null}
        <Group>
          <ActionButton action={action} target={{ rows: [], ids: [] }} disabled={running} />
        </Group>
      </Stack>
    </Paper>
  );
}
