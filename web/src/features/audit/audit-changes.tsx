// The before/after of one audit entry, changed fields only: a table of field, value before and
// value after (a create has no before, a delete no after).
import type { AuditEntry } from '@lbo/contract/audit';
import { Code, Paper, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A stored value as text: objects and lists as JSON, nothing as a dash. */
export function auditValue(v: unknown, t: TFunction): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? t('common.yes') : t('common.no');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A field's label on the record's own screen when it has one, else the field's name. */
const labelOf = (t: TFunction, entity: string, field: string) =>
  t(`resources.${entity}.fields.${field}`, { defaultValue: t(`fields.${field}`, { defaultValue: field }) });

export function AuditChanges({ record }: { record: AuditEntry }) {
  const { t } = useTranslation();
  const before = record.before ?? {};
  const after = record.after ?? {};
  const fields = record.changed_fields;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('audit.changes')}
      </Title>
      {fields.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('audit.noChanges')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder verticalSpacing="xs" data-testid="audit-changes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="24%">{t('audit.field')}</Table.Th>
                <Table.Th w="38%">{t('audit.before')}</Table.Th>
                <Table.Th w="38%">{t('audit.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((f) => {
                const b = record.before ? auditValue(before[f], t) : '—';
                const a = record.after ? auditValue(after[f], t) : '—';
                return (
                  <Table.Tr key={f}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {labelOf(t, record.entity, f)}
                      </Text>
                      <Code fz="xs">{f}</Code>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm" c="red.8" td={record.after ? 'line-through' : undefined}>
                        {b}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm" c="teal.9" fw={500}>
                        {a}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
