// The one import dialog every import uses (CONTRACT.md section 7, contract/src/import.ts):
// 1. choose a CSV/XLSX file (or paste a list, for one-column imports); it is read in a Web Worker
//    with progress, its columns mapped to the template's by header name; the template is offered
//    as an XLSX download;
// 2. preview the first rows; "Check" sends them with dry_run (upload progress shown) and the rows the
//    server refuses (invalid, or outside the user's branches) are listed with its messages, in the
//    user's language, to fix the file or leave them out (useImportRun reads the rows of the answer);
// 3. "Import" sends the same rows for real and shows the counts (inserted / updated / unchanged).
// A page with its own preview (the points injection) uses collect mode instead: `onCollect` gets the
// rows read and checked against the row schema here, and the page sends them itself.
import type { ImportContract, ImportResult } from '@lbo/contract/import';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  IconAlertTriangle,
  IconCheck,
  IconClipboardText,
  IconDownload,
  IconFileImport,
  IconFileSpreadsheet,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../feedback/error-alert';
import { formatNumber } from '../resource/format';
import type { ImportRow, ParsedImport, ParseProgress, ParseTemplate } from './import-parse';
import { downloadTemplate } from './import-template';
import { parseImport } from './parse-file';
import { type RowErrors, useImportRun } from './use-import-run';

const T = 'importDialog';
const PREVIEW_ROWS = 20;
const ERROR_ROWS = 100;

export type ImportDialogProps<R extends ImportResult> = {
  opened: boolean;
  onClose(): void;
  contract: ImportContract;
  title: string;
  /** The import's shared fields, sent beside the rows. */
  params?: Record<string, unknown>;
  /** Offer "paste a list" (one-column imports). */
  paste?: boolean;
  /** Collect mode: hand the rows over instead of importing them here. */
  onCollect?(rows: ImportRow[]): void;
  onDone?(result: R): void;
  /** The import's own sentence about a result (beside the counts). */
  describeResult?(result: R): ReactNode;
};

type Phase = 'source' | 'preview' | 'done';

export function ImportDialog<R extends ImportResult = ImportResult>(props: ImportDialogProps<R>) {
  // The body holds the state: Mantine unmounts it when the dialog closes, so each opening starts afresh.
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size="xl" centered>
      <ImportDialogBody {...props} />
    </Modal>
  );
}

