// The job queue (administrators): background jobs newest first, with their state, attempts and the
// last error. A failed job is retried with POST /web/jobs/{id}/retry.
import { JOB_STATES, type Job, jobContract } from '@lbo/contract/jobs';
import { Badge, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { defineResource } from '../../components/resource/types';

const STATE_COLORS: Record<string, string> = {
  queued: 'blue',
  running: 'yellow',
  completed: 'teal',
  failed: 'red',
  cancelled: 'gray',
};
const stateLabel = (state: string, t: TFunction) =>
  t(`resources.job.states.${state}`, { defaultValue: state });

export const resource = defineResource({
  contract: jobContract,
  // Identifiers only (no words): the same in both languages.
  title: (r: Job) => `${r.name} ${r.key}`.trim(),
  columns: [
    { key: 'created_at', kind: 'datetime', sortKey: 'created_at', width: 170 },
    { key: 'name', sortKey: 'name' },
    {
      key: 'state',
      sortKey: 'state',
      width: 120,
      noWrap: true,
      render: (r, t) => (
        <Badge variant="light" tt="none" color={STATE_COLORS[r.state] ?? 'gray'}>
          {stateLabel(r.state, t)}
        </Badge>
      ),
      exportValue: (r, t) => stateLabel(r.state, t),
    },
    { key: 'key', noWrap: true },
    { key: 'attempts', width: 100 },
    { key: 'started_at', kind: 'datetime', sortKey: 'started_at', visibleFrom: 'lg' },
    { key: 'finished_at', kind: 'datetime', sortKey: 'finished_at', visibleFrom: 'lg' },
    {
      key: 'error',
      render: (r) => (
        <Text size="sm" c="red" lineClamp={2} title={r.error}>
          {r.error}
        </Text>
      ),
      exportValue: (r) => r.error,
    },
  ],
  filters: [
    { kind: 'text', key: 'name' },
    { kind: 'enum', key: 'state', options: JOB_STATES, optionLabel: stateLabel },
  ],
});
