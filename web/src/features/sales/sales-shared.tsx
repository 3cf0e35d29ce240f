// Pieces the order and invoice screens share: status badges, the customer link, the document lines
// and the lookup box by document number.
import { DOCUMENT_NO_PATTERN, documentNoToPath } from '@lbo/contract/sales';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api, isApiError } from '../../app/api-client';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { formatNumber } from '../../components/resource/format';
import type { Row } from '../../components/resource/types';

const STATUS_COLORS: Record<string, string> = {
  new: 'blue',
  confirmed: 'cyan',
  processed: 'indigo',
  shipped: 'violet',
  delivered: 'teal',
  unpaid: 'orange',
  partial: 'yellow',
  paid: 'teal',
  cancelled: 'gray',
};

export const statusLabel = (v: string, t: TFunction) => t(`resources.sales.status.${v}`, { defaultValue: v });
export const paymentLabel = (v: string, t: TFunction) =>
  t(`resources.sales.payment.${v}`, { defaultValue: v });

export function statusBadge(r: Row, t: TFunction) {
  const s = String(r.status);
  return (
    <Badge variant="light" color={STATUS_COLORS[s] ?? 'gray'} tt="none">
      {statusLabel(s, t)}
    </Badge>
  );
}

export function customerCell(r: Row) {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={`/customers/${String(r.customer_id)}`} size="sm">
        {String(r.customer_name)}
      </Anchor>
      <Text span size="xs" c="dimmed">
        {String(r.customer_code)}
      </Text>
    </Stack>
  );
}

/** The lines of an order or an invoice, under its fields. */
export function DocumentLines({ data }: { data: Row }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const lines = (Array.isArray(data.lines) ? data.lines : []) as Row[];
  const f = (key: string) => t(`resources.sales.lines.${key}`);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={3} fz="h4" mb="sm">
        {t('resources.sales.lines.title', { count: lines.length })}
      </Title>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {f('empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing={6} fz="sm" data-testid="document-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>#</Table.Th>
                <Table.Th>{f('item')}</Table.Th>
                <Table.Th ta="right">{f('qty')}</Table.Th>
                <Table.Th ta="right">{f('price')}</Table.Th>
                <Table.Th ta="right">{f('discount')}</Table.Th>
                <Table.Th ta="right">{f('net_amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={String(l.id)}>
                  <Table.Td>{String(l.line_no)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/products/${String(l.item_id)}`} size="sm">
                      {String(l.item_name)}
                    </Anchor>{' '}
                    <Text span size="xs" c="dimmed">
                      {String(l.item_code)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(l.qty, lang)} {String(l.uom)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(l.price, lang, true)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(l.discount, lang, true)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} fw={500}>
                    {formatNumber(l.net_amount, lang, true)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/**
 * Finds one document by its number and opens it. SPEC.md section 5: the number goes into the path
 * with every `/` replaced by `&` (the server maps it back).
 */
export function DocumentLookup({
  path,
  idKey,
  to,
  label,
  placeholder,
}: {
  /** Route with `:param` for the number. */
  path: string;
  idKey: string;
  /** Screen path of the found document's detail. */
  to: string;
  label: string;
  placeholder: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [invalid, setInvalid] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);

  const submit = async () => {
    const no = value.trim();
    setError(null);
    setMissing(null);
    if (!DOCUMENT_NO_PATTERN.test(no)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setPending(true);
    try {
      const { data } = await api.get<Row>(path.replace(/:[A-Za-z_]+/, documentNoToPath(no)));
      navigate(`/${to}/${String(data[idKey])}`);
    } catch (e) {
      if (isApiError(e) && e.status === 404) setMissing(no);
      else setError(e);
    } finally {
      setPending(false);
    }
  };

  return (
    <Paper withBorder p="sm" radius="md" mb="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        aria-label={label}
      >
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={label}
            placeholder={placeholder}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setInvalid(false);
              setMissing(null);
            }}
            error={invalid || missing !== null}
            aria-describedby={invalid || missing ? 'document-lookup-message' : undefined}
            w={{ base: '100%', xs: 340 }}
            data-testid="document-lookup"
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" loading={pending} leftSection={<IconFileSearch size={16} />} variant="light">
            {t('resources.sales.lookup.find')}
          </Button>
        </Group>
      </form>
      {invalid || missing ? (
        <Text id="document-lookup-message" size="sm" c="red" mt={6} role="status">
          {invalid
            ? t('resources.sales.lookup.invalid')
            : t('resources.sales.lookup.notFound', { no: missing })}
        </Text>
      ) : null}
      {error ? (
        <Stack mt="sm">
          <ErrorAlert error={error} />
        </Stack>
      ) : null}
    </Paper>
  );
}