function ImportDialogBody<R extends ImportResult>(props: ImportDialogProps<R>) {
  const { onClose, contract } = props;
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const template = contract.template;
  const parseTemplate: ParseTemplate = useMemo(
    () => ({
      columns: template?.columns ?? [],
      required: template?.required ?? [],
      numbers: template?.numbers,
      aliases: template?.aliases,
    }),
    [template],
  );
  const [phase, setPhase] = useState<Phase>('source');
  const [name, setName] = useState('');
  const [parsed, setParsed] = useState<ParsedImport | null>(null);
  const [reading, setReading] = useState<ParseProgress | null>(null);
  const [readError, setReadError] = useState<unknown>(null);
  const importRun = useImportRun<R>(contract.path);
  // The rows refused: by the server's last answer, or in collect mode by the row schema here.
  const { rowErrors: errors, setRowErrors: setErrors, error: requestError, upload, busy } = importRun;
  const [checked, setChecked] = useState<R | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [text, setText] = useState('');
  const abort = useRef<AbortController | null>(null);

  const reset = () => {
    abort.current?.abort();
    setPhase('source');
    setParsed(null);
    setReading(null);
    setReadError(null);
    importRun.reset();
    setChecked(null);
    setResult(null);
  };

  const read = async (source: File | string) => {
    reset();
    setName(typeof source === 'string' ? t(`${T}.pasted`) : source.name);
    const ctl = new AbortController();
    abort.current = ctl;
    setReading({ phase: 'reading', done: 0, total: 1 });
    try {
      const p = await parseImport(source, parseTemplate, setReading, ctl.signal);
      if (ctl.signal.aborted) return;
      setParsed(p);
      // Collect mode checks the rows against the contract's row schema here (the page's own
      // preview asks the server later); the server is the judge in the dialog's own flow.
      if (props.onCollect) setErrors(localErrors(p.rows, contract));
      setPhase('preview');
    } catch (e) {
      if (!ctl.signal.aborted) setReadError(e);
    } finally {
      setReading(null);
    }
  };

  const rows = parsed?.rows ?? [];
  const blocked =
    !parsed ||
    rows.length === 0 ||
    rows.length > contract.maxRows ||
    parsed.mapping.missing.length > 0 ||
    (errors !== null && errors.byRow.size + errors.general.length > 0);

  const send = async (dryRun: boolean) => {
    const body = { ...props.params, [contract.rowsKey]: rows, ...(dryRun ? { dry_run: true } : {}) };
    const out = await importRun.run(body, { progress: true });
    if (out.state === 'refused') setChecked(null);
    if (out.state !== 'ok') return;
    if (dryRun) setChecked(out.data);
    else {
      setResult(out.data);
      setPhase('done');
      props.onDone?.(out.data);
    }
  };

  /** Leaves out the rows the server (or the row schema) refused; they must be checked again. */
  const dropBad = () => {
    if (!parsed || !errors) return;
    const keep = (_: unknown, i: number) => !errors.byRow.has(i);
    setParsed({ ...parsed, rows: parsed.rows.filter(keep), lines: parsed.lines.filter(keep) });
    setErrors(null);
    setChecked(null);
  };

  const collect = () => {
    props.onCollect?.(rows);
    onClose();
  };

  const counts = (r: ImportResult) =>
    t(`${T}.counts`, { inserted: n(r.inserted), updated: n(r.updated), unchanged: n(r.unchanged) });

  return (
    <Stack gap="md" data-testid="import-dialog">
      {phase === 'source' ? (
        <SourceStep
          template={parseTemplate}
          paste={!!props.paste}
          text={text}
          onText={setText}
          onRead={read}
          reading={reading}
          name={name}
          max={contract.maxRows}
          onTemplate={template ? () => downloadTemplate(contract.name, template) : undefined}
        />
      ) : null}
      {readError ? <ErrorAlert error={readError} title={t(`${T}.readFailed`)} /> : null}

      {phase === 'preview' && parsed ? (
        <>
          <Group gap="xs">
            <Badge variant="light" size="lg" leftSection={<IconFileSpreadsheet size={14} />}>
              {t(`${T}.rowsRead`, { count: rows.length, total: n(rows.length), name })}
            </Badge>
            {parsed.mapping.hasHeader ? (
              <Text size="sm" c="dimmed">
                {t(`${T}.columnsUsed`, { columns: Object.keys(parsed.mapping.index).join(', ') })}
                {parsed.mapping.ignored.length > 0
                  ? ` · ${t(`${T}.columnsIgnored`, { columns: parsed.mapping.ignored.join(', ') })}`
                  : ''}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {t(`${T}.noHeader`, { column: parseTemplate.columns[0] })}
              </Text>
            )}
          </Group>
          {parsed.mapping.missing.length > 0 ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />}>
              {t(`${T}.missingColumns`, { columns: parsed.mapping.missing.join(', ') })}
            </Alert>
          ) : null}
          {rows.length === 0 ? <Alert color="orange">{t(`${T}.empty`)}</Alert> : null}
          {rows.length > contract.maxRows ? (
            <Alert color="red">
              {t(`${T}.tooMany`, { max: n(contract.maxRows), count: n(rows.length) })}
            </Alert>
          ) : null}
          {errors && errors.byRow.size + errors.general.length > 0 ? (
            <Alert
              color="red"
              icon={<IconAlertTriangle size={18} />}
              title={t(`${T}.errorsTitle`, { count: errors.byRow.size || errors.general.length })}
              data-testid="import-errors"
            >
              <Stack gap={6}>
                <Text size="sm">{t(`${T}.errorsText`)}</Text>
                {errors.general.map((m) => (
                  <Text size="sm" key={m}>
                    {m}
                  </Text>
                ))}
                {errors.byRow.size > 0 ? (
                  <Group>
                    <Button size="xs" variant="white" color="red" onClick={dropBad}>
                      {t(`${T}.dropBad`, { count: errors.byRow.size })}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <PreviewTable parsed={parsed} columns={parseTemplate.columns} errors={errors} />
          {checked ? (
            <Alert color="teal" icon={<IconCheck size={18} />} data-testid="import-checked">
              {t(`${T}.checked`, { counts: counts(checked) })}
            </Alert>
          ) : null}
          {requestError ? <ErrorAlert error={requestError} /> : null}
          {upload !== null ? (
            <Stack gap={4}>
              <Progress value={upload} animated={upload >= 100} />
              <Text size="xs" c="dimmed">
                {upload < 100 ? t(`${T}.sending`, { percent: upload }) : t(`${T}.serverWorking`)}
              </Text>
            </Stack>
          ) : null}
          <Group justify="space-between">
            <Button variant="default" onClick={reset} disabled={busy}>
              {t(`${T}.back`)}
            </Button>
            {props.onCollect ? (
              <Button leftSection={<IconCheck size={16} />} disabled={blocked} onClick={collect}>
                {t(`${T}.add`, { count: rows.length, total: n(rows.length) })}
              </Button>
            ) : (
              <Group gap="xs">
                <Button
                  variant={checked ? 'default' : 'filled'}
                  disabled={blocked}
                  loading={busy && !checked}
                  onClick={() => send(true)}
                >
                  {t(`${T}.check`)}
                </Button>
                <Button
                  leftSection={<IconUpload size={16} />}
                  disabled={blocked || !checked}
                  loading={busy && !!checked}
                  onClick={() => send(false)}
                >
                  {t(`${T}.import`, { count: rows.length, total: n(rows.length) })}
                </Button>
              </Group>
            )}
          </Group>
        </>
      ) : null}

      {phase === 'done' && result ? (
        <>
          <Alert
            color="teal"
            icon={<IconCheck size={18} />}
            title={t(`${T}.doneTitle`)}
            data-testid="import-result"
          >
            <Stack gap={4}>
              <Text size="sm">{counts(result)}</Text>
              {props.describeResult ? <Text size="sm">{props.describeResult(result)}</Text> : null}
            </Stack>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t(`${T}.close`)}</Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

/** Row-schema problems of rows read for collect mode, as the server would word them (without `row N: `). */
function localErrors(rows: ImportRow[], contract: ImportContract): RowErrors {
  const byRow = new Map<number, string[]>();
  rows.forEach((row, i) => {
    const r = contract.row.safeParse(row);
    if (!r.success) {
      byRow.set(
        i,
        r.error.issues.map((iss) => `${iss.path.length > 0 ? `${iss.path.join('.')}: ` : ''}${iss.message}`),
      );
    }
  });
  return { byRow, general: [] };
}

function SourceStep(p: {
  template: ParseTemplate;
  paste: boolean;
  text: string;
  onText(v: string): void;
  onRead(source: File | string): void;
  reading: ParseProgress | null;
  name: string;
  max: number;
  onTemplate?: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [fileTypeError, setFileTypeError] = useState(false);
  const percent = p.reading ? Math.round((p.reading.done / Math.max(1, p.reading.total)) * 100) : 0;
  const file = (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => {
          setFileTypeError(false);
          if (files[0]) p.onRead(files[0]);
        }}
        onReject={() => setFileTypeError(true)}
        accept={{
          'text/csv': ['.csv'],
          'text/plain': ['.txt'],
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
          'application/vnd.ms-excel': ['.csv'],
        }}
        maxFiles={1}
        maxSize={50 * 1024 * 1024}
        loading={p.reading !== null}
        data-testid="import-file"
      >
        <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={36} stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={36} stroke={1.5} />
          </Dropzone.Idle>
          <div>
            <Text fw={500}>{t(`${T}.drop`)}</Text>
            <Text size="sm" c="dimmed">
              {t(`${T}.dropHint`, {
                columns: p.template.columns.join(', '),
                max: formatNumber(p.max, i18n.language),
              })}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {fileTypeError ? (
        <Text size="sm" c="red.8">
          {t(`${T}.fileType`)}
        </Text>
      ) : null}
    </Stack>
  );
  return (
    <Stack gap="sm">
      {p.paste ? (
        <Tabs defaultValue="file" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="file" leftSection={<IconFileImport size={16} />}>
              {t(`${T}.tabFile`)}
            </Tabs.Tab>
            <Tabs.Tab value="paste" leftSection={<IconClipboardText size={16} />}>
              {t(`${T}.tabPaste`)}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="file" pt="sm">
            {file}
          </Tabs.Panel>
          <Tabs.Panel value="paste" pt="sm">
            <Stack gap="xs">
              <Textarea
                label={t(`${T}.pasteLabel`, { column: p.template.columns[0] })}
                description={t(`${T}.pasteHint`)}
                placeholder={'BDG000123\nJKT000456'}
                autosize
                minRows={5}
                maxRows={12}
                value={p.text}
                onChange={(e) => p.onText(e.currentTarget.value)}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                data-testid="import-paste"
              />
              <Group>
                <Button disabled={p.text.trim() === ''} onClick={() => p.onRead(p.text)}>
                  {t(`${T}.read`)}
                </Button>
              </Group>
            </Stack>
          </Tabs.Panel>
        </Tabs>
      ) : (
        file
      )}
      {p.reading ? (
        <Stack gap={4}>
          <Progress value={percent} />
          <Text size="xs" c="dimmed">
            {t(`${T}.reading`, { name: p.name, percent })}
          </Text>
        </Stack>
      ) : null}
      {p.onTemplate ? (
        <Group>
          <Anchor component="button" type="button" size="sm" onClick={() => p.onTemplate?.()}>
            <Group gap={4}>
              <IconDownload size={14} />
              {t(`${T}.template`)}
            </Group>
          </Anchor>
        </Group>
      ) : null}
    </Stack>
  );
}

function PreviewTable({
  parsed,
  columns,
  errors,
}: {
  parsed: ParsedImport;
  columns: readonly string[];
  errors: RowErrors | null;
}) {
  const { t, i18n } = useTranslation();
  const bad = errors ? [...errors.byRow.keys()].sort((a, b) => a - b) : [];
  const showing =
    bad.length > 0 ? bad.slice(0, ERROR_ROWS) : parsed.rows.slice(0, PREVIEW_ROWS).map((_, i) => i);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {bad.length > 0
          ? t(`${T}.previewErrors`, { shown: showing.length, count: bad.length })
          : t(`${T}.previewFirst`, {
              shown: showing.length,
              count: formatNumber(parsed.rows.length, i18n.language),
            })}
      </Text>
      <ScrollArea.Autosize mah={360} type="auto">
        <Table striped withTableBorder fz="sm" data-testid="import-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`${T}.row`)}</Table.Th>
              <Table.Th>{t(`${T}.line`)}</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
              {bad.length > 0 ? <Table.Th>{t(`${T}.problems`)}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {showing.map((i) => {
              const row = parsed.rows[i];
              const msgs = errors?.byRow.get(i);
              return (
                <Table.Tr key={i} c={msgs ? 'red.9' : undefined}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{parsed.lines[i]}</Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c} ff="monospace">
                      {row ? String(row[c] ?? '') : ''}
                    </Table.Td>
                  ))}
                  {bad.length > 0 ? <Table.Td>{msgs?.join('; ')}</Table.Td> : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}
