// On a customer's page: links to what belongs to the customer (its point movements and balance,
// orders, invoices and change log), each a list filtered to this customer.
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconCoins, IconFileInvoice, IconHistory, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissions } from '../../app/use-session';
import { formatNumber } from '../../components/resource/format';
import { customerListLink } from '../../components/resource/list-links';
import type { Row } from '../../components/resource/types';

export function CustomerRelated({ record }: { record: Row }) {
  const { t, i18n } = useTranslation();
  const points = usePermissions('point');
  const sales = usePermissions('sales');
  const customers = usePermissions('customer');
  const k = (key: string) => t(`resources.customer.related.${key}`);
  return (
    <Paper withBorder radius="md" p="md" data-testid="customer-related">
      <Text fw={600} size="sm" mb="xs">
        {k('title')}
      </Text>
      <Group gap="xs">
        {points.view ? (
          <Button
            component={Link}
            to={customerListLink('point-ledger', record)}
            variant="light"
            size="xs"
            leftSection={<IconCoins size={14} />}
          >
            {k('points')}
            {typeof record.point_balance === 'number'
              ? ` · ${formatNumber(record.point_balance, i18n.language)}`
              : ''}
          </Button>
        ) : null}
        {sales.view ? (
          <>
            <Button
              component={Link}
              to={customerListLink('orders', record)}
              variant="light"
              size="xs"
              leftSection={<IconShoppingCart size={14} />}
            >
              {k('orders')}
            </Button>
            <Button
              component={Link}
              to={customerListLink('invoices', record)}
              variant="light"
              size="xs"
              leftSection={<IconFileInvoice size={14} />}
            >
              {k('invoices')}
            </Button>
          </>
        ) : null}
        {customers.view ? (
          <Button
            component={Link}
            to={customerListLink('customer-log', record)}
            variant="light"
            size="xs"
            leftSection={<IconHistory size={14} />}
          >
            {k('log')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
