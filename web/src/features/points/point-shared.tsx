// Pieces the points screens share: point type labels and badges, signed point amounts, the
// customer columns, and the names of every points screen (a change on one refreshes the others).
import { POINT_TYPE_VALUES } from '@lbo/contract/points';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '../../components/resource/format';
import type { ColumnDef, Row } from '../../components/resource/types';

/** Every points screen's resource name: they all show the same ledger and balances. */
export { POINT_RESOURCES } from '@lbo/contract/points.actions';

/** URL of the full ledger, searched for one customer code. */
export const ledgerOf = (customerCode: string) => `/point-ledger?search=${encodeURIComponent(customerCode)}`;

export const POINT_TYPE_OPTIONS = POINT_TYPE_VALUES.map(String);
export const MANUAL_TYPE_OPTIONS = ['2', '5', '7'] as const;

export const pointTypeLabel = (type: unknown, t: TFunction) =>
  t(`resources.point_ledger.types.${String(type)}`, { defaultValue: String(type) });

const TYPE_COLORS: Record<string, string> = {
  '1': 'blue',
  '2': 'teal',
  '3': 'grape',
  '4': 'orange',
  '5': 'red',
  '6': 'cyan',
  '7': 'gray',
  '8': 'yellow',
};

/** The type as a badge: its short name, the full one on hover and for screen readers. */
export function PointTypeBadge({ type, full }: { type: unknown; full?: boolean }) {
  const { t } = useTranslation();
  const label = pointTypeLabel(type, t);
  return (
    <Badge
      variant="light"
      color={TYPE_COLORS[String(type)] ?? 'gray'}
      style={{ textTransform: 'none', flexShrink: 0, minWidth: 'max-content' }}
      title={label}
      aria-label={label}
    >
      {full ? label : t(`resources.point_ledger.typesShort.${String(type)}`, { defaultValue: label })}
    </Badge>
  );
}

/** A point amount: credits green with a plus, debits red; `plain` leaves the colour out. */
export function PointsValue({
  value,
  signed = true,
  plain,
  voided,
}: {
  value: unknown;
  signed?: boolean;
  plain?: boolean;
  /** A void movement: struck through and grey, it no longer counts. */
  voided?: boolean;
}) {
  const { i18n } = useTranslation();
  if (value === null || value === undefined) {
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  }
  const n = Number(value);
  const text = formatNumber(Math.abs(n), i18n.language);
  const sign = n > 0 && signed ? '+' : n < 0 ? '−' : '';
  return (
    <Text
      span
      size="sm"
      c={voided || n === 0 ? 'dimmed' : plain ? undefined : n > 0 ? 'teal.8' : 'red.7'}
      fw={n === 0 ? 400 : 600}
      td={voided ? 'line-through' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {sign}
      {text}
    </Text>
  );
}

/**
 * The store as one column (name, and under it the code, linking to the store's movements) and its
 * code as an export-only column, so exports keep code and name apart.
 */
export function customerColumns<R extends { customer_code: unknown; customer_name: unknown }>(
  opts: { sortable?: boolean; link?: boolean } = {},
): ColumnDef<R>[] {
  return [
    {
      key: 'customer_name',
      sortKey: opts.sortable ? 'customer_name' : undefined,
      width: 220,
      render: (r) => {
        const code = String(r.customer_code ?? '');
        return (
          <Stack gap={0}>
            <Text span size="sm" lineClamp={2}>
              {String(r.customer_name ?? '')}
            </Text>
            {opts.link ? (
              <Anchor component={Link} to={ledgerOf(code)} size="xs" ff="monospace" w="fit-content">
                {code}
              </Anchor>
            ) : (
              <Text span size="xs" c="dimmed" ff="monospace">
                {code}
              </Text>
            )}
          </Stack>
        );
      },
    },
    { key: 'customer_code', exportOnly: true },
  ];
}

/** "CODE · Name" of a record with customer_code and customer_name. */
export const customerLabel = (r: Row) =>
  `${String(r.customer_code ?? '')} · ${String(r.customer_name ?? '')}`;

/** A yes/no flag as a small badge (only "yes" coloured). */
export function FlagBadge({ on, label }: { on: boolean; label: string }) {
  return (
    <Badge variant={on ? 'light' : 'outline'} color={on ? 'teal' : 'gray'} size="sm">
      {label}
    </Badge>
  );
}

/** Several point types as badges (a report row groups invoice, promo and correction rows). */
export function PointTypeBadges({ types }: { types: unknown }) {
  const list = Array.isArray(types) ? types : [types];
  return (
    <Group gap={4} wrap="nowrap">
      {list.map((ty) => (
        <PointTypeBadge key={String(ty)} type={ty} />
      ))}
    </Group>
  );
}

/**
 * A period (start_date – end_date) as one column, sorted by its start; the two dates are exported
 * as columns of their own.
 */
export function periodColumns<R extends { start_date: unknown; end_date: unknown }>(): ColumnDef<R>[] {
  return [
    {
      key: 'period',
      computed: true,
      sortKey: 'start_date',
      noWrap: true,
      noExport: true,
      render: (r) => `${formatDate(r.start_date)} – ${formatDate(r.end_date)}`,
    },
    { key: 'start_date', kind: 'date', exportOnly: true },
    { key: 'end_date', kind: 'date', exportOnly: true },
  ];
}
