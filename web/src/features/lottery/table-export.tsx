// Exports a small table already on screen (a report's rows) as XLSX, with the shared export helpers.
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadBlob, type ExportCell, toXlsx } from '../../components/export/export';
import { notifyError } from '../../components/feedback/notify';

export function TableExport<R extends object>({
  name,
  rows,
  columns,
}: {
  name: string;
  rows: R[];
  columns: { key: keyof R & string; label: string }[];
}) {
  const { t } = useTranslation();
  const run = async () => {
    try {
      const cells = rows.map((r) => columns.map((c) => (r[c.key] ?? null) as ExportCell));
      const blob = await toXlsx(
        name,
        columns.map((c) => c.label),
        cells,
      );
      downloadBlob(blob, `${name}.xlsx`);
    } catch (e) {
      notifyError(e, t, t('export.failed'));
    }
  };
  return (
    <Button size="xs" variant="subtle" leftSection={<IconDownload size={14} />} onClick={run}>
      {t('coupons.export')}
    </Button>
  );
}
