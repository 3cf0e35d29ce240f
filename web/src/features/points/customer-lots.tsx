// A store's point lots on its page: what expires next ("N points expire on D"), then each lot with
// its points, what remains, when it was earned and expires, its status and the movements that drew
// from it (GET /point/expiring/customer_id/:id and GET /point/lots).
import type { PointLot } from '@lbo/contract/points.lots';
import { Alert, Badge, Group, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { resourceKeys } from '../../app/query-keys';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { formatDate, formatNumber } from '../../components/resource/format';
import { PointTypeBadge } from './point-shared';

const k = (key: string) => `resources.point_lots.${key}`;
const STATUS_COLORS = { open: 'teal', spent: 'gray', expired: 'yellow' } as const;

type Expiring = { expiring_points: number; next_date: string | null; next_points: number };

export function CustomerLots({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const next = useQuery({
    queryKey: [...resourceKeys('point_ledger').list({ expiring: customerId })],
    queryFn: async ({ signal }) =>
      (await api.get<Expiring>(`/point/expiring/customer_id/${customerId}`, undefined, signal)).data,
  });
  const lots = useQuery({
    queryKey: [...resourceKeys('point_ledger').list({ lots: customerId })],
    queryFn: async ({ signal }) =>
      (await api.get<PointLot[]>('/point/lots', { customer_id: customerId, limit: 100 }, signal)).data,
  });
  if (next.isPending || lots.isPending) return <Loader size="sm" m="md" aria-label={t('common.loading')} />;
  if (next.isError) return <ErrorAlert error={next.error} onRetry={() => next.refetch()} />;
  if (lots.isError) return <ErrorAlert error={lots.error} onRetry={() => lots.refetch()} />;
  const n = next.data;
  return (
    <Stack gap="sm">
      <Alert variant="light" color={n.next_date ? 'yellow' : 'gray'} icon={<IconHourglass size={18} />}>
        {n.next_date ? (
          <Stack gap={2}>
            <Text fw={600} data-testid="points-expiring">
              {t(k('expiring'), { points: formatNumber(n.next_points, lang), date: formatDate(n.next_date) })}
            </Text>
            {n.expiring_points > n.next_points ? (
              <Text size="sm">
                {t(k('expiringTotal'), { points: formatNumber(n.expiring_points, lang) })}
              </Text>
            ) : null}
          </Stack>
        ) : (
          t(k('nothingExpires'))
        )}
      </Alert>
      {lots.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(k('empty'))}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420} type="auto">
          <Table striped verticalSpacing={6} fz="sm" aria-label={t(k('title'))}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(k('earned_on'))}</Table.Th>
                <Table.Th>{t(k('expires_on'))}</Table.Th>
                <Table.Th ta="right">{t(k('points'))}</Table.Th>
                <Table.Th ta="right">{t(k('remaining'))}</Table.Th>
                <Table.Th>{t(k('status'))}</Table.Th>
                <Table.Th>{t(k('drawn'))}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lots.data.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Group gap={6} wrap="nowrap">
                      {formatDate(l.earned_on)}
                      <PointTypeBadge type={l.point_type} />
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {l.expires_on ? formatDate(l.expires_on) : t(k('never'))}
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(l.points, lang)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(l.remaining, lang)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLORS[l.status]}>
                      {t(k(`statuses.${l.status}`))}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {l.draws.map((d) => (
                        <Badge key={`${d.ledger_id}-${d.amount}`} variant="outline" color="gray" tt="none">
                          #{d.ledger_id}: {formatNumber(-d.amount, lang)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
