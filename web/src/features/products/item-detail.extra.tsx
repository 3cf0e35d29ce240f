// Under a product: its units of measure (product lines) and its old prices.
import { itemOldPriceContract, itemUomLineContract } from '@lbo/contract/products';
import { Anchor, Badge, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resourceKeys } from '../../app/query-keys';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { formatDate, formatNumber } from '../../components/resource/format';
import { fetchList } from '../../components/resource/resource-api';
import type { Row } from '../../components/resource/types';

const k = (key: string) => `resources.item.detail.${key}`;

function useItemRows(
  name: string,
  contract: typeof itemUomLineContract | typeof itemOldPriceContract,
  itemId: number,
  by: string,
) {
  const query = { item_id: itemId, limit: 100, page: 1, by, sort: 'asc' };
  return useQuery({
    queryKey: resourceKeys(name).list(query),
    queryFn: ({ signal }) => fetchList(contract, query, signal),
  });
}

export function ItemDetailExtra({ record }: { record: Row }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const id = Number(record.item_id);
  const lines = useItemRows('item_uom_line', itemUomLineContract, id, 'id');
  const prices = useItemRows('item_old_price', itemOldPriceContract, id, 'effective_date');
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={3} fz="h4">
            {t(k('lines'))}
          </Title>
          <Anchor component={Link} to={`/product-lines?item_id=${id}`} size="sm">
            {t(k('allLines'))}
          </Anchor>
        </Group>
        {lines.isError ? (
          <ErrorAlert error={lines.error} onRetry={() => lines.refetch()} />
        ) : lines.data?.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(k('noLines'))}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={380}>
            <Table fz="sm" verticalSpacing={6} striped data-testid="item-uom-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('resources.item_uom_line.fields.uom')}</Table.Th>
                  <Table.Th ta="right">{t('resources.item_uom_line.fields.conversion_qty')}</Table.Th>
                  <Table.Th ta="right">{t('resources.item_uom_line.fields.price')}</Table.Th>
                  <Table.Th>{t('resources.item_uom_line.fields.barcode')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(lines.data?.rows ?? []).map((l) => (
                  <Table.Tr key={String(l.id)}>
                    <Table.Td>
                      {String(l.uom)}{' '}
                      {l.is_base ? (
                        <Badge size="xs" variant="light" tt="none">
                          {t(k('base'))}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(l.conversion_qty, lang)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatNumber(l.price, lang, true)}
                    </Table.Td>
                    <Table.Td>{String(l.barcode || '—')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={3} fz="h4">
            {t(k('oldPrices'))}
          </Title>
          <Anchor component={Link} to={`/old-prices?item_id=${id}`} size="sm">
            {t(k('allPrices'))}
          </Anchor>
        </Group>
        {prices.isError ? (
          <ErrorAlert error={prices.error} onRetry={() => prices.refetch()} />
        ) : prices.data?.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(k('noPrices'))}
          </Text>
        ) : (
          <Table fz="sm" verticalSpacing={6} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('resources.item_old_price.fields.effective_date')}</Table.Th>
                <Table.Th ta="right">{t('resources.item_old_price.fields.price')}</Table.Th>
                <Table.Th>{t('resources.item_old_price.fields.note')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(prices.data?.rows ?? []).map((p) => (
                <Table.Tr key={String(p.id)}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.effective_date)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(p.price, lang, true)}
                  </Table.Td>
                  <Table.Td>{String(p.note || '—')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </SimpleGrid>
  );
}
