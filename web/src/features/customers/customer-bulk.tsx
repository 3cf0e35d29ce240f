// The five bulk edits of the customer list (SPEC.md: bulk, maximum point, class_mekar,
// exclude_all_point, note) as list actions on the selected customers (contract:
// customers.actions.ts): one small dialog each, on the shared action dialog. A failed call keeps
// the dialog open with the server's message and what was typed; success shows a toast, keeps the
// selection and refreshes every customer list.
import type { AnyAction } from '@lbo/contract/action';
import {
  CustomerBulkEdit,
  type CustomerBulkResult,
  CustomerMaxPointEdit,
  CustomerNoteEdit,
} from '@lbo/contract/customers';
import {
  customerBulkEditAction,
  customerClassMekarAction,
  customerExcludeAllPointAction,
  customerMaxPointAction,
  customerNoteAction,
} from '@lbo/contract/customers.actions';
import { Alert, Checkbox, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import {
  IconAdjustments,
  IconCoinOff,
  IconFlower,
  IconGauge,
  IconInfoCircle,
  IconNote,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../components/action/action-dialog';
import type { ActionDescription, ActionDialogProps } from '../../components/action/action-types';
import { NumberField } from '../../components/form/number-field';
import { useOptions } from '../../components/resource/select-options';
import type { Row } from '../../components/resource/types';
import { customerTypeSource, salesmanTypeSource } from '../common-sources';

/** Every screen that lists customers; a bulk edit refreshes them all (the contract names them too). */
export const CUSTOMER_LIST_NAMES = ['customer', 'customer_max_point', 'customer_report', 'customer_log'];

const k = (key: string) => `resources.customer.bulk.${key}`;

type FrameProps = ActionDialogProps & {
  action: ActionDescription;
  /** The body without customer_ids, or null while the dialog has nothing valid to send. */
  body: Row | null;
  invalidHint?: string;
  children: ReactNode;
};

function BulkFrame({ action, body, ...props }: FrameProps) {
  return (
    <ActionDialog
      {...props}
      action={action}
      titles={props.titles ?? props.rows.map((r) => String(r.customer_name))}
      call={body ? { body: { customer_ids: props.ids, ...body } } : null}
    />
  );
}

/** "Leave as is / Yes / No" for one flag of the bulk edit. */
function TriState({
  label,
  value,
  onChange,
  t,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  t: TFunction;
}) {
  return (
    <Select
      label={label}
      data={[
        { value: '', label: t(k('unchanged')) },
        { value: 'true', label: t('common.yes') },
        { value: 'false', label: t('common.no') },
      ]}
      value={value}
      onChange={(v) => onChange(v ?? '')}
      allowDeselect={false}
    />
  );
}

const FLAGS = ['active', 'show_in_app', 'admin_validate', 'is_data_complete'] as const;

function BulkEditDialog(props: ActionDialogProps) {
  const { t } = useTranslation();
  const [flags, setFlags] = useState<Record<string, string>>({});
  const [typeId, setTypeId] = useState<string | null>(null);
  const [salesmanTypeId, setSalesmanTypeId] = useState<string | null>(null);
  const types = useOptions(customerTypeSource);
  const salesmanTypes = useOptions(salesmanTypeSource);
  const body: Row = {};
  for (const f of FLAGS) if (flags[f]) body[f] = flags[f] === 'true';
  if (typeId) body.customer_type_id = Number(typeId);
  if (salesmanTypeId) body.salesman_type_id = Number(salesmanTypeId);
  const valid = CustomerBulkEdit.safeParse({ customer_ids: props.ids, ...body }).success;
  return (
    <BulkFrame
      {...props}
      action={descriptions.bulk}
      body={valid ? body : null}
      invalidHint={t(k('bulk.pickOne'))}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {FLAGS.map((f) => (
          <TriState
            key={f}
            label={t(`resources.customer.fields.${f}`)}
            value={flags[f] ?? ''}
            onChange={(v) => setFlags((s) => ({ ...s, [f]: v }))}
            t={t}
          />
        ))}
        <Select
          label={t('resources.customer.fields.customer_type_id')}
          placeholder={t(k('unchanged'))}
          data={types.options}
          value={typeId}
          onChange={setTypeId}
          clearable
          searchable
        />
        <Select
          label={t('resources.customer.fields.salesman_type_id')}
          placeholder={t(k('unchanged'))}
          data={salesmanTypes.options}
          value={salesmanTypeId}
          onChange={setSalesmanTypeId}
          clearable
          searchable
        />
      </SimpleGrid>
    </BulkFrame>
  );
}

function MaxPointDialog(props: ActionDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>('');
  const [noCap, setNoCap] = useState(false);
  const body = { monthly_max_point: noCap ? null : value === '' ? undefined : value };
  const parsed = CustomerMaxPointEdit.safeParse({ customer_ids: props.ids, ...body });
  return (
    <BulkFrame
      {...props}
      action={descriptions.max_point}
      body={parsed.success ? body : null}
      invalidHint={t(k('max_point.hint'))}
    >
      <NumberField
        label={t('resources.customer.fields.monthly_max_point')}
        description={t(k('max_point.description'))}
        min={0}
        max={100_000_000}
        allowDecimal={false}
        value={value}
        onChange={(v) => setValue(v === null ? '' : v)}
        disabled={noCap}
        data-autofocus
      />
      <Checkbox
        label={t(k('max_point.remove'))}
        checked={noCap}
        onChange={(e) => setNoCap(e.currentTarget.checked)}
      />
    </BulkFrame>
  );
}

function FlagDialog({
  flag,
  warning,
  ...props
}: ActionDialogProps & { flag: 'class_mekar' | 'exclude_all_point'; warning?: boolean }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<'true' | 'false'>('true');
  return (
    <BulkFrame {...props} action={descriptions[flag]} body={{ [flag]: value === 'true' }}>
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t(`resources.customer.fields.${flag}`)}
        </Text>
        <SegmentedControl
          value={value}
          onChange={(v) => setValue(v as 'true' | 'false')}
          data={[
            { value: 'true', label: t(k(`${flag}.set`)) },
            { value: 'false', label: t(k(`${flag}.clear`)) },
          ]}
          aria-label={t(`resources.customer.fields.${flag}`)}
        />
      </Stack>
      <Alert
        variant="light"
        color={warning && value === 'true' ? 'orange' : 'blue'}
        icon={<IconInfoCircle size={18} />}
      >
        {t(k(`${flag}.${value === 'true' ? 'explainSet' : 'explainClear'}`))}
      </Alert>
    </BulkFrame>
  );
}

function NoteDialog(props: ActionDialogProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const parsed = CustomerNoteEdit.safeParse({ customer_ids: props.ids, note });
  return (
    <BulkFrame
      {...props}
      action={descriptions.note}
      body={parsed.success ? { note } : null}
      invalidHint={t('validation.maxLength', { max: 1000 })}
    >
      <Textarea
        label={t('resources.customer.fields.note')}
        description={t(k('note.description'))}
        rows={4}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={parsed.success ? undefined : t('validation.maxLength', { max: 1000 })}
        data-autofocus
      />
    </BulkFrame>
  );
}

/** One description per bulk edit: its contract, button, texts and dialog. */
function bulkAction(
  key: string,
  contract: AnyAction,
  icon: ActionDescription['icon'],
  dialog: ComponentType<ActionDialogProps>,
): ActionDescription {
  return {
    key,
    contract,
    icon,
    dialog,
    // Staff apply several edits to the same customers one after another.
    keepSelection: true,
    texts: {
      label: (t) => t(k(`${key}.button`)),
      title: (t) => t(k(`${key}.title`)),
      message: (t, { target }) => t(k('forCustomers'), { count: target.ids.length }),
      confirm: (t, { target }) => t(k('apply'), { count: target.ids.length }),
      done: (t, { result }) => t(k('done'), { count: (result as CustomerBulkResult).updated }),
    },
  };
}

const descriptions = {
  bulk: bulkAction('bulk', customerBulkEditAction, IconAdjustments, BulkEditDialog),
  max_point: bulkAction('max_point', customerMaxPointAction, IconGauge, MaxPointDialog),
  class_mekar: bulkAction('class_mekar', customerClassMekarAction, IconFlower, (p) => (
    <FlagDialog {...p} flag="class_mekar" />
  )),
  exclude_all_point: bulkAction('exclude_all_point', customerExcludeAllPointAction, IconCoinOff, (p) => (
    <FlagDialog {...p} flag="exclude_all_point" warning />
  )),
  note: bulkAction('note', customerNoteAction, IconNote, NoteDialog),
};

/** The customer list's actions (also on the max-point screen). */
export const customerActions: ActionDescription[] = Object.values(descriptions);
