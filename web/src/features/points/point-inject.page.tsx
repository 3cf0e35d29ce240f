// Injecting points (POST /point/inject/, an import on the shared pipeline): choose customers (search
// and filter the balance list, paste codes, or import a CSV/XLSX list through the import dialog), say
// how many points and why, preview, confirm. Entering the preview sends the rows with dry_run: the
// server checks every one (unknown codes, repeats, branch scope) and its `row N` messages are shown
// on the customers they name, to remove; confirming sends the same rows for real (with upload
// progress for long lists). The server credits all of them or none.
import {
  MAX_INJECT_CUSTOMERS,
  MAX_POINTS_PER_MOVEMENT,
  PointInject,
  type PointInjectResult,
  pointInjectImport,
} from '@lbo/contract/points';
import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
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
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resourceKeys } from '../../app/query-keys';
import { usePermissions } from '../../app/use-session';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { notifySuccess } from '../../components/feedback/notify';
import { NumberField } from '../../components/form/number-field';
import { localizedZodResolver } from '../../components/form/zod-resolver';
import { useImportRun } from '../../components/import/use-import-run';
import { PageHeader } from '../../components/layout/page-header';
import { formatNumber } from '../../components/resource/format';
import { NoAccess } from '../../components/resource/no-access';
import { useResourceScope } from '../../components/resource/resource-scope';
import { CustomerPickers } from './inject-pickers';
import { SelectionTable } from './inject-selection-table';
import { POINT_RESOURCES } from './point-shared';
import { useInjectSelection } from './use-inject-selection';

type Values = {
  points: number | string | null;
  reason: string;
  reference: string;
  entry_date: string | null;
};
const T = 'resources.point_injected.wizard';

/** The server's verdict on the preview's dry run. */
type Check =
  | { state: 'idle' | 'checking' }
  | { state: 'ok'; result: PointInjectResult }
  | { state: 'refused'; count: number }
  | { state: 'failed'; error: unknown };

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
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  // The preview's dry run and the injection itself: each keeps only its latest answer.
  const checkRun = useImportRun<PointInjectResult>(pointInjectImport.path);
  const injectRun = useImportRun<PointInjectResult>(pointInjectImport.path);
  const upload = injectRun.upload;

  // Codes looked up and found, and long lists left to the server's check.
  const found = sel.items.filter((it) => it.status === 'found' || it.status === 'unchecked');
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

  const body = (dryRun: boolean): PointInject => ({
    rows: sel.rows(),
    points,
    reason: values.reason.trim(),
    reference: values.reference.trim(),
    ...(values.entry_date ? { entry_date: values.entry_date } : {}),
    ...(dryRun ? { dry_run: true } : {}),
  });

  // The preview's dry run: every row checked by the pipeline, nothing written. Run again whenever
  // the list changes on the preview (rows removed); a newer run replaces an older one's answer.
  const listKey = sel.items.map((it) => it.code).join('\n');
  const dryRun = async () => {
    setCheck({ state: 'checking' });
    const out = await checkRun.run(body(true));
    if (out.state === 'ok') {
      sel.markRowErrors(null);
      setCheck({ state: 'ok', result: out.data });
    } else if (out.state === 'refused') {
      sel.markRowErrors(out.rows);
      setCheck({ state: 'refused', count: out.rows.byRow.size });
    } else if (out.state === 'failed') setCheck({ state: 'failed', error: out.error });
  };
  // The effect below runs the latest dryRun (with the values of this render).
  const latestDryRun = useRef(dryRun);
  latestDryRun.current = dryRun;
  const checkNeeded = step === 2 && !result && listKey !== '' && points > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed list (rows removed) is checked again
  useEffect(() => {
    if (checkNeeded) void latestDryRun.current();
  }, [checkNeeded, listKey]);

  const inject = async () => {
    setServerError(null);
    const out = await injectRun.run(body(false), { progress: true });
    if (out.state === 'refused' || out.state === 'failed') {
      setServerError(out.error);
      if (out.state === 'refused') sel.markRowErrors(out.rows);
      throw out.error;
    }
    if (out.state === 'ok') {
      const data = out.data;
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
    }
  };

  const restart = () => {
    sel.clear();
    form.reset();
    setResult(null);
    setServerError(null);
    setCheck({ state: 'idle' });
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
                      <NumberField
                        label={t(`${T}.points`)}
                        description={t(`${T}.pointsHint`)}
                        required
                        min={1}
                        max={MAX_POINTS_PER_MOVEMENT}
                        allowDecimal={false}
                        leftSection={<IconCoins size={16} />}
                        value={field.value ?? null}
                        onChange={field.onChange}
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
              {unknown > 0 && check.state !== 'refused' ? (
                <Alert color="orange" icon={<IconInfoCircle size={18} />} title={t(`${T}.unknownTitle`)}>
                  {t(`${T}.unknownText`, { count: unknown })}
                </Alert>
              ) : null}
              <CheckStatus check={check} onRetry={() => void dryRun()} />
              {serverError ? <ErrorAlert error={serverError} title={t(`${T}.failed`)} /> : null}
              {upload !== null ? (
                <Stack gap={4}>
                  <Progress value={upload} animated={upload >= 100} />
                  <Text size="xs" c="dimmed">
                    {upload < 100
                      ? t('importDialog.sending', { percent: upload })
                      : t('importDialog.serverWorking')}
                  </Text>
                </Stack>
              ) : null}
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
                  disabled={
                    found.length === 0 || pending > 0 || unknown > 0 || points <= 0 || check.state !== 'ok'
                  }
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

/** What the server's dry run said about the list: checking, all good, or how many rows it refused. */
function CheckStatus({ check, onRetry }: { check: Check; onRetry: () => void }) {
  const { t } = useTranslation();
  if (check.state === 'checking' || check.state === 'idle') {
    return (
      <Text size="sm" c="dimmed" data-testid="inject-check">
        {t(`${T}.serverChecking`)}
      </Text>
    );
  }
  if (check.state === 'ok') {
    return (
      <Alert color="teal" variant="light" icon={<IconCheck size={18} />} data-testid="inject-check">
        {t(`${T}.serverOk`, { count: check.result.count })}
      </Alert>
    );
  }
  if (check.state === 'refused') {
    return (
      <Alert
        color="red"
        icon={<IconInfoCircle size={18} />}
        title={t(`${T}.serverRefusedTitle`, { count: check.count })}
        data-testid="inject-check"
      >
        {t(`${T}.serverRefused`)}
      </Alert>
    );
  }
  if (check.state === 'failed') {
    return <ErrorAlert error={check.error} title={t(`${T}.serverFailed`)} onRetry={onRetry} />;
  }
  return null;
}
