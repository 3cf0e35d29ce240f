// Points settings (GET/PUT /point/settings): how many months until earned points expire (empty:
// never) and how many days ahead stores are told; beside them the expiry run (an action with a
// preview of what it takes). A changed expiry applies to points earned from today on: the server's
// answer says so and is shown as it comes.
import { type PointSettings, pointExpiryRunAction } from '@lbo/contract/points.lots';
import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHourglass, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { usePermissions } from '../../app/use-session';
import { ActionButton } from '../../components/action/action-button';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { notifySuccess } from '../../components/feedback/notify';
import { PageHeader } from '../../components/layout/page-header';
import { formatDate } from '../../components/resource/format';
import { POINT_RESOURCES } from './point-shared';
import { PointTiersSection } from './point-tiers.section';

const T = 'pages.point_settings';
const KEY = ['point_settings'];

const asNumber = (v: string | number) => (v === '' ? null : Number(v));

export function PointSettingsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const canUpdate = usePermissions('point').update;
  const q = useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => (await api.get<PointSettings>('/point/settings', undefined, signal)).data,
  });
  const [months, setMonths] = useState<string | number>('');
  const [notify, setNotify] = useState<string | number>('');
  useEffect(() => {
    if (!q.data) return;
    setMonths(q.data.expire_after_months ?? '');
    setNotify(q.data.notify_days_before);
  }, [q.data]);
  const save = useMutation({
    mutationFn: async () =>
      (
        await api.put<PointSettings & { note: string }>('/point/settings', {
          expire_after_months: asNumber(months),
          notify_days_before: asNumber(notify) ?? 0,
        })
      ).data,
    onSuccess: (saved) => {
      qc.setQueryData(KEY, saved);
      notifySuccess(saved.note, t(`${T}.saved`));
    },
  });

  return (
    <Stack gap="md" maw={720}>
      <PageHeader crumbs={[{ label: t('nav.groups.loyalty') }]} title={t(`${T}.title`)} />
      {q.isError ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
      <Paper withBorder p="lg" radius="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Stack gap="md">
            <NumberInput
              label={t(`${T}.months`)}
              description={t(`${T}.monthsHelp`)}
              placeholder={t(`${T}.never`)}
              value={months}
              onChange={setMonths}
              allowDecimal={false}
              allowNegative={false}
              disabled={!canUpdate}
            />
            <NumberInput
              label={t(`${T}.notify`)}
              description={t(`${T}.notifyHelp`)}
              value={notify}
              onChange={setNotify}
              allowDecimal={false}
              allowNegative={false}
              disabled={!canUpdate}
            />
            <Alert variant="light" icon={<IconInfoCircle size={18} />}>
              {t(`${T}.appliesLater`)}
            </Alert>
            {save.isError ? <ErrorAlert error={save.error} /> : null}
            {q.data?.updated_by_name ? (
              <Text size="sm" c="dimmed">
                {t(`${T}.updatedBy`, {
                  name: q.data.updated_by_name,
                  at: formatDate(q.data.updated_at, true),
                })}
              </Text>
            ) : null}
            {canUpdate ? (
              <Group>
                <Button type="submit" loading={save.isPending} disabled={!q.data}>
                  {t('actions.save')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </form>
      </Paper>
      <PointTiersSection />
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Group gap="xs">
            <IconHourglass size={20} />
            <Title order={3} fz="h4">
              {t(`${T}.runTitle`)}
            </Title>
          </Group>
          <Text size="sm">{t(`${T}.runHelp`)}</Text>
          <Group>
            <ActionButton
              action={{
                contract: pointExpiryRunAction,
                invalidates: [...POINT_RESOURCES, 'point_expiring_report'],
              }}
              name="point_settings"
              target={{ rows: [], ids: [] }}
            />
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
