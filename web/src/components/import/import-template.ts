// The template file of an import: its columns as the header line and the example row, as XLSX.
import type { ImportTemplate } from '@lbo/contract/import';
import { downloadBlob, toXlsx } from '../export/export';

export async function downloadTemplate(name: string, t: ImportTemplate): Promise<void> {
  const example = t.columns.map((c) => t.example[c] ?? '');
  const blob = await toXlsx(name, [...t.columns], [example]);
  downloadBlob(blob, `${name}-template.xlsx`);
}
