// The five bulk edits of the customer list (SPEC.md: bulk, maximum point, class_mekar,
// exclude_all_point, note): one small dialog each over the selected customers. A failed call keeps
// the dialog open with the server's message and what was typed; success shows a toast, clears the
// selection and refreshes every customer list.
import {
  CUSTOMER_BULK_PATHS,
  CustomerBulkEdit,
  type CustomerBulkResult,
  CustomerMaxPointEdit,
  CustomerNoteEdit,
} from '@lbo/contract/customers';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import {
  IconAdjustments,
  IconCoinOff,
  IconFlower,
  IconGauge,
  IconInfoCircle,
  IconNote,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { resourceKeys } from '../../app/query-keys';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { notifySuccess } from '../../components/feedback/notify';
import { useOptions } from '../../components/resource/select-options';
import type { BulkAction, BulkActionProps, Row } from '../../components/resource/types';
import { customerTypeSource, salesmanTypeSource } from '../common-sources';

/** Every screen that lists customers; a bulk edit refreshes them all. */
export const CUSTOMER_LIST_NAMES = ['customer', 'customer_max_point', 'customer_report', 'customer_log'];

const k = (key: string) => `resources.customer.bulk.${key}`;

type FrameProps = BulkActionProps & {
  action: string;
  path: string;
  /** The body without customer_ids, or null while the dialog has nothing valid to send. */
  body: Row | null;
  invalidHint?: string;
  children: ReactNode;
};

function BulkFrame({ rows, ids, onClose, onDone, action, path, body, invalidHint, children }: FrameProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const names = rows.slice(0, 3).map((r) => String(r.customer_name));

  const submit = async () => {
    if (!body) return;
    setPending(true);
    setError(null);
    try {
      const { data } = await api.put<CustomerBulkResult>(path, { customer_ids: ids, ...body });
      await Promise.all(
        CUSTOMER_LIST_NAMES.map((n) => qc.invalidateQueries({ queryKey: resourceKeys(n).all })),
      );
      notifySuccess(t(k('done'), { count: data.updated }), t(k(`${action}.title`)));
      onDone();
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened
      onClose={() => (pending ? undefined : onClose())}
      title={t(k(`${action}.title`))}
      size="lg"
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        aria-label={t(k(`${action}.title`))}
      >
        <Stack gap="md">
          <Text size="sm">
            {t(k('forCustomers'), { count: ids.length })}{' '}
            <Text span c="dimmed" size="sm">
              {names.join(', ')}
              {ids.length > names.length ? ` +${ids.length - names.length}` : ''}
            </Text>
          </Text>
          {children}
          {error ? <ErrorAlert error={error} title={t(k('failed'))} /> : null}
          {!body && invalidHint ? (
            <Text size="xs" c="dimmed">
              {invalidHint}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={pending} disabled={!body}>
              {t(k('apply'), { count: ids.length })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
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

function BulkEditDialog(props: BulkActionProps) {
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
      action="bulk"
      path={CUSTOMER_BULK_PATHS.bulk}
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

function MaxPointDialog(props: BulkActionProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | ''>('');
  const [noCap, setNoCap] = useState(false);
  const body = { monthly_max_point: noCap ? null : value === '' ? undefined : value };
  const parsed = CustomerMaxPointEdit.safeParse({ customer_ids: props.ids, ...body });
  return (
    <BulkFrame
      {...props}
      action="max_point"
      path={CUSTOMER_BULK_PATHS.max_point}
      body={parsed.success ? body : null}
      invalidHint={t(k('max_point.hint'))}
    >
      <NumberInput
        label={t('resources.customer.fields.monthly_max_point')}
        description={t(k('max_point.description'))}
        min={0}
        max={100_000_000}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator="."
        decimalSeparator=","
        value={value}
        onChange={(v) => setValue(v === '' ? '' : Number(v))}
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
}: BulkActionProps & { flag: 'class_mekar' | 'exclude_all_point'; warning?: boolean }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<'true' | 'false'>('true');
  return (
    <BulkFrame {...props} action={flag} path={CUSTOMER_BULK_PATHS[flag]} body={{ [flag]: value === 'true' }}>
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

function NoteDialog(props: BulkActionProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const parsed = CustomerNoteEdit.safeParse({ customer_ids: props.ids, note });
  return (
    <BulkFrame
      {...props}
      action="note"
      path={CUSTOMER_BULK_PATHS.note}
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

export const customerBulkActions: BulkAction[] = [
  { key: 'bulk', label: (t) => t(k('bulk.button')), icon: IconAdjustments, dialog: BulkEditDialog },
  { key: 'max_point', label: (t) => t(k('max_point.button')), icon: IconGauge, dialog: MaxPointDialog },
  {
    key: 'class_mekar',
    label: (t) => t(k('class_mekar.button')),
    icon: IconFlower,
    dialog: (p) => <FlagDialog {...p} flag="class_mekar" />,
  },
  {
    key: 'exclude_all_point',
    label: (t) => t(k('exclude_all_point.button')),
    icon: IconCoinOff,
    dialog: (p) => <FlagDialog {...p} flag="exclude_all_point" warning />,
  },
  { key: 'note', label: (t) => t(k('note.button')), icon: IconNote, dialog: NoteDialog },
];
