// Injecting points (POST /point/inject/): choose customers (search and filter the balance list,
// paste codes, or import a CSV/XLSX list), say how many points and why, check the preview with
// names and current balances, confirm. The server credits all of them or none; whatever it
// refuses is shown next to the customers it names.
import {
  MAX_INJECT_CUSTOMERS,
  MAX_POINTS_PER_MOVEMENT,
  PointInject,
  type PointInjectResult,
} from '@lbo/contract/points';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconArrowLeft, IconArrowRight, IconCheck, IconCoins, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, isApiError } from '../../app/api-client';
import { resourceKeys } from '../../app/query-keys';
import { usePermissions } from '../../app/use-session';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { notifySuccess } from '../../components/feedback/notify';
import { localizedZodResolver } from '../../components/form/zod-resolver';
import { PageHeader } from '../../components/layout/page-header';
import { formatNumber } from '../../components/resource/format';
import { NoAccess } from '../../components/resource/no-access';
import { useResourceScope } from '../../components/resource/resource-scope';
import { CustomerPickers } from './inject-pickers';
import { SelectionTable } from './inject-selection-table';
import { POINT_RESOURCES } from './point-shared';
import { useInjectSelection } from './use-inject-selection';

type Values = { points: number | null; reason: string; reference: string; entry_date: string | null };
const T = 'resources.point_injected.wizard';

export function PointInjectPage() {
  const perms = usePermissions('point');
  if (!perms.create) return <NoAccess />;
  return <InjectWizard />;
}

