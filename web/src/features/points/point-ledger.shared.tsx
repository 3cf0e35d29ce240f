// The points ledger (GET /point/) as several screens: every movement, master points (type 1),
// deductions (type 5) and injected points (type 2). Each is the same contract with the point type
// fixed; staff-written rows can be corrected (PUT) or voided (DELETE), system rows cannot.
import { POINT_TYPE, type PointEntry, pointEntryContract } from '@lbo/contract/points';
import { pointVoidAction } from '@lbo/contract/points.actions';
import { Anchor, Badge, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { ActionDescription } from '../../components/action/action-types';
import type { ColumnDef, DetailField, FilterDef, FormFieldOf, Row } from '../../components/resource/types';
import { branchSource, customerLookupSource } from '../common-sources';
import {
  customerColumns,
  customerLabel,
  MANUAL_TYPE_OPTIONS,
  POINT_RESOURCES,
  POINT_TYPE_OPTIONS,
  PointsValue,
  PointTypeBadge,
  pointTypeLabel,
} from './point-shared';

type Col = ColumnDef<PointEntry>;

export const ledgerTitle = (r: PointEntry) => `#${r.id} · ${r.customer_code} ${r.customer_name}`;

/** The contract without the writing routes: a read-only view of system rows. */
export const readOnlyLedgerContract = {
  ...pointEntryContract,
  paths: { list: pointEntryContract.paths.list, get: pointEntryContract.paths.get },
  create: undefined,
  update: undefined,
};

export const col = {
  entryDate: { key: 'entry_date', kind: 'date', sortKey: 'entry_date', width: 120 } satisfies Col,
  customer: customerColumns<PointEntry>({ link: true, sortable: true }).map((c) =>
    // The ledger sorts by name, not by code.
    c.key === 'customer_code' ? { ...c, sortKey: undefined } : c,
  ),
  branch: { key: 'branch_name', visibleFrom: 'xl' } satisfies Col,
  type: {
    key: 'point_type',
    noWrap: true,
    render: (r) => <PointTypeBadge type={r.point_type} />,
    exportValue: (r, t) => pointTypeLabel(r.point_type, t),
  } satisfies Col,
  points: {
    key: 'points',
    sortKey: 'points',
    render: (r) => <PointsValue value={r.points} voided={r.void} />,
    exportValue: (r) => r.points,
    noWrap: true,
    align: 'right' as const,
  } satisfies Col,
  balanceAfter: { key: 'balance_after', kind: 'number', align: 'right', visibleFrom: 'xl' } satisfies Col,
  invoice: { key: 'invoice_document_no', noWrap: true, visibleFrom: 'lg' } satisfies Col,
  reference: { key: 'reference', visibleFrom: 'lg' } satisfies Col,
  reason: { key: 'reason', visibleFrom: 'lg' } satisfies Col,
  status: {
    key: 'status',
    computed: true,
    width: 110,
    visibleFrom: 'md',
    render: (r, t) => <LedgerStatus row={r} t={t} />,
    exportValue: (r, t) => statusText(r, t),
  } satisfies Col,
  createdBy: { key: 'created_by_name', visibleFrom: 'xl' } satisfies Col,
};

function statusText(r: PointEntry, t: TFunction) {
  return t(`resources.point_ledger.statuses.${r.void ? 'void' : r.editable ? 'staff' : 'system'}`);
}

function LedgerStatus({ row, t }: { row: PointEntry; t: TFunction }) {
  const color = row.void ? 'red' : row.editable ? 'teal' : 'gray';
  return (
    <Badge
      variant={row.void ? 'filled' : 'light'}
      color={color}
      size="sm"
      style={{ minWidth: 'max-content' }}
    >
      {statusText(row, t)}
    </Badge>
  );
}

export const filter = {
  dates: { kind: 'dateRange', key: 'entry_date', from: 'start_date', to: 'end_date' } satisfies FilterDef,
  type: {
    kind: 'enum',
    key: 'point_type',
    options: POINT_TYPE_OPTIONS,
    optionLabel: (v, t) => pointTypeLabel(v, t),
  } satisfies FilterDef,
  branch: { kind: 'select', key: 'branch_id', source: branchSource } satisfies FilterDef,
  void: { kind: 'boolean', key: 'void', labels: 'yesno' } satisfies FilterDef,
};

export const ledgerDetail: DetailField<PointEntry>[] = [
  { key: 'entry_date', kind: 'date' },
  { key: 'point_type', render: (r) => <PointTypeBadge type={r.point_type} full /> },
  { key: 'points', render: (r) => <PointsValue value={r.points} /> },
  { key: 'customer_code' },
  { key: 'customer_name' },
  { key: 'branch_name' },
  { key: 'balance_after', kind: 'number' },
  { key: 'status', computed: true, render: (r, t) => <LedgerStatus row={r as PointEntry} t={t} /> },
  {
    key: 'source',
    render: (r, t) =>
      t(`resources.point_ledger.sources.${String(r.source)}`, { defaultValue: String(r.source) }),
  },
  { key: 'invoice_document_no' },
  { key: 'reference' },
  {
    key: 'reverses_id',
    render: (r) =>
      r.reverses_id ? (
        <Anchor component={Link} to={`/point-ledger/${String(r.reverses_id)}`} size="sm">
          #{String(r.reverses_id)}
        </Anchor>
      ) : (
        <Text span c="dimmed">
          —
        </Text>
      ),
  },
  { key: 'reason', span: 2 },
  { key: 'created_by_name' },
  { key: 'created_at', kind: 'datetime' },
  { key: 'voided_at', kind: 'datetime' },
];

/** The manual movement form; `fixedType` hides the type (deductions, injections). */
export function ledgerForm(fixedType?: 2 | 5) {
  const fields: FormFieldOf<typeof pointEntryContract>[] = [
    {
      name: 'customer_id',
      widget: {
        kind: 'select',
        source: customerLookupSource,
        currentLabel: (v) => v.customer_label as string,
      },
      modes: ['create'],
      span: 2,
    },
  ];
  if (!fixedType) {
    fields.push({
      name: 'point_type',
      widget: { kind: 'enum', options: MANUAL_TYPE_OPTIONS, optionLabel: (v, t) => pointTypeLabel(v, t) },
    });
  }
  fields.push(
    { name: 'points', widget: { kind: 'number', min: fixedType ? 1 : undefined } },
    { name: 'entry_date', widget: { kind: 'date', typed: true }, emptyAs: 'omit' },
    { name: 'reference', widget: { kind: 'text' } },
    { name: 'reason', widget: { kind: 'textarea' }, span: 2 },
  );
  return {
    fields,
    defaults: { point_type: fixedType ? String(fixedType) : null, reference: '' },
    // Types 2 and 5 are entered as a positive number (the type gives the sign); 7 is signed.
    fromRecord: (r: PointEntry): Row => ({
      point_type: String(r.point_type),
      points: r.point_type === POINT_TYPE.correction ? r.points : Math.abs(r.points),
      entry_date: r.entry_date,
      reference: r.reference,
      reason: r.reason,
      customer_label: customerLabel(r),
    }),
    toBody: (v: Row): Row => {
      const type =
        fixedType ?? (v.point_type === null || v.point_type === undefined ? undefined : Number(v.point_type));
      const { customer_label: _l, ...rest } = v;
      return { ...rest, point_type: type };
    },
  };
}

/**
 * Voiding a staff movement (DELETE /point/:id) is an action with a confirmation, worded as the
 * ledger's texts say ("void", not "delete"); the row stays in the ledger marked void.
 */
export const voidAction: ActionDescription = {
  contract: pointVoidAction,
  icon: IconBan,
  available: (r) => r.editable === true,
  texts: {
    label: (t, { name }) => t(`resources.${name}.texts.delete`),
    title: (t, { name }) => t(`resources.${name}.texts.deleteTitle`),
    message: (t, { name, target }) => t(`resources.${name}.texts.deleteMessage`, { name: target.title }),
    confirm: (t, { name }) => t(`resources.${name}.texts.delete`),
    done: (t, { name, target }) => t(`resources.${name}.texts.deleted`, { name: target.title }),
  },
};

export const ledgerCommon = {
  title: ledgerTitle,
  canEdit: (r: PointEntry) => r.editable,
  // Not the generic delete: voiding is the `void` action below.
  canDelete: () => false,
  actions: [voidAction],
  invalidates: [...POINT_RESOURCES],
};
