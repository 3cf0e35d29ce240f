// On a customer's page: the profile change the store asked for in the companion app, waiting for
// validation, with what it would replace, and the approve and reject actions (hidden without the
// customer update permission). Nothing shows when no change waits.
import {
  CUSTOMER_PROFILE_CHANGE_PATH,
  customerProfileApproveAction,
  customerProfileRejectAction,
} from '@lbo/contract/customers.actions';
import type { StoreProfileChange } from '@lbo/contract/store';
import { Alert, Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconUserEdit, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { resourceKeys } from '../../app/query-keys';
import { ActionButton } from '../../components/action/action-button';
import type { ActionDescription } from '../../components/action/action-types';
import { formatDate } from '../../components/resource/format';
import { fillPath } from '../../components/resource/resource-api';
import type { Row } from '../../components/resource/types';

const approve: ActionDescription = { contract: customerProfileApproveAction, icon: IconCheck, color: 'teal' };
const reject: ActionDescription = { contract: customerProfileRejectAction, icon: IconX, color: 'red' };
const FIELDS = ['owner_name', 'address', 'photo_url'] as const;
const k = (key: string) => `resources.customer.profileChange.${key}`;

function Value({ field, value }: { field: (typeof FIELDS)[number]; value: string }) {
  const { t } = useTranslation();
  if (field !== 'photo_url') return <Text size="sm">{value || '—'}</Text>;
  return value ? (
    <Anchor href={value} target="_blank" rel="noreferrer" size="sm">
      <img src={value} alt={t(k('photo_url'))} style={{ maxWidth: 96, maxHeight: 96, display: 'block' }} />
    </Anchor>
  ) : (
    <Text size="sm" c="dimmed">
      {t(k('noPhoto'))}
    </Text>
  );
}

export function CustomerProfileChange({ record }: { record: Row }) {
  const { t } = useTranslation();
  const id = Number(record.customer_id ?? record.id);
  // Under the customer's detail key: the actions refresh the customer, and with it this.
  const q = useQuery({
    queryKey: [...resourceKeys('customer').detail(id), 'profile_change'],
    queryFn: async ({ signal }) =>
      (
        await api.get<StoreProfileChange | null>(
          fillPath(CUSTOMER_PROFILE_CHANGE_PATH, id),
          undefined,
          signal,
        )
      ).data,
  });
  const change = q.data;
  if (!change) return null;
  const asked = FIELDS.filter((f) => change[f] !== null);
  const target = {
    rows: [record],
    ids: [id],
    record,
    title: String(record.customer_name ?? ''),
  };
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconUserEdit size={18} />}
      title={t(k('title'))}
      data-testid="profile-change"
    >
      <Stack gap="sm">
        <Text size="sm">{t(k('intro'), { date: formatDate(change.requested_at, true) })}</Text>
        <Table verticalSpacing={4} fz="sm" withRowBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(k('field'))}</Table.Th>
              <Table.Th>{t(k('current'))}</Table.Th>
              <Table.Th>{t(k('requested'))}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {asked.map((f) => (
              <Table.Tr key={f}>
                <Table.Td>{t(k(f))}</Table.Td>
                <Table.Td>
                  <Value field={f} value={change[`current_${f}`]} />
                </Table.Td>
                <Table.Td>
                  <Value field={f} value={change[f] ?? ''} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group gap="xs">
          <ActionButton action={approve} name="customer" target={target} />
          <ActionButton action={reject} name="customer" target={target} variant="light" />
        </Group>
      </Stack>
    </Alert>
  );
}
