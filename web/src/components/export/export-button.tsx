// "Export" menu of a list: CSV or Excel of every row matching the current search and filters.
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../app/api-client';
import { notifyError } from '../feedback/notify';
import { fieldLabel } from '../resource/field-label';
import { plainValue } from '../resource/format';
import { type AnyResource, resourceName } from '../resource/types';
import { downloadBlob, EXPORT_CAP, type ExportCell, exportFile, fetchAllRows } from './export';
import { streamExport } from './stream-export';

export function ExportButton({ resource, query }: { resource: AnyResource; query: Query }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const name = resourceName(resource);

  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    const id = notifications.show({
      loading: true,
      title: t('export.running'),
      message: t('export.fetching'),
      autoClose: false,
      withCloseButton: false,
    });
    try {
      const columns = resource.columns.filter((c) => !c.noExport);
      const headers = columns.map((c) => fieldLabel(t, name, c.key));
      const title = t(`resources.${name}.title`);
      const filename = `${name}-${dayjs().format('YYYYMMDD-HHmm')}.${format}`;
      // The server streams the whole list when it has an export for it; else the pages are fetched here.
      const streamed = await streamExport(resource.contract.name, query, {
        format,
        columns: columns.map((c) => c.key),
        labels: headers,
        kinds: columns.map((c) => c.kind ?? ''),
        onProgress: ({ rows, total, bytes }) =>
          notifications.update({
            id,
            loading: true,
            message:
              format === 'csv' && total !== null
                ? t('export.progress', { done: rows, total })
                : t('export.received', { size: (bytes / 1_048_576).toFixed(1) }),
          }),
      });
      if (streamed) {
        downloadBlob(streamed, filename);
        notifications.update({
          id,
          loading: false,
          color: 'teal',
          title: t('export.done'),
          message: t('export.full'),
          autoClose: 6000,
          withCloseButton: true,
        });
        return;
      }
      const { rows, total, truncated } = await fetchAllRows(resource.contract, query, {
        onProgress: (done, all) =>
          notifications.update({ id, loading: true, message: t('export.progress', { done, total: all }) }),
      });
      const cells: ExportCell[][] = rows.map((r) =>
        columns.map((c) => (c.exportValue ? c.exportValue(r, t) : plainValue(c.kind, r[c.key], t))),
      );
      const types = columns.map((c) => (c.kind === 'number' || c.kind === 'money' ? 'number' : 'text'));
      const blob = await exportFile(format, title, headers, cells, types);
      downloadBlob(blob, filename);
      notifications.update({
        id,
        loading: false,
        color: truncated ? 'yellow' : 'teal',
        title: t('export.done'),
        message: truncated
          ? t('export.truncated', { count: rows.length, total, cap: EXPORT_CAP })
          : t('export.rows', { count: rows.length }),
        autoClose: 6000,
        withCloseButton: true,
      });
    } catch (e) {
      notifications.hide(id);
      notifyError(e, t, t('export.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy}>
          {t('export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => run('csv')}>
          {t('export.csv')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => run('xlsx')}>
          {t('export.xlsx')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