function InjectWizard() {
  const { entry } = useResourceScope();
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const sel = useInjectSelection(t);
  const [step, setStep] = useState(0);
  const [result, setResult] = useState<PointInjectResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);

  const found = sel.items.filter((it) => it.status === 'found');
  const pending = sel.items.filter((it) => it.status === 'pending').length;
  const unknown = sel.items.filter((it) => it.status === 'missing' || it.status === 'failed').length;
  const codes = found.map((it) => it.code);

  const form = useForm<Values, unknown, Values>({
    defaultValues: { points: null, reason: '', reference: '', entry_date: dayjs().format('YYYY-MM-DD') },
    resolver: localizedZodResolver(PointInject, t, {
      // The contract's schema checks the whole call: the chosen customers, and the fields here.
      prepare: (v) => ({ ...v, customer_codes: codes, entry_date: v.entry_date || undefined }),
    }) as never,
    mode: 'onTouched',
  });
  const values = form.watch();
  const points = Number(values.points) || 0;
  const lang = i18n.language;
  const n = (v: number) => formatNumber(v, lang);

  const title = t(`${T}.title`);
  const listTitle = t(`resources.${entry.name}.title`);

  const inject = async () => {
    setServerError(null);
    const body: PointInject = {
      customer_codes: codes,
      points,
      reason: values.reason.trim(),
      reference: values.reference.trim(),
      ...(values.entry_date ? { entry_date: values.entry_date } : {}),
    };
    try {
      const { data } = await api.post<PointInjectResult>('/point/inject/', body);
      await Promise.all(
        POINT_RESOURCES.map((name) => qc.invalidateQueries({ queryKey: resourceKeys(name).all })),
      );
      setResult(data);
      notifySuccess(
        t(`${T}.done`, { count: data.count, points: n(data.points), total: n(data.total_points) }),
      );
      setStep(3);
      // Show the balances as they are now.
      sel.refresh();
    } catch (e) {
      setServerError(e);
      if (isApiError(e)) sel.markErrors(e.messages);
      throw e;
    }
  };

  const restart = () => {
    sel.clear();
    form.reset();
    setResult(null);
    setServerError(null);
    setStep(0);
  };

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t(`nav.groups.${entry.group}`) },
          { label: listTitle, to: `/${entry.path}` },
          { label: title },
        ]}
        title={title}
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" maw={1200}>
        <Stepper
          active={step}
          onStepClick={(s) => (result ? undefined : s < step ? setStep(s) : undefined)}
          allowNextStepsSelect={false}
          size="sm"
        >
          <Stepper.Step
            label={t(`${T}.stepCustomers`)}
            description={t(`${T}.stepCustomersHint`, { count: found.length })}
          >
            <Stack gap="md" mt="md">
              <CustomerPickers selection={sel} />
              <SelectionTable selection={sel} title={t(`${T}.chosen`, { count: sel.items.length })} />
              {found.length > MAX_INJECT_CUSTOMERS ? (
                <Alert color="red" icon={<IconInfoCircle size={18} />}>
                  {t(`${T}.tooMany`, { max: n(MAX_INJECT_CUSTOMERS) })}
                </Alert>
              ) : null}
              <Group justify="space-between">
                <Button variant="default" component={Link} to={`/${entry.path}`}>
                  {t('actions.cancel')}
                </Button>
                <Button
                  rightSection={<IconArrowRight size={16} />}
                  disabled={found.length === 0 || pending > 0 || found.length > MAX_INJECT_CUSTOMERS}
                  onClick={() => setStep(1)}
                >
                  {pending > 0 ? t(`${T}.checking`, { count: pending }) : t(`${T}.next`)}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>

          <Stepper.Step label={t(`${T}.stepPoints`)} description={t(`${T}.stepPointsHint`)}>
            <form noValidate onSubmit={form.handleSubmit(() => setStep(2))} aria-label={t(`${T}.stepPoints`)}>
              <Stack gap="md" mt="md" maw={720}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Controller
                    control={form.control}
                    name="points"
                    render={({ field, fieldState }) => (
                      <NumberInput
                        label={t(`${T}.points`)}
                        description={t(`${T}.pointsHint`)}
                        required
                        min={1}
                        max={MAX_POINTS_PER_MOVEMENT}
                        allowDecimal={false}
                        allowNegative={false}
                        thousandSeparator="."
                        decimalSeparator=","
                        leftSection={<IconCoins size={16} />}
                        value={field.value ?? ''}
                        onChange={(v) => field.onChange(v === '' ? null : Number(v))}
                        onBlur={field.onBlur}
                        error={fieldState.error?.message}
                        data-autofocus
                      />
                    )}
                  />
                  <Controller
                    control={form.control}
                    name="entry_date"
                    render={({ field, fieldState }) => (
                      <DatePickerInput
                        label={t(`${T}.entryDate`)}
                        description={t(`${T}.entryDateHint`)}
                        valueFormat="DD MMM YYYY"
                        value={field.value}
                        onChange={(v) => field.onChange(v ?? null)}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                </SimpleGrid>
                <Controller
                  control={form.control}
                  name="reason"
                  render={({ field, fieldState }) => (
                    <Textarea
                      label={t(`${T}.reason`)}
                      description={t(`${T}.reasonHint`)}
                      required
                      autosize
                      minRows={2}
                      maxRows={6}
                      {...field}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="reference"
                  render={({ field, fieldState }) => (
                    <TextInput
                      label={t(`${T}.reference`)}
                      description={t(`${T}.referenceHint`)}
                      {...field}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <Group justify="space-between">
                  <Button
                    variant="default"
                    leftSection={<IconArrowLeft size={16} />}
                    onClick={() => setStep(0)}
                  >
                    {t(`${T}.back`)}
                  </Button>
                  <Button type="submit" rightSection={<IconArrowRight size={16} />}>
                    {t(`${T}.toPreview`)}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Stepper.Step>

          <Stepper.Step label={t(`${T}.stepPreview`)} description={t(`${T}.stepPreviewHint`)}>
            <Stack gap="md" mt="md">
              <Summary
                customers={found.length}
                points={points}
                reason={values.reason}
                reference={values.reference}
                date={values.entry_date}
              />
              {unknown > 0 ? (
                <Alert color="orange" icon={<IconInfoCircle size={18} />} title={t(`${T}.unknownTitle`)}>
                  {t(`${T}.unknownText`, { count: unknown })}
                </Alert>
              ) : null}
              {serverError ? <ErrorAlert error={serverError} title={t(`${T}.failed`)} /> : null}
              <SelectionTable selection={sel} title={t(`${T}.preview`)} addPoints={points} />
              <Group justify="space-between">
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={16} />}
                  onClick={() => setStep(1)}
                >
                  {t(`${T}.back`)}
                </Button>
                <Button
                  leftSection={<IconCheck size={16} />}
                  disabled={found.length === 0 || pending > 0 || unknown > 0 || points <= 0}
                  onClick={() => setConfirming(true)}
                >
                  {t(`${T}.confirm`)}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>

          <Stepper.Completed>
            {result ? (
              <Stack gap="md" mt="md">
                <Alert
                  color="teal"
                  variant="light"
                  icon={
                    <ThemeIcon color="teal" variant="light" radius="xl">
                      <IconCheck size={18} />
                    </ThemeIcon>
                  }
                  title={t(`${T}.doneTitle`)}
                >
                  {t(`${T}.done`, {
                    count: result.count,
                    points: n(result.points),
                    total: n(result.total_points),
                  })}
                </Alert>
                <SelectionTable selection={sel} title={t(`${T}.after`)} readOnly />
                <Group>
                  <Button component={Link} to={`/${entry.path}`}>
                    {t(`${T}.toList`)}
                  </Button>
                  <Button variant="default" component={Link} to="/point-balances">
                    {t(`${T}.toBalances`)}
                  </Button>
                  <Button variant="subtle" onClick={restart}>
                    {t(`${T}.again`)}
                  </Button>
                </Group>
              </Stack>
            ) : null}
          </Stepper.Completed>
        </Stepper>
      </Paper>
      <ConfirmDialog
        opened={confirming}
        title={t(`${T}.confirmTitle`)}
        message={t(`${T}.confirmText`, {
          count: found.length,
          points: n(points),
          total: n(points * found.length),
        })}
        confirmLabel={t(`${T}.confirm`)}
        confirmColor="blue"
        onClose={() => setConfirming(false)}
        onConfirm={inject}
      />
    </>
  );
}

function Summary({
  customers,
  points,
  reason,
  reference,
  date,
}: {
  customers: number;
  points: number;
  reason: string;
  reference: string;
  date: string | null;
}) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const stat = (label: string, value: string, testId: string) => (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {stat(t(`${T}.sumCustomers`), n(customers), 'inject-customers')}
        {stat(t(`${T}.sumPoints`), n(points), 'inject-points')}
        {stat(t(`${T}.sumTotal`), n(points * customers), 'inject-total')}
      </SimpleGrid>
      <Text size="sm">
        <Text span c="dimmed">
          {t(`${T}.reason`)}:
        </Text>{' '}
        {reason}
        {reference ? (
          <>
            {' · '}
            <Text span c="dimmed">
              {t(`${T}.reference`)}:
            </Text>{' '}
            {reference}
          </>
        ) : null}
        {' · '}
        <Text span c="dimmed">
          {t(`${T}.entryDate`)}:
        </Text>{' '}
        {date ? dayjs(date).format('DD MMM YYYY') : t(`${T}.today`)}
      </Text>
    </Stack>
  );
}
