// Store tiers on the points settings screen (GET/PUT /point/tiers): the list edited as a whole, lowest
// first, validated by the contract's schema on the server (its 400 shown as it comes, per field), and
// the "recompute tiers now" action beside it.
import { type PointTier, type PointTierInput, pointTiersRecomputeAction } from '@lbo/contract/points.tiers';
import { Button, Group, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconStairsUp } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { usePermissions } from '../../app/use-session';
import { ActionButton } from '../../components/action/action-button';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { notifySuccess } from '../../components/feedback/notify';

const T = 'pages.point_settings';
const KEY = ['point_tiers'];

type Draft = { name: string; min_turnover_12m: number | string; multiplier: number | string };

export function PointTiersSection() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const canUpdate = usePermissions('point').update;
  const q = useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) =>
      (await api.get<{ tiers: PointTier[] }>('/point/tiers', undefined, signal)).data.tiers,
  });
  const [rows, setRows] = useState<Draft[]>([]);
  useEffect(() => {
    if (q.data)
      setRows(
        q.data.map(({ name, min_turnover_12m, multiplier }) => ({ name, min_turnover_12m, multiplier })),
      );
  }, [q.data]);
  const save = useMutation({
    mutationFn: async () =>
      (
        await api.put<{ tiers: PointTier[] }>('/point/tiers', {
          tiers: rows.map(
            (r): PointTierInput => ({
              name: r.name,
              min_turnover_12m: Number(r.min_turnover_12m || 0),
              multiplier: Number(r.multiplier || 0),
            }),
          ),
        })
      ).data.tiers,
    onSuccess: (tiers) => {
      qc.setQueryData(KEY, tiers);
      notifySuccess(t(`${T}.tiersSaved`));
    },
  });
  const set = (i: number, patch: Partial<Draft>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const stores = (name: string) => q.data?.find((x) => x.name.toLowerCase() === name.toLowerCase())?.stores;

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Group gap="xs">
          <IconStairsUp size={20} />
          <Title order={3} fz="h4">
            {t(`${T}.tiersTitle`)}
          </Title>
        </Group>
        <Text size="sm">{t(`${T}.tiersHelp`)}</Text>
        {q.isError ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Stack gap="sm">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`${T}.tierName`)}</Table.Th>
                  <Table.Th>{t(`${T}.tierMin`)}</Table.Th>
                  <Table.Th>{t(`${T}.tierMultiplier`)}</Table.Th>
                  <Table.Th>{t(`${T}.tierStores`)}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, their names change as typed
                  <Table.Tr key={i}>
                    <Table.Td>
                      <TextInput
                        aria-label={`${t(`${T}.tierName`)} ${i + 1}`}
                        value={r.name}
                        onChange={(e) => set(i, { name: e.currentTarget.value })}
                        disabled={!canUpdate}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`${t(`${T}.tierMin`)} ${i + 1}`}
                        value={r.min_turnover_12m}
                        onChange={(v) => set(i, { min_turnover_12m: v })}
                        thousandSeparator="."
                        decimalSeparator=","
                        allowNegative={false}
                        disabled={!canUpdate}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`${t(`${T}.tierMultiplier`)} ${i + 1}`}
                        value={r.multiplier}
                        onChange={(v) => set(i, { multiplier: v })}
                        decimalScale={2}
                        min={1}
                        max={10}
                        disabled={!canUpdate}
                      />
                    </Table.Td>
                    <Table.Td>{stores(r.name) ?? '–'}</Table.Td>
                    <Table.Td>
                      {canUpdate ? (
                        <Button
                          variant="subtle"
                          color="red"
                          size="xs"
                          onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                        >
                          {t(`${T}.tierRemove`)}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {save.isError ? <ErrorAlert error={save.error} /> : null}
            {canUpdate ? (
              <Group>
                <Button
                  variant="default"
                  onClick={() =>
                    setRows((all) => [
                      ...all,
                      { name: '', min_turnover_12m: all.length === 0 ? 0 : '', multiplier: 1 },
                    ])
                  }
                >
                  {t(`${T}.tierAdd`)}
                </Button>
                <Button type="submit" loading={save.isPending} disabled={!q.data || rows.length === 0}>
                  {t('actions.save')}
                </Button>
                <ActionButton
                  action={{ contract: pointTiersRecomputeAction, invalidates: ['customer', 'point_tiers'] }}
                  name="point_settings"
                  target={{ rows: [], ids: [] }}
                />
              </Group>
            ) : null}
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
