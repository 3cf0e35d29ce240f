// A store's current point balance (GET /point/balance/customer_id/{id}): beside a redemption, so staff
// see it change after a redeem or a revert, and beside the deduction form, so they see what can be
// taken before saving.
import type { PointBalance } from '@lbo/contract/points';
import { Group, Paper, Text } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { resourceKeys } from '../../app/query-keys';
import { formatNumber } from '../resource/format';

export function StoreBalance({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation();
  const q = useQuery({
    queryKey: resourceKeys('point_balance').detail(customerId),
    queryFn: async ({ signal }) =>
      (await api.get<PointBalance>(`/point/balance/customer_id/${customerId}`, undefined, signal)).data,
  });
  return (
    <Paper withBorder p="sm" mt="md" radius="md">
      <Group gap="xs">
        <IconWallet size={18} />
        <Text size="sm">{t('storeBalance.now')}</Text>
        <Text fw={700} data-testid="store-balance">
          {q.data ? formatNumber(q.data.point_balance, i18n.language) : '…'}
        </Text>
        <Text size="sm" c="dimmed">
          {t('storeBalance.points')}
        </Text>
      </Group>
    </Paper>
  );
}
